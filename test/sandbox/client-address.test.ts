import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NO_ADDRESS_BUCKET,
  addressBucket,
  clientAddress,
  parseTrustedProxies,
} from '../../demo/http-common/client-address.js';
import { addressBucket as packageAddressBucket } from '../../src/server-client/client-address.js';

test('without trusted proxies, X-Forwarded-For is ignored: the socket peer is the client', () => {
  const none = parseTrustedProxies(undefined);
  assert.equal(clientAddress('203.0.113.9', '1.2.3.4', none), '203.0.113.9');
  assert.equal(clientAddress('::ffff:127.0.0.1', null, none), '127.0.0.1');
  // A socket reset before its address was read names nobody: no string a client could also be.
  assert.equal(clientAddress(undefined, '1.2.3.4', none), undefined);
});

test('behind a trusted proxy, the right-most address the proxies did not add is the client', () => {
  const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/8 ::1');
  assert.equal(clientAddress('127.0.0.1', '198.51.100.7', trusted), '198.51.100.7');
  // A client that forged the header's start cannot choose its address.
  assert.equal(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7', trusted), '198.51.100.7');
  assert.equal(clientAddress('::1', '198.51.100.7, 10.1.2.3', trusted), '198.51.100.7');
  assert.equal(clientAddress('127.0.0.1', undefined, trusted), '127.0.0.1');
  assert.equal(clientAddress('127.0.0.1', 'garbage, 198.51.100.7', trusted), '198.51.100.7');
  assert.equal(clientAddress('127.0.0.1', '198.51.100.7, garbage', trusted), '127.0.0.1');
  // A peer that is not trusted: its header is ignored.
  assert.equal(clientAddress('198.51.100.8', '1.2.3.4', trusted), '198.51.100.8');
});

test('a bad TRUSTED_PROXIES entry stops the start with a message naming it', () => {
  assert.throws(() => parseTrustedProxies('127.0.0.1, localhost'), /TRUSTED_PROXIES: "localhost"/);
  assert.throws(() => parseTrustedProxies('10.0.0.0/33'), /TRUSTED_PROXIES: "10.0.0.0\/33" has a bad prefix length/);
});

test('the demo counts addresses in the buckets the order handler uses; an unknown one in a bucket no address reaches', () => {
  for (const address of ['203.0.113.7', '::ffff:203.0.113.7', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2:aaaa::1', '::1'])
    assert.equal(addressBucket(address), packageAddressBucket(address), address);
  assert.equal(addressBucket(undefined), NO_ADDRESS_BUCKET);
  assert.equal(addressBucket('unknown'), NO_ADDRESS_BUCKET);
  assert.equal(packageAddressBucket(NO_ADDRESS_BUCKET), null, 'the shared bucket is not an address');
});
