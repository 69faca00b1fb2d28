/**
 * The quote's one home, as pure functions (what polling has in `poll-policy.ts`): when the next
 * fresh quote is due, which of two quotes the order shows, and how a new price compares with the
 * one the buyer accepted (price consent, docs/design.md). No timers, no DOM, no fetch: the
 * `QuoteController` (`src/controllers/quote-controller.ts`) runs the timers, the state machine keeps
 * the accepted price.
 *
 * Prices are crypto amounts for the order's fiat amount, decimal strings compared exactly (BigInt),
 * never as floats.
 */
import { backoffDelay } from '../api/retry-policy.js';
import { decimalToMinor } from '../contract/money.js';
import {
  agreed,
  mustAccept,
  type FlowInput,
  type FlowState,
  type OnrampStatus,
  type QuoteNotice,
  type Transition,
} from './flow-machine.js';
import type { OnrampQuote } from './session-model.js';

export interface QuoteContext {
  status: OnrampStatus;
  /** The quote on screen; `null` without a session. */
  quote: OnrampQuote | null;
  /** What the quote line says now (the machine's `quoteNotice`). */
  notice: QuoteNotice;
  /** Server time now, epoch ms. */
  now: number;
  /** A quote request is in flight: its answer comes first. */
  inFlight: boolean;
  /** Server time before which no retry may go out (after a failure: backoff, `Retry-After`). */
  retryAt: number;
}

/**
 * What to do next: `stop` (nothing to refresh, or a request in flight), or refresh in `ms` of
 * server time; `expire` when the price on screen has run out and the buyer is to be told so first.
 */
export type QuotePlan = { kind: 'stop' } | { kind: 'refresh'; ms: number; expire: boolean };

/** Whether a quote is a price the buyer can be shown as one: a rate and its deadline. */
export const isPriced = (quote: OnrampQuote): boolean => quote.exchangeRate !== null && quote.expiresAt !== null;

/**
 * When the next fresh quote is due. Only a pending session's: a quote without a rate or deadline
 * (the spec's bare status shape) at once, an expired one (the notice says "refreshing") when the
 * backoff allows, a priced one at its expiry; what is not due yet, on the first countdown tick at
 * or after it. Never two requests at once, never before `retryAt`.
 */
export function nextQuote({ status, quote, notice, now, inFlight, retryAt }: QuoteContext): QuotePlan {
  if (status !== 'pending' || !quote || inFlight) return { kind: 'stop' };
  const expire = isPriced(quote) && notice !== 'refreshing';
  // isPriced() says the deadline is set.
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
  const due = expire ? Math.max(retryAt, quote.expiresAt!) : retryAt;
  return { kind: 'refresh', ms: due <= now ? 0 : onTick(due) - now, expire };
}

/** The countdowns tick this long after each whole server second (`CountdownController`). */
export const TICK_OFFSET_MS = 5;

/**
 * The first countdown tick at or after `due` (server time): a refresh lands when the countdown
 * shows the price expired, and never before the backoff.
 */
const onTick = (due: number): number => Math.ceil((due - TICK_OFFSET_MS) / 1000) * 1000 + TICK_OFFSET_MS;

/**
 * Server time before which the next try may not go out, after `failures` failures in a row
 * (equal-jitter backoff, never less than the server's `Retry-After`).
 */
export const quoteRetryAt = (
  now: number,
  failures: number,
  retryAfterMs: number | null | undefined,
  random?: () => number,
): number => now + backoffDelay(failures, retryAfterMs, random);

/**
 * Which quote the order shows when a status answer arrives: the one shown when the widget refreshed
 * it itself and the answer's is older (or has no deadline) while pending; else the answer's, with
 * the rate and deadline it omitted kept from the one shown.
 */
export function keptQuote(current: OnrampQuote, next: OnrampQuote, status: OnrampStatus): OnrampQuote {
  return status === 'pending' &&
    current.expiresAt !== null &&
    (next.expiresAt === null || current.expiresAt > next.expiresAt)
    ? current
    : {
        ...next,
        exchangeRate: next.exchangeRate ?? current.exchangeRate,
        expiresAt: next.expiresAt ?? current.expiresAt,
      };
}

/** The default of `price-tolerance`: a price worse by more than 0.5 % needs the buyer's consent. */
export const DEFAULT_PRICE_TOLERANCE = '0.5';

/** How a new price compares with the accepted one: not worse, worse within the tolerance, or worse beyond it. */
export type PriceVerdict = 'better' | 'within' | 'worse';

