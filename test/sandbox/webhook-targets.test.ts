/**
 * The webhook target policy, as pure functions: which addresses are public, loopback or private
 * (odd IPv4 spellings and IPv6 forms included), which URLs may be created per mode, and the vetting
 * each delivery does on the resolved address. Nothing here opens a socket or asks a real DNS server:
 * the resolvers are test doubles.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKind } from '../../demo/onramp-api/domain/address-policy.js';
import {
  type HostResolver,
  vetDeliveryTarget,
  webhookUrlProblem,
} from '../../demo/onramp-api/domain/webhook-targets.js';

describe('addressKind', () => {
  it('tells public, loopback and private (private, link-local, reserved) addresses apart, IPv4 and IPv6', () => {
    const cases: Record<string, string[]> = {
      public: [
        '93.184.215.14',
        '8.8.8.8',
        '172.32.0.1',
        '100.128.0.1',
        '2606:4700::1111',
        '2a00:1450:4001:80b::200e',
        '::ffff:93.184.215.14',
        '64:ff9b::808:808',
      ],
      loopback: [
        '127.0.0.1',
        '127.255.255.254',
        '::1',
        '[::1]',
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '0:0:0:0:0:ffff:7f00:1',
        '64:ff9b::7f00:1',
      ],
      private: [
        '10.0.0.1',
        '172.16.0.1',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '0.1.2.3',
        '192.0.2.1',
        '198.18.0.1',
        '203.0.113.9',
        '224.0.0.1',
        '240.0.0.1',
        '255.255.255.255',
        '::',
        '::ffff:10.0.0.1',
        '::ffff:a9fe:a9fe',
        'fc00::1',
        'fd12:3456::1',
        'fe80::1',
        'febf::1',
        'ff02::1',
        '2001:db8::1',
        '2001::1',
        '2002:a00:1::1',
        '100::1',
        '::10.0.0.1',
      ],
    };
    for (const [kind, addresses] of Object.entries(cases)) {
      for (const address of addresses) assert.equal(addressKind(address), kind, address);
    }
    for (const notAnAddress of ['localhost', 'shop.example', '127.1', '0x7f000001', '', 'fe80::1%eth0'])
      assert.equal(addressKind(notAnAddress), null, notAnAddress);
  });
});

describe('webhookUrlProblem (at creation)', () => {
  it('refuses private, link-local, reserved and odd-spelled loopback targets, and loopback in live mode', () => {
    const refusedEverywhere = [
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.0.10/hooks',
      'https://172.20.1.1/',
      'https://0.0.0.0/',
      'https://[::]/',
      'https://[fc00::1]/',
      'https://[fd00::5]:8443/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://0xa9fea9fe/',
      'https://167772161/',
      'https://intranet/',
      'https://metadata.google.internal/',
      'https://printer.local/',
      'https://router.home.arpa/',
      'http://shop.example/hooks',
      'ftp://shop.example/',
      'https://user:pw@shop.example/',
      'not a url',
    ];
    const loopback = [
      'https://127.0.0.1/x',
      'http://127.0.0.1:9/x',
      'https://0x7f000001/',
      'https://2130706433/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://[::1]/',
      'http://[::1]:9/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'http://localhost:4000/',
      'https://api.localhost/',
      'http://LOCALHOST./x',
    ];
    for (const url of refusedEverywhere) {
      assert.notEqual(webhookUrlProblem(url, 'test'), null, `test ${url}`);
      assert.notEqual(webhookUrlProblem(url, 'live'), null, `live ${url}`);
    }
    for (const url of loopback) {
      assert.equal(webhookUrlProblem(url, 'test'), null, `test ${url}`);
      assert.match(webhookUrlProblem(url, 'live') ?? '', /live/, `live ${url}`);
    }
    for (const url of [
      'https://shop.example/hooks',
      'https://93.184.215.14/x',
      'https://[2606:4700::1111]/x',
      'https://hooks.shop.example:8443/a?b=c',
    ]) {
      assert.equal(webhookUrlProblem(url, 'test'), null, url);
      assert.equal(webhookUrlProblem(url, 'live'), null, url);
    }
  });
});

describe('vetDeliveryTarget (at each delivery)', () => {
  /** A resolver double that records every name asked. */
  const resolver = (answers: Record<string, string[]>) => {
    const asked: string[] = [];
    const resolve: HostResolver = async (hostname) => {
      asked.push(hostname);
      const found = answers[hostname];
      if (!found) throw new Error(`ENOTFOUND ${hostname}`);
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { resolve, asked };
  };

  it('refuses a name that now resolves to a private address, or to any private address among public ones', async () => {
    const { resolve, asked } = resolver({
      'hooks.shop.example': ['10.0.0.1'],
      'mixed.shop.example': ['93.184.215.14', '10.0.0.1'],
      'v6.shop.example': ['fd00::1'],
      'meta.shop.example': ['169.254.169.254'],
      'home.shop.example': ['127.0.0.1'],
    });
    for (const host of ['hooks', 'mixed', 'v6', 'meta']) {
      for (const environment of ['test', 'live'] as const) {
        assert.deepEqual(
          await vetDeliveryTarget(`https://${host}.shop.example/hooks`, environment, resolve),
          { ok: false },
          `${environment} ${host}`,
        );
      }
    }
    // Loopback by DNS: a test endpoint may, a live one may not.
    assert.deepEqual(await vetDeliveryTarget('https://home.shop.example/', 'live', resolve), { ok: false });
    const home = await vetDeliveryTarget('https://home.shop.example/', 'test', resolve);
    assert.ok(home.ok);
    assert.deepEqual(home.address, { address: '127.0.0.1', family: 4 });
    assert.deepEqual(asked.slice(0, 2), ['hooks.shop.example', 'hooks.shop.example']);
  });

  it('pins the first resolved address of an allowed name, takes literals without asking, and refuses on a failed lookup', async () => {
    const { resolve, asked } = resolver({ 'shop.example': ['93.184.215.14', '2606:4700::1111'] });
    const ok = await vetDeliveryTarget('https://shop.example/hooks', 'live', resolve);
    assert.ok(ok.ok);
    assert.equal(ok.url.hostname, 'shop.example', 'the Host header and TLS name stay the URL’s');
    assert.deepEqual(ok.address, { address: '93.184.215.14', family: 4 });

    const literal = await vetDeliveryTarget('http://[::1]:9/x', 'test', resolve);
    assert.ok(literal.ok);
    assert.deepEqual(literal.address, { address: '::1', family: 6 });
    assert.deepEqual(asked, ['shop.example'], 'an IP literal is not resolved');

    assert.deepEqual(await vetDeliveryTarget('https://gone.example/', 'live', resolve), { ok: false });
    // A URL stored before the policy existed is vetted too, without resolving anything.
    assert.deepEqual(await vetDeliveryTarget('https://169.254.169.254/latest', 'live', resolve), { ok: false });
    assert.deepEqual(await vetDeliveryTarget('https://127.0.0.1:1/never', 'live', resolve), { ok: false });
  });
});
