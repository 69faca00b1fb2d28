/**
 * When the order form asks for a price (`src/core/order-quote-plan.ts`), alone: a simulated buyer
 * typing at any pace, answers at any latency, failures with any `Retry-After`. Whatever happens,
 * one request at a time, none within the debounce of a change, none before a `Retry-After`; the
 * latest order's price is the one shown; 20 keystrokes 100 ms apart cost at most 3 requests.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import {
  QUOTE_DEBOUNCE_MS,
  initialQuotePlan,
  nextQuoteStep,
  orderChanged,
  quoteAnswered,
  quoteFailed,
  quoteSent,
  type QuotePlan,
} from './order-quote-plan.js';

/** One event of the simulation, at a time offset from the previous one. */
type Event =
  | { kind: 'type'; after: number; key: string | null }
  | { kind: 'answer'; after: number; ok: boolean; retryAfterMs: number | null };

interface Outcome {
  sent: { key: string; at: number }[];
  shown: string | null;
  violations: string[];
}

/** Runs the plan as the controller does: a step after every event and at every wait's end. */
function simulate(events: Event[], latencyMs = 50, tailMs = 60_000): Outcome {
  let plan: QuotePlan = initialQuotePlan;
  let now = 0;
  let shown: string | null = null;
  let inFlight: { key: string; answerAt: number } | null = null;
  let lastChange = -Infinity;
  let notBefore = 0;
  const sent: Outcome['sent'] = [];
  const violations: string[] = [];
  const queue = [...events];
  let pendingAnswer: Extract<Event, { kind: 'answer' }> | null = null;
  const runTo = (until: number) => {
    for (;;) {
      const step = nextQuoteStep(plan, now);
      if (step.kind === 'send') {
        if (inFlight) violations.push(`two in flight at ${now}`);
        if (now - lastChange < QUOTE_DEBOUNCE_MS) violations.push(`sent ${now - lastChange} ms after a change`);
        if (now < notBefore) violations.push(`sent before Retry-After at ${now}`);
        plan = quoteSent(plan, step.key);
        sent.push({ key: step.key, at: now });
        inFlight = { key: step.key, answerAt: now + latencyMs };
        continue;
      }
      const next = Math.min(until, step.kind === 'wait' ? now + step.ms : Infinity, inFlight?.answerAt ?? Infinity);
      if (next > until || next === Infinity) return;
      now = next;
      if (inFlight && now >= inFlight.answerAt) {
        const answer = pendingAnswer ?? { kind: 'answer', after: 0, ok: true, retryAfterMs: null };
        pendingAnswer = null;
        if (answer.ok) {
          const result = quoteAnswered(plan, inFlight.key, now + 300_000);
          plan = result.plan;
          if (result.show) shown = inFlight.key;
        } else {
          plan = quoteFailed(plan, answer.retryAfterMs, now, () => 0.5);
          notBefore = now + (answer.retryAfterMs ?? 0);
        }
        inFlight = null;
      }
      if (now >= until) return;
    }
  };
  for (const event of queue) {
    const at = now + event.after;
    runTo(at);
    now = at;
    if (event.kind === 'type') {
      // A change is a different order (the same one typed again changes nothing).
      if (event.key !== plan.wanted && event.key !== null) lastChange = now;
      plan = orderChanged(plan, event.key, now);
    } else pendingAnswer = event;
  }
  // The tail: a minute of quiet at a time, until the order wanted is priced (failures answered
  // late wait out long Retry-Afters, and their retries long latencies, past the first minute).
  for (let minutes = 0; ; minutes++) {
    const until = now + tailMs;
    runTo(until);
    now = until;
    if (!inFlight && (plan.wanted === null || plan.priced === plan.wanted)) break;
    if (minutes === 30) {
      violations.push(`${plan.wanted} not priced after ${minutes} quiet tails`);
      break;
    }
  }
  return { sent, shown, violations };
}

test('20 keystrokes 100 ms apart cost at most 3 requests, and the last amount is priced', () => {
  const events: Event[] = [{ kind: 'type', after: 0, key: '10000 USD ETH ethereum' }];
  for (let i = 1; i <= 20; i++) events.push({ kind: 'type', after: 100, key: `${1000 + i * 100} USD ETH ethereum` });
  const { sent, shown, violations } = simulate(events, 50, 1000);
  assert.deepEqual(violations, []);
  assert.ok(sent.length <= 3, `${sent.length} requests`);
  assert.equal(shown, '3000 USD ETH ethereum');
});

test('whatever the typing, answers and failures: one at a time, debounced, Retry-After honoured, latest wins', () => {
  const key = fc.option(fc.constantFrom('1000 USD ETH ethereum', '2500 EUR USDC base', '99900 GBP MATIC polygon'), {
    nil: null,
  });
  const event = fc.oneof(
    fc.record({ kind: fc.constant('type' as const), after: fc.nat({ max: 2000 }), key }),
    fc.record({
      kind: fc.constant('answer' as const),
      after: fc.nat({ max: 2000 }),
      ok: fc.boolean(),
      retryAfterMs: fc.option(fc.nat({ max: 30_000 }), { nil: null }),
    }),
  );
  fc.assert(
    fc.property(fc.array(event, { maxLength: 40 }), fc.nat({ max: 3000 }), (events, latency) => {
      const { violations, shown } = simulate(events, latency + 1);
      assert.deepEqual(violations, []);
      // After the tail (quiet until every answer is in, the rest good), the price shown is the last order's.
      const last = [...(events as Event[])].reverse().find((e) => e.kind === 'type');
      if (last?.kind === 'type' && last.key) assert.equal(shown, last.key);
    }),
  );
});

test('an answer for an order the buyer already changed is not shown; the latest is asked next', () => {
  let plan = orderChanged(initialQuotePlan, 'a', 0);
  plan = quoteSent(plan, (nextQuoteStep(plan, 300) as { key: string }).key);
  plan = orderChanged(plan, 'b', 400);
  const answered = quoteAnswered(plan, 'a', 999_999);
  assert.equal(answered.show, false);
  assert.deepEqual(nextQuoteStep(answered.plan, 700), { kind: 'send', key: 'b' });
});

test('a price shown is asked again at its expiry, not before', () => {
  let plan = orderChanged(initialQuotePlan, 'a', 0);
  plan = quoteSent(plan, 'a');
  plan = quoteAnswered(plan, 'a', 300_000).plan;
  assert.deepEqual(nextQuoteStep(plan, 1000), { kind: 'wait', ms: 299_000 });
  assert.deepEqual(nextQuoteStep(plan, 300_000), { kind: 'send', key: 'a' });
});

test('no order (an amount refused) asks nothing', () => {
  const plan = orderChanged(orderChanged(initialQuotePlan, 'a', 0), null, 10);
  assert.deepEqual(nextQuoteStep(plan, 1_000_000), { kind: 'idle' });
});