/** Decimal digits prices and tolerances are scaled to before comparing (crypto has at most 18). */
const DIGITS = 30;

/**
 * `current` against `accepted` (crypto amounts for the same fiat amount: less crypto is worse),
 * with `tolerance` in percent as decimal text (`"0.5"`). A tolerance that is not a plain decimal
 * from 0 to 100 counts as the default. Exact: `current < accepted × (1 − tolerance / 100)` in BigInt.
 */
export function judgePrice(current: string, accepted: string, tolerance: unknown): PriceVerdict {
  const now = decimalToMinor(current, DIGITS);
  const then = decimalToMinor(accepted, DIGITS);
  // Unreadable (the readers let none through): never paid without the buyer's word.
  if (now === null || then === null) return 'worse';
  if (now >= then) return 'better';
  let percent = decimalToMinor(String(tolerance), DIGITS);
  const hundred = 100n * 10n ** BigInt(DIGITS);
  if (percent === null || percent < 0n || percent > hundred)
    percent = decimalToMinor(DEFAULT_PRICE_TOLERANCE, DIGITS) ?? 0n;
  return now * hundred < then * (hundred - percent) ? 'worse' : 'within';
}

/**
 * The quote's inputs, which only the `later` part sends: a price that expired while pending says so
 * once ("refreshing"); a fresh quote replaces the shown one ("Price updated." only over a price the
 * buyer saw: the first quote for a session whose status answer had none is no update).
 */
export function quoteStep(
  state: FlowState,
  input: FlowInput & { type: 'quote-expired' | 'quote-refreshed' },
): Transition {
  const { status, session, quoteNotice } = state;
  const same: Transition = { state, notifications: [] };
  if (input.type === 'quote-expired')
    return status !== 'pending' || quoteNotice === 'refreshing'
      ? same
      : { state: { ...state, quoteNotice: 'refreshing' }, notifications: [{ type: 'quote-expired' }] };
  return !session || status !== 'pending'
    ? same
    : {
        state: {
          ...state,
          session: { ...session, quote: input.quote },
          quoteNotice: isPriced(session.quote) ? 'refreshed' : 'none',
          error: null,
        },
        notifications: [{ type: 'quote-refreshed', quote: input.quote }],
      };
}

/**
 * What the `later` part adds to each transition of the machine (`transition`'s `later`): the
 * quote's inputs (`quoteStep`), then price consent (`withConsent`).
 */
export function laterTransition(
  before: FlowState,
  result: Transition,
  input: FlowInput,
  tolerance: unknown,
): Transition {
  return withConsent(
    before,
    input.type === 'quote-expired' || input.type === 'quote-refreshed' ? quoteStep(before, input) : result,
    input,
    tolerance,
  );
}

/**
 * Price consent, after each transition of the machine (`transition`'s `consent`): the price on
 * screen (a pending session's crypto amount) that differs from the last one judged is judged
 * against the accepted one: better or equal replaces it, worse within `tolerance` is shown and
 * payable while the accepted one stays the reference, worse beyond it holds Pay back until the
 * buyer's `accept-price`. Each change is a `price-change` notification.
 */
export function withConsent(before: FlowState, result: Transition, input: FlowInput, tolerance: unknown): Transition {
  const { state } = result;
  const { price, status, session } = state;
  if (!price) return result;
  if (input.type === 'accept-price')
    return mustAccept(before) && price.verdict === 'worse'
      ? {
          state: { ...state, price: agreed(price.shown) },
          notifications: [
            { type: 'price-change', detail: { previous: price.accepted, current: price.shown, accepted: true } },
          ],
        }
      : result;
  const shown = status === 'pending' ? session?.quote.cryptoAmount : undefined;
  if (!shown || shown === price.shown) return result;
  // The first priced quote over a session shown without one (the spec's bare status shape) is
  // judged, but a better one is not announced as a change (as it is no "Price updated.").
  const judged = judgePrice(shown, price.accepted, tolerance);
  const verdict = judged === 'better' && before.session && !isPriced(before.session.quote) ? 'shown' : judged;
  return {
    state: { ...state, price: { accepted: judged === 'better' ? shown : price.accepted, shown, verdict } },
    notifications: [
      ...result.notifications,
      {
        type: 'price-change',
        detail: { previous: price.accepted, current: shown, accepted: judged !== 'worse' },
      },
    ],
  };
}
