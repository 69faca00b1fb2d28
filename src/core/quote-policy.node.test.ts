/**
 * The quote's policy alone (`src/core/quote-policy.ts`) and price consent in the state machine,
 * over sequences of quotes: never a refresh for a session that is not pending or while one is in
 * flight, never before the backoff; a priced quote refreshed at its expiry; and never a Pay on a
 * price worse than the accepted one beyond the tolerance, whatever prices arrive in whatever order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import { decimalToMinor } from '../contract/money.js';
import {
  initialState,
  mustAccept,
  transition,
  type FlowInput,
  type FlowState,
  type Transition,
} from './flow-machine.js';
import {
  DEFAULT_PRICE_TOLERANCE,
  judgePrice,
  keptQuote,
  nextQuote,
  quoteRetryAt,
  TICK_OFFSET_MS,
  type QuoteContext,
} from './quote-policy.js';
import { laterTransition } from './price-consent.js';
import type { OnrampQuote } from './session-model.js';
import { sessionModel, testQuote } from '../../test/support/session-model.js';

const quoteArb = fc.record<OnrampQuote>({
  cryptoAmount: fc.constant('0.031'),
  exchangeRate: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  fees: fc.constant(null),
  expiresAt: fc.option(fc.integer({ min: 0, max: 4_000_000 }), { nil: null }),
});

const contextArb = fc.record<QuoteContext>({
  pending: fc.boolean(),
  quote: fc.option(quoteArb, { nil: null }),
  refreshing: fc.boolean(),
  now: fc.integer({ min: 0, max: 4_000_000 }),
  inFlight: fc.boolean(),
  retryAt: fc.integer({ min: 0, max: 4_000_000 }),
});

test('no refresh unless pending with a quote, and none while one is in flight', () => {
  fc.assert(
    fc.property(contextArb, (context) => {
      fc.pre(!context.pending || !context.quote || context.inFlight);
      assert.deepEqual(nextQuote(context), { kind: 'stop' });
    }),
  );
});

test('a refresh never goes out before the backoff, and lands on the first countdown tick at or after its due time', () => {
  fc.assert(
    fc.property(contextArb, (context) => {
      const plan = nextQuote(context);
      if (plan.kind === 'stop') return;
      assert.ok(plan.ms >= 0);
      const at = context.now + plan.ms;
      assert.ok(at >= context.retryAt, 'before the backoff');
      const { expiresAt, exchangeRate } = context.quote!;
      const expire = expiresAt !== null && exchangeRate !== null && !context.refreshing;
      assert.equal(plan.expire, expire);
      const due = expire ? Math.max(context.retryAt, expiresAt) : context.retryAt;
      if (due <= context.now) assert.equal(plan.ms, 0);
      else {
        assert.ok(at >= due && at < due + 1000, `${at} for ${due}`);
        assert.equal(at % 1000, TICK_OFFSET_MS);
      }
    }),
  );
});

test('after a failure the next try waits its backoff, never less than Retry-After', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e9 }),
      fc.integer({ min: 1, max: 20 }),
      fc.option(fc.nat({ max: 600_000 }), { nil: null }),
      fc.double({ min: 0, max: 0.999, noNaN: true }),
      (now, failures, retryAfterMs, random) => {
        const at = quoteRetryAt(now, failures, retryAfterMs, () => random);
        assert.ok(at > now);
        assert.ok(at - now >= (retryAfterMs ?? 0));
        assert.ok(at - now <= Math.max(30_000, retryAfterMs ?? 0));
      },
    ),
  );
});

test('a status answer keeps the quote the widget refreshed when its own is older, else takes its own', () => {
  const mine: OnrampQuote = { ...testQuote, cryptoAmount: '0.032', expiresAt: 2000 };
  assert.equal(keptQuote<OnrampQuote>(mine, { ...testQuote, expiresAt: 1000 }, true), mine);
  assert.equal(keptQuote<OnrampQuote>(mine, { ...testQuote, expiresAt: null }, true), mine);
  assert.deepEqual(keptQuote<OnrampQuote>(mine, { ...testQuote, expiresAt: 3000 }, true), {
    ...testQuote,
    expiresAt: 3000,
  });
  // Once paid, the server's figures are the truth; what it omitted is kept.
  assert.deepEqual(keptQuote<OnrampQuote>(mine, { ...testQuote, exchangeRate: null, expiresAt: null }, false), {
    ...testQuote,
    exchangeRate: testQuote.exchangeRate,
    expiresAt: 2000,
  });
});

/** Crypto amounts at up to 18 decimals, as decimal strings. */
const amountArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 22n }), fc.integer({ min: 0, max: 18 }))
  .map(([minor, digits]) => {
    const text = minor.toString().padStart(digits + 1, '0');
    return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  });
