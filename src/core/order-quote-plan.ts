/**
 * Amount first: when the order form asks `POST /v1/onramp/quote`, as a pure function of what
 * happened (docs/reference.md, "Amount first"). Typing never floods the API: a request leaves only
 * `QUOTE_DEBOUNCE_MS` after the buyer's last change, one at a time; the latest order wins (an answer
 * for an order the buyer already changed is not shown, and the latest is asked next); a failure
 * waits a backoff with jitter, never less than the server's `Retry-After`; a price shown is asked
 * again at its expiry. Amounts outside the allowed range never reach here (no key, no request).
 * The timers are the `OrderQuoteController`'s; all times are the server clock's epoch ms.
 */
import { backoffDelay } from '../api/retry-policy.js';

/** The wait after the buyer's last change before the price is asked, ms. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface QuotePlan {
  /** The order to price (`quoteKey`), or `null` while the form has none (an amount refused). */
  wanted: string | null;
  /** When the buyer last changed it. */
  changedAt: number;
  /** The order of the request in flight, if one is. */
  inFlight: string | null;
  /** The order whose price is shown, and when that price expires. */
  priced: string | null;
  expiresAt: number;
  /** No request before this time (a failure's backoff, `Retry-After`). */
  notBefore: number;
  /** Failures in a row. */
  failures: number;
}

export type QuoteStep = { kind: 'send'; key: string } | { kind: 'wait'; ms: number } | { kind: 'idle' };

export const initialQuotePlan: QuotePlan = {
  wanted: null,
  changedAt: 0,
  inFlight: null,
  priced: null,
  expiresAt: 0,
  notBefore: 0,
  failures: 0,
};

/** What to do now: send a request, wait (then ask again), or nothing until something happens. */
export function nextQuoteStep(plan: QuotePlan, now: number): QuoteStep {
  const { wanted } = plan;
  if (wanted === null || plan.inFlight !== null) return { kind: 'idle' };
  const due = Math.max(
    plan.changedAt + QUOTE_DEBOUNCE_MS,
    plan.notBefore,
    // The price shown for this very order is asked again when it expires.
    plan.priced === wanted ? plan.expiresAt : 0,
  );
  return now >= due ? { kind: 'send', key: wanted } : { kind: 'wait', ms: due - now };
}

/** The buyer changed the order (`null`: the form has no order to price now). */
export function orderChanged(plan: QuotePlan, key: string | null, now: number): QuotePlan {
  return key === plan.wanted ? plan : { ...plan, wanted: key, changedAt: now };
}

export function quoteSent(plan: QuotePlan, key: string): QuotePlan {
  return { ...plan, inFlight: key };
}

/**
 * A price arrived for `key`: shown only when it is still the order wanted (the latest wins); an
 * older order's answer is dropped, and the latest is asked next.
 */
export function quoteAnswered(plan: QuotePlan, key: string, expiresAt: number): { plan: QuotePlan; show: boolean } {
  const show = key === plan.wanted;
  return {
    plan: { ...plan, inFlight: null, failures: 0, notBefore: 0, ...(show ? { priced: key, expiresAt } : {}) },
    show,
  };
}

/** A request failed: the next waits a backoff with jitter, at least `retryAfterMs`. */
export function quoteFailed(
  plan: QuotePlan,
  retryAfterMs: number | null,
  now: number,
  random: () => number = Math.random,
): QuotePlan {
  const failures = plan.failures + 1;
  return { ...plan, inFlight: null, failures, notBefore: now + backoffDelay(failures, retryAfterMs, random) };
}

/** A request was cancelled (the element left the page): nothing is in flight, nothing else changes. */
export function quoteCancelled(plan: QuotePlan): QuotePlan {
  return { ...plan, inFlight: null };
}
