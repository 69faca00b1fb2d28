/** One grouping of client addresses into buckets, for the order handler and the demo's servers. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressBucket } from './client-address.js';

test('an IPv6 client counts by its /64, written one way whatever the spelling', () => {
  assert.equal(addressBucket('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(addressBucket('[2001:0db8:0001:0002:ffff:ffff:ffff:ffff]:443'), '2001:db8:1:2::/64');
  assert.equal(addressBucket('2001:DB8::5'), '2001:db8:0:0::/64');
  assert.equal(addressBucket('fe80::1%eth0'), 'fe80:0:0:0::/64');
  // An embedded IPv4 part stands for the last two groups; it does not move the /64.
  assert.equal(addressBucket('2001:db8:1:2::1.2.3.4'), '2001:db8:1:2::/64');
  assert.equal(addressBucket('64:ff9b::203.0.113.7'), '64:ff9b:0:0::/64');
});

test('an IPv4 client is its address, however a dual-stack socket or a proxy writes it', () => {
  assert.equal(addressBucket('203.0.113.7'), '203.0.113.7');
  assert.equal(addressBucket('203.0.113.7:51234'), '203.0.113.7');
  assert.equal(addressBucket('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(addressBucket('::FFFF:cb00:7107'), '203.0.113.7');
  assert.equal(addressBucket('[::ffff:203.0.113.7]:8080'), '203.0.113.7');
  assert.equal(addressBucket(' 127.0.0.1 '), '127.0.0.1');
});

test('what is not an IP address names no client: the caller’s shared bucket, not one of its own', () => {
  for (const value of [
    '',
    'unknown',
    'x'.repeat(500),
    '1.2.3',
    '1.2.3.256',
    '01.2.3.4',
    '1::2::3',
    'gggg::1',
    '1:2:3:4:5:6:7:8:9',
  ])
    assert.equal(addressBucket(value), null, value);
});