const toleranceArb = fc.oneof(
  fc.constantFrom('0', '0.5', '1', '2.25', '10', '100'),
  fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 1000).toString()),
);

/** `current` is below `accepted × (1 − tolerance%)`, by exact rational arithmetic. */
function worseBeyond(current: string, accepted: string, tolerance: string): boolean {
  const scale = 40;
  const c = decimalToMinor(current, scale)!;
  const a = decimalToMinor(accepted, scale)!;
  const t = decimalToMinor(tolerance, scale)!;
  return c * 100n * 10n ** 40n < a * (100n * 10n ** 40n - t);
}

test('judgePrice: better or equal, within the tolerance, or worse beyond it, exactly', () => {
  fc.assert(
    fc.property(amountArb, amountArb, toleranceArb, (current, accepted, tolerance) => {
      const verdict = judgePrice(current, accepted, tolerance);
      const c = decimalToMinor(current, 18)!;
      const a = decimalToMinor(accepted, 18)!;
      assert.equal(verdict === 'better', c >= a);
      assert.equal(verdict === 'worse', worseBeyond(current, accepted, tolerance));
    }),
  );
  // At the edge: 0.5 % less is within, one unit more is beyond.
  assert.equal(judgePrice('0.995', '1', '0.5'), 'within');
  assert.equal(judgePrice('0.994999999999999999', '1', '0.5'), 'worse');
  assert.equal(judgePrice('1', '1', '0'), 'better');
  assert.equal(judgePrice('0.999999999999999999', '1', '0'), 'worse');
  // A tolerance that is not a percentage counts as the default.
  for (const bad of ['', 'abc', '-1', '101', 'NaN', undefined, null])
    assert.equal(judgePrice('0.99', '1', bad), judgePrice('0.99', '1', DEFAULT_PRICE_TOLERANCE));
});

/** What happens to a pending session, in any order: prices from polls and refreshes, the buyer's accepting, Pay. */
type Step =
  { kind: 'fetched'; price: string } | { kind: 'refreshed'; price: string } | { kind: 'accept' } | { kind: 'pay' };

const stepArb = (prices: fc.Arbitrary<string>) =>
  fc.oneof(
    prices.map((price): Step => ({ kind: 'fetched', price })),
    prices.map((price): Step => ({ kind: 'refreshed', price })),
    fc.constant<Step>({ kind: 'accept' }),
    fc.constant<Step>({ kind: 'pay' }),
  );

/** Prices near one another, so that every verdict comes up often. */
const nearPrices = fc.integer({ min: 9_000, max: 11_000 }).map((n) => `0.0${n}`);

test('never a Pay on a price worse than the accepted one beyond the tolerance, whatever the sequence of quotes', () => {
  fc.assert(
    fc.property(
      fc.option(nearPrices, { nil: undefined }),
      nearPrices,
      fc.array(stepArb(nearPrices), { maxLength: 40 }),
      toleranceArb,
      (formPrice, sessionPrice, steps, tolerance) => {
        const quote = (price: string): OnrampQuote => ({ ...testQuote, cryptoAmount: price });
        let state: FlowState = initialState;
        const apply = (input: FlowInput) => {
          const result = transition(state, input, (before, next, given) =>
            // Amount first: the order form handed over the last price it showed.
            laterTransition(before, next, given, tolerance, { price: formPrice }),
          );
          state = result.state;
          return result.notifications;
        };
        const seeded = sessionModel('pending', { quote: quote(sessionPrice) });
        apply({ type: 'session-seeded', session: seeded });
        // What the buyer agreed to: the first price they saw, any better one they were shown, any they accepted.
        let agreed = formPrice ?? sessionPrice;
        if (
          formPrice &&
          !worseBeyond(sessionPrice, formPrice, tolerance) &&
          decimalToMinor(sessionPrice, 18)! >= decimalToMinor(formPrice, 18)!
        )
          agreed = sessionPrice;
        let seq = 0;
        for (const step of steps) {
          const shown = state.session!.quote.cryptoAmount;
          if (step.kind === 'pay') {
            // Pay is offered only when the machine says so; then the price is one the buyer agreed to, within the tolerance.
            if (!mustAccept(state))
              assert.ok(!worseBeyond(shown, agreed, tolerance), `${shown} paid, ${agreed} agreed`);
            continue;
          }
          if (step.kind === 'accept') {
            const before = mustAccept(state);
            const previous = state.price!.accepted;
            const notes = apply({ type: 'accept-price' });
            if (before) {
              agreed = shown;
              assert.deepEqual(notes, [{ type: 'price-change', detail: { previous, current: shown, accepted: true } }]);
            } else assert.deepEqual(notes, []);
            assert.equal(mustAccept(state), false);
            continue;
          }
          const previous = state.price!.accepted;
          const notes =
            step.kind === 'fetched'
              ? apply({
                  type: 'session-fetched',
                  // Each answer's quote newer than the one shown, so the answer's price is taken.
                  session: sessionModel('pending', { quote: { ...quote(step.price), expiresAt: 1_000_000 + ++seq } }),
                  seq,
                })
              : apply({ type: 'quote-refreshed', quote: { ...quote(step.price), expiresAt: 1_000_000 + ++seq } });
          const change = notes.find((note) => note.type === 'price-change');
          if (step.price === shown) assert.equal(change, undefined);
          else {
            const worse = worseBeyond(step.price, previous, tolerance);
            assert.deepEqual(change, {
              type: 'price-change',
              detail: { previous, current: step.price, accepted: !worse },
            });
            assert.equal(mustAccept(state), worse);
            if (decimalToMinor(step.price, 18)! >= decimalToMinor(previous, 18)!) agreed = step.price;
          }
        }
      },
    ),
  );
});

