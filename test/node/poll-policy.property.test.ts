/**
 * The polling policy alone (`src/core/poll-policy.ts`): whatever the state, it never waits longer
 * than its caps, never reads while the page is hidden or offline, never after a final state; and a
 * whole idle session, stepped read by read, costs a few dozen reads instead of hundreds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import type { CheckoutSurface, WidgetStatus } from '../../src/core/checkout-machine.js';
import {
  CHECKOUT_OPEN_MS,
  EXPIRY_GRACE_MS,
  IDLE_CAP_MS,
  IDLE_FIRST_MS,
  PAST_EXPIRY_MS,
  PROCESSING_MS,
  nextPoll,
  type PollContext,
} from '../../src/core/poll-policy.js';

const context = fc.record<PollContext>({
  status: fc.constantFrom<WidgetStatus>('loading', 'pending', 'processing', 'completed', 'failed', 'expired', 'error'),
  surface: fc.constantFrom<CheckoutSurface>('none', 'frame', 'popup', 'link'),
  readsSinceSign: fc.nat({ max: 10_000 }),
  msUntilExpiry: fc.option(fc.integer({ min: -3_600_000, max: 3_600_000 }), { nil: null }),
  paused: fc.boolean(),
  random: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
});

test('never a read after a final state, on an error screen, or while loading (the first read is the start)', () => {
  fc.assert(
    fc.property(context, (input) => {
      fc.pre(input.status !== 'pending' && input.status !== 'processing');
      assert.deepEqual(nextPoll(input), { kind: 'stop' });
    }),
  );
});

test('never a read while the page is hidden or offline: it waits for the buyer to come back', () => {
  fc.assert(
    fc.property(context, (input) => {
      fc.pre(input.paused && (input.status === 'pending' || input.status === 'processing'));
      assert.deepEqual(nextPoll(input), { kind: 'wait' });
    }),
  );
});

test('never waits longer than its caps: 1 s processing, 2 s with the checkout open, 60 s idle, a read at the expiry', () => {
  fc.assert(
    fc.property(context, (input) => {
      fc.pre(!input.paused && (input.status === 'pending' || input.status === 'processing'));
      const plan = nextPoll(input);
      assert.equal(plan.kind, 'read');
      if (plan.kind !== 'read') return;
      assert.ok(plan.ms > 0, `a positive wait, got ${plan.ms}`);
      const cap = input.status === 'processing' ? PROCESSING_MS : input.surface !== 'none' ? CHECKOUT_OPEN_MS : IDLE_CAP_MS;
      assert.ok(plan.ms <= cap, `${plan.ms} ms exceeds ${cap} ms`);
      if (input.status === 'pending' && input.msUntilExpiry !== null) {
        const byExpiry = input.msUntilExpiry > 0 ? input.msUntilExpiry + EXPIRY_GRACE_MS : PAST_EXPIRY_MS;
        assert.ok(plan.ms <= byExpiry, `${plan.ms} ms passes the expiry (${input.msUntilExpiry} ms away)`);
      }
    }),
  );
});

test('idle before Pay: 3 s after the first read, doubling, then at most a minute; a sign starts over', () => {
  const idle = (readsSinceSign: number, random = 0) =>
    nextPoll({ status: 'pending', surface: 'none', readsSinceSign, msUntilExpiry: 30 * 60_000, paused: false, random });
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 50].map((reads) => idle(reads)), [3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000].map((ms) => ({ kind: 'read', ms })));
  assert.deepEqual(idle(0), { kind: 'read', ms: IDLE_FIRST_MS });
  // Jitter only shortens grown waits, by at most a tenth.
  assert.deepEqual(idle(1, 0.99), { kind: 'read', ms: IDLE_FIRST_MS });
  assert.deepEqual(idle(7, 0.5), { kind: 'read', ms: 57_000 });
});

test('a session left open and untouched until it expires: reads by the policy alone, the last at the expiry', () => {
  const expiresIn = 29 * 60_000;
  let now = 0;
  let reads = 1; // the read at the start
  for (;;) {
    const plan = nextPoll({ status: 'pending', surface: 'none', readsSinceSign: reads, msUntilExpiry: expiresIn - now, paused: false, random: 0.5 });
    assert.equal(plan.kind, 'read');
    if (plan.kind !== 'read') break;
    now += plan.ms;
    reads += 1;
    if (now >= expiresIn) break; // this read finds the session expired: a final state
  }
  assert.ok(now - expiresIn <= EXPIRY_GRACE_MS, 'the last read lands just after the expiry');
  assert.ok(reads <= 40, `${reads} reads (before this policy: 561)`);
});
