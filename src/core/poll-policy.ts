/**
 * How long to wait before the next status read: the polling rules of docs/design.md as a pure function.
 * Most checkouts are never paid, so the widget asks as often as the buyer needs, not by the
 * calendar: before Pay a pending session changes only at its expiry (known to the server clock) or
 * by a payment made elsewhere, which the buyer's return reveals (a sign of the buyer reads at once:
 * the poll controller's job). Hidden and offline pages, and an element that is not rendered, read
 * nothing (also the controller's job).
 */
import type { CheckoutSurface, OnrampStatus } from './flow-machine.js';

/** Pending, checkout not opened: the first wait, multiplied by `IDLE_GROWTH` after each read nobody touched the page. */
export const IDLE_FIRST_MS = 3000;
/** How fast the idle wait grows: 3 s, 15 s, 75 s, then the cap (three short waits, so the cap sets the cost). */
export const IDLE_GROWTH = 5;
/**
 * Pending, checkout not opened: the longest wait. With the expiry known, waits at the cap are spread
 * evenly up to the expiry read, so an abandoned session costs at most 10 reads in its 30 minutes.
 */
export const IDLE_CAP_MS = 300_000;
/** Pending with the hosted checkout open (frame, popup, or the fallback link shown): the longest wait, hints or not. */
export const CHECKOUT_OPEN_MS = 2000;
/** Processing: paid, the crypto on its way. */
export const PROCESSING_MS = 1000;
/**
 * A read lands this long after the session's expiry by the estimated server clock, so the server
 * already says "expired": the estimate, from `Date` headers of one-second resolution, may be half a
 * second and half a round trip early, and a read that lands before the expiry costs a second one.
 */
export const EXPIRY_GRACE_MS = 1200;
/** Past the expiry with the server still saying pending: the longest wait. */
export const PAST_EXPIRY_MS = 2000;

export interface PollContext {
  status: OnrampStatus;
  surface: CheckoutSurface;
  /** Reads completed since the polling started or the buyer last gave a sign (1 after the first read). */
  readsSinceSign: number;
  /**
   * How long the last read took from its request to its answer, ms (the wait runs from the answer):
   * with the checkout open the bound holds between requests, however slow the answer.
   */
  lastReadMs: number;
  /** Server time left until the session's `expires_at`; `null` when unknown. */
  msUntilExpiry: number | null;
  /** The page is hidden (another tab, minimised), the element not rendered, or the device offline. */
  paused: boolean;
}

/**
 * What to do next: `stop` for good (a final state, or an error screen), `wait` for the page to be
 * visible, the element rendered and the device online again (the return itself reads at once), or
 * read in `ms` (from the answer of the last read).
 */
export type PollPlan = { kind: 'stop' } | { kind: 'wait' } | { kind: 'read'; ms: number };

export function nextPoll(context: PollContext): PollPlan {
  if (context.status !== 'pending' && context.status !== 'processing') return { kind: 'stop' };
  return context.paused ? { kind: 'wait' } : { kind: 'read', ms: readDelay(context) };
}

function readDelay({ status, surface, readsSinceSign, lastReadMs, msUntilExpiry }: PollContext): number {
  const untilExpiry =
    msUntilExpiry === null ? Infinity : msUntilExpiry > 0 ? msUntilExpiry + EXPIRY_GRACE_MS : PAST_EXPIRY_MS;
  if (status === 'processing') return Math.min(PROCESSING_MS, untilExpiry);
  if (surface !== 'none') return Math.min(Math.max(0, CHECKOUT_OPEN_MS - lastReadMs), untilExpiry);
  // Past the cap, `**` is only larger (Infinity at worst): the comparisons still hold.
  const grown = IDLE_FIRST_MS * IDLE_GROWTH ** Math.max(0, readsSinceSign - 1);
  // At the cap with the expiry ahead: as many waits of at most the cap as it takes, all equal, the
  // last one landing on the expiry. No jitter: each session's expiry and each buyer's last sign are
  // their own, so idle widgets do not read in step (jitter stays on the error backoff).
  if (grown >= IDLE_CAP_MS && msUntilExpiry !== null && msUntilExpiry > 0)
    return untilExpiry / Math.ceil(untilExpiry / IDLE_CAP_MS);
  return Math.min(untilExpiry, IDLE_CAP_MS, grown);
}
