/**
 * How long to wait before the next status read: the polling rules of DESIGN.md as a pure function.
 * Most checkouts are never paid, so the widget asks as often as the buyer needs, not by the
 * calendar: before Pay a pending session changes only at its expiry (known to the server clock) or
 * by a payment made elsewhere, which the buyer's return reveals (a sign of the buyer reads at once:
 * the poll controller's job). Hidden and offline pages read nothing (also the controller's job).
 */
import type { CheckoutSurface, WidgetStatus } from './checkout-machine.js';

/** Pending, checkout not opened: the first wait, doubled after each read nobody touched the page. */
export const IDLE_FIRST_MS = 3000;
/** Pending, checkout not opened: the longest wait. */
export const IDLE_CAP_MS = 60_000;
/** Pending with the hosted checkout open (frame, popup, or the fallback link shown): the longest wait, hints or not. */
export const CHECKOUT_OPEN_MS = 2000;
/** Processing: paid, the crypto on its way. */
export const PROCESSING_MS = 1000;
/** A read lands this long after the session's expiry, so the server already says "expired". */
export const EXPIRY_GRACE_MS = 250;
/** Past the expiry with the server still saying pending: the longest wait. */
export const PAST_EXPIRY_MS = 2000;
/** Grown waits are shortened by up to this fraction at random, so idle widgets drift apart (never lengthened: caps hold). */
export const IDLE_JITTER = 0.1;

export interface PollContext {
  status: WidgetStatus;
  surface: CheckoutSurface;
  /** Reads completed since the polling started or the buyer last gave a sign (1 after the first read). */
  readsSinceSign: number;
  /** Server time left until the session's `expires_at`; `null` when unknown. */
  msUntilExpiry: number | null;
  /** The page is hidden (another tab, minimised) or the device offline. */
  paused: boolean;
  /** In [0, 1). */
  random: number;
}

/**
 * What to do next: `stop` for good (a final state, or an error screen), `wait` for the page to be
 * visible and online again (the return itself reads at once), or read in `ms`.
 */
export type PollPlan = { kind: 'stop' } | { kind: 'wait' } | { kind: 'read'; ms: number };

export function nextPoll(context: PollContext): PollPlan {
  if (context.status !== 'pending' && context.status !== 'processing') return { kind: 'stop' };
  return context.paused ? { kind: 'wait' } : { kind: 'read', ms: readDelay(context) };
}

function readDelay({ status, surface, readsSinceSign, msUntilExpiry, random }: PollContext): number {
  if (status === 'processing') return PROCESSING_MS;
  const doublings = readsSinceSign - 1;
  // 2 ** n past the cap is only larger (Infinity at worst): `min` keeps the cap.
  const delay = surface !== 'none' ? CHECKOUT_OPEN_MS : doublings > 0 ? Math.min(IDLE_CAP_MS, IDLE_FIRST_MS * 2 ** doublings) * (1 - IDLE_JITTER * random) : IDLE_FIRST_MS;
  return msUntilExpiry === null ? delay : Math.min(delay, msUntilExpiry > 0 ? msUntilExpiry + EXPIRY_GRACE_MS : PAST_EXPIRY_MS);
}