test('no price judged once the session is not pending, and a reset forgets the accepted price', () => {
  const judge = (before: FlowState, next: Transition, input: FlowInput) => laterTransition(before, next, input, '0.5');
  let { state } = transition(initialState, { type: 'session-seeded', session: sessionModel('pending') }, judge);
  assert.deepEqual(state.price, { accepted: '0.031', shown: '0.031', verdict: 'shown' });
  const paid = sessionModel('processing', { quote: { ...testQuote, cryptoAmount: '0.001' } });
  const result = transition(state, { type: 'session-fetched', session: paid, seq: 1 }, judge);
  assert.equal(
    result.notifications.some((note) => note.type === 'price-change'),
    false,
  );
  state = result.state;
  assert.equal(transition(state, { type: 'reset' }, judge).state.price, null);
});

test('before the judge arrives (the `later` part), a changed price is never paid; judge-price then judges it', () => {
  const worse = { ...testQuote, cryptoAmount: '0.02', expiresAt: 2_000_000 };
  let { state } = transition(initialState, { type: 'session-seeded', session: sessionModel('pending') });
  state = transition(state, {
    type: 'session-fetched',
    session: sessionModel('pending', { quote: worse }),
    seq: 1,
  }).state;
  assert.equal(mustAccept(state), true);
  // Accepting needs the judge's verdict first: nothing happens without it.
  assert.equal(transition(state, { type: 'accept-price' }).state, state);
  const judge = (before: FlowState, next: Transition, input: FlowInput) => laterTransition(before, next, input, '0.5');
  const judged = transition(state, { type: 'judge-price' }, judge);
  assert.deepEqual(judged.state.price, { accepted: '0.031', shown: '0.02', verdict: 'worse' });
  assert.deepEqual(judged.notifications, [
    { type: 'price-change', detail: { previous: '0.031', current: '0.02', accepted: false } },
  ]);
  const accepted = transition(judged.state, { type: 'accept-price' }, judge);
  assert.equal(mustAccept(accepted.state), false);
  assert.deepEqual(accepted.notifications, [
    { type: 'price-change', detail: { previous: '0.031', current: '0.02', accepted: true } },
  ]);
  // A better price than the accepted one needs no step.
  const seeded = sessionModel('pending');
  const better = transition(initialState, { type: 'session-seeded', session: seeded }, (before, next, input) =>
    laterTransition(before, next, input, '0.5', { price: '0.03' }),
  );
  assert.equal(mustAccept(better.state), false);
  assert.deepEqual(better.state.price, { accepted: '0.031', shown: '0.031', verdict: 'better' });
});

test("a session the order form handed over is judged against the form's price even when it was read, not seeded", () => {
  const judge = (before: FlowState, next: Transition, input: FlowInput) =>
    laterTransition(before, next, input, '0.5', { price: '0.031' });
  // A creation response too bare to seed from: the first the card shows of the session is its status answer.
  const read = sessionModel('pending', { quote: { ...testQuote, cryptoAmount: '0.02' } });
  const { state } = transition(initialState, { type: 'session-fetched', session: read, seq: 1 }, judge);
  assert.equal(mustAccept(state), true);
  assert.deepEqual(state.price, { accepted: '0.031', shown: '0.02', verdict: 'worse' });
  // Used once: the next answer is judged against the accepted price, the form's no more.
  const next = transition(
    state,
    { type: 'session-fetched', session: { ...read, quote: { ...read.quote, cryptoAmount: '0.04' } }, seq: 2 },
    judge,
  );
  assert.deepEqual(next.state.price, { accepted: '0.04', shown: '0.04', verdict: 'better' });
});
