/**
 * The address rule as pure functions (no socket, no lookup): each address's space, IPv4-mapped and
 * IPv4-embedding forms included; which spaces a page may reach; and the gate, with a resolver of the
 * test's own, refusing before any connection (the first address it chooses is the page's).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AddressGate, AddressRefused, pinnedLookup, type Resolver } from './address-gate.js';
import { addressSpace, mayConnect } from './address-policy.js';

const SPACES: readonly [string, ReturnType<typeof addressSpace>][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.1.2', 'loopback'],
  ['0.0.0.0', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['::ffff:0.0.0.0', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.127.255.255', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  ['64:ff9b::a00:1', 'private'],
  ['2002:c0a8:101::1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:a9fe:a9fe', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['224.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['ff02::1', 'reserved'],
  ['8.8.8.8', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['169.255.0.1', 'public'],
  ['2606:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['fec0::1', 'private'],
  ['shop.example', null],
  ['127.0.0.1.nip.io', null],
];

test('addressSpace: each address, mapped and embedded IPv4 forms read as the IPv4 address', () => {
  for (const [address, space] of SPACES) assert.equal(addressSpace(address), space, address);
});

test('mayConnect: public from anywhere; loopback, private, link-local only from a page of the same kind', () => {
  assert.equal(mayConnect('public', 'public'), true);
  assert.equal(mayConnect('loopback', 'public'), true);
  for (const target of ['loopback', 'private', 'link-local'] as const) {
    assert.equal(mayConnect('public', target), false, target);
    assert.equal(mayConnect(target, target), true, target);
  }
  assert.equal(mayConnect('loopback', 'link-local'), false, 'a loopback page does not reach the metadata service');
  assert.equal(mayConnect('loopback', 'private'), false);
  assert.equal(mayConnect('private', 'loopback'), false);
  assert.equal(mayConnect('loopback', 'reserved'), false);
});

/** A resolver from a table, counting its calls (no lookup leaves the process). */
function tableResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string) => {
    calls.push(hostname);
    return Promise.resolve(
      (table[hostname] ?? []).map((address) => ({
        address,
        family: address.includes(':') ? (6 as const) : (4 as const),
      })),
    );
  };
  return Object.assign(resolve, { calls });
}

test('a public page: every loopback, private and link-local form refused before any connection', async () => {
  const resolve = tableResolver({
    'shop.test': ['203.0.113.7'],
    'cdn.test': ['198.51.100.2'],
    'rebind.test': ['127.0.0.1'],
    'meta.test': ['169.254.169.254'],
    'both.test': ['10.0.0.5', '198.51.100.9'],
  });
  const gate = new AddressGate(resolve);
  assert.equal((await gate.choose('shop.test')).space, 'public');
  assert.equal(gate.pageSpace, 'public');
  assert.equal((await gate.choose('cdn.test')).address, '198.51.100.2');
  for (const host of [
    'rebind.test',
    'meta.test',
    '127.0.0.1',
    '0.0.0.0',
    '[::]',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:a9fe:a9fe]',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.0.1',
    '100.64.1.1',
    '[fd00::1]',
    '[fe80::1]',
  ])
    await assert.rejects(gate.choose(host), AddressRefused, host);
  // A name with a public and a private address: the public one, the one connected to.
  assert.equal((await gate.choose('both.test')).address, '198.51.100.9');
  // Literals are never looked up.
  assert.deepEqual(resolve.calls, ['shop.test', 'cdn.test', 'rebind.test', 'meta.test', 'both.test']);
});

test('a loopback page: loopback reached, link-local and private not; each choice resolves anew', async () => {
  let answers = [['127.0.0.1'], ['169.254.169.254']];
  const resolve: Resolver = (hostname) => {
    const [next, ...rest] = answers;
    answers = rest;
    return Promise.resolve(hostname === 'flip.test' ? (next ?? []).map((address) => ({ address, family: 4 })) : []);
  };
  const gate = new AddressGate(resolve);
  assert.equal((await gate.choose('127.0.0.1')).space, 'loopback');
  assert.equal((await gate.choose('[::ffff:127.0.0.1]')).space, 'loopback');
  assert.equal((await gate.choose('0.0.0.0')).space, 'loopback');
  assert.equal((await gate.choose('flip.test')).address, '127.0.0.1');
  // The same name now answers the metadata service (DNS rebinding): refused at this choice.
  await assert.rejects(
    gate.choose('flip.test'),
    /169\.254\.169\.254, a link-local address, and the page is not on one/,
  );
  await assert.rejects(gate.choose('10.0.0.1'), /10\.0\.0\.1 is a private address/);
  await assert.rejects(gate.choose('224.0.0.1'), /reserved/);
});

test('pinnedLookup answers the chosen address only, for one address or all', () => {
  const lookup = pinnedLookup({ address: '127.0.0.1', family: 4 });
  const seen: unknown[] = [];
  lookup('rebind.test', { all: true }, (_error, address) => seen.push(address));
  lookup('rebind.test', {}, (_error, address, family) => seen.push([address, family]));
  assert.deepEqual(seen, [[{ address: '127.0.0.1', family: 4 }], ['127.0.0.1', 4]]);
});
