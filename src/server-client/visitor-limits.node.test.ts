/** The order handler's per-visitor bucket: burst, refill, Retry-After, and the bounded memory. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createVisitorLimiter } from './visitor-limits.js';

test('a visitor gets its burst, then one order per refill interval; others are not affected', () => {
  let now = 0;
  const limiter = createVisitorLimiter({ burst: 2, perMinute: 6 }, () => now);
  assert.deepEqual(limiter.take('a'), { ok: true });
  assert.deepEqual(limiter.take('a'), { ok: true });
  assert.deepEqual(limiter.take('a'), { ok: false, retryAfterSeconds: 10 });
  assert.deepEqual(limiter.take('b'), { ok: true });
  now = 5_000;
  assert.deepEqual(limiter.take('a'), { ok: false, retryAfterSeconds: 5 });
  now = 10_000;
  assert.deepEqual(limiter.take('a'), { ok: true });
  // A long absence refills up to the burst, not beyond.
  now = 3_600_000;
  assert.deepEqual(limiter.take('a'), { ok: true });
  assert.deepEqual(limiter.take('a'), { ok: true });
  assert.equal(limiter.take('a').ok, false);
});

test('memory is bounded: past maxVisitors the least recently seen visitor is forgotten', () => {
  const limiter = createVisitorLimiter({ burst: 1, perMinute: 1, maxVisitors: 3 }, () => 0);
  for (const visitor of ['a', 'b', 'c']) limiter.take(visitor);
  assert.equal(limiter.take('a').ok, false); // a is now the most recent
  for (let index = 0; index < 1000; index += 1) limiter.take(`flood-${index}`);
  assert.equal(limiter.size, 3);
  assert.equal(limiter.take('a').ok, true, 'forgotten, so a full bucket again');
});

test('options are checked', () => {
  assert.throws(() => createVisitorLimiter({ burst: 0 }), /burst/);
  assert.throws(() => createVisitorLimiter({ perMinute: -1 }), /perMinute/);
  assert.throws(() => createVisitorLimiter({ maxVisitors: 1.5 }), /maxVisitors/);
});
