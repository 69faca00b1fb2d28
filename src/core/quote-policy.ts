/**
 * The quote's one home, as pure functions (what polling has in `poll-policy.ts`): when the next
 * fresh quote is due, which of two quotes the order shows, and how a new price compares with the
 * one the buyer accepted (price consent, docs/design.md; the machine's side of it is
 * `price-consent.ts`). No timers, no DOM, no fetch: the `QuoteController`
 * (`src/parts/later/quote-controller.ts`) runs the timers, the state machine keeps the accepted
 * price. Quotes are read by shape (`PricedQuote`), so the session model can use this module.
 *
 * Prices are crypto amounts for the order's fiat amount, decimal strings compared exactly (BigInt),
 * never as floats.
 */
import { backoffDelay } from '../api/retry-policy.js';
import { decimalToMinor } from '../contract/money.js';
/** What the policy reads of a quote (`OnrampQuote` has it). */
export interface PricedQuote {
  exchangeRate: number | null;
  /** Epoch ms on the server's clock. */
  expiresAt: number | null;
}

export interface QuoteContext {
  /** The session is pending (only a pending session's price is refreshed). */
  pending: boolean;
  /** The quote on screen; `null` without a session. */
  quote: PricedQuote | null;
  /** The quote line says the price expired and a fresh one is coming (the machine's `quoteNotice`). */
  refreshing: boolean;
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
export const isPriced = (quote: PricedQuote): boolean => quote.exchangeRate !== null && quote.expiresAt !== null;

/**
 * When the next fresh quote is due. Only a pending session's: a quote without a rate or deadline
 * (the spec's bare status shape) at once, an expired one (the notice says "refreshing") when the
 * backoff allows, a priced one at its expiry; what is not due yet, on the first countdown tick at
 * or after it. Never two requests at once, never before `retryAt`.
 */
export function nextQuote({ pending, quote, refreshing, now, inFlight, retryAt }: QuoteContext): QuotePlan {
  if (!pending || !quote || inFlight) return { kind: 'stop' };
  const expire = isPriced(quote) && !refreshing;
  // isPriced() says the deadline is set.
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
  const due = expire ? Math.max(retryAt, quote.expiresAt!) : retryAt;
  return { kind: 'refresh', ms: due <= now ? 0 : onTick(due) - now, expire };
}

/** The least time between two quotes asked for the same order, whatever the last one's expiry says. */
export const MIN_QUOTE_GAP_MS = 5_000;

/** The countdowns tick this long after each whole server second (`countdownTicks`, `controllers/countdown-controller.ts`). */
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
export function keptQuote<Q extends PricedQuote>(current: Q, next: Q, pending: boolean): Q {
  return pending && current.expiresAt !== null && (next.expiresAt === null || current.expiresAt > next.expiresAt)
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
