/**
 * The element's events: typed classes, all bubbling and composed (they cross shadow roots), so a
 * merchant can listen on the element or on any ancestor.
 */
import type { OnrampStatus, PriceChange } from '../../core/flow-machine.js';
import type { OnrampQuote, OnrampSession } from '../../core/session-model.js';
import type { OnrampErrorCode, OnrampWarningCode } from '../../core/widget-error.js';
import type { ProblemValues } from '../../diagnostics/problems.js';
import type { OnrampFallbackReason } from '../../controllers/hosted-checkout-controller.js';

/** The common base: bubbling and composed; only `onramp-fallback` is cancelable. */
class OnrampEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable, detail });
  }
}

/** The order is on screen for the first time. */
export class OnrampReadyEvent extends OnrampEvent<{ session: OnrampSession }> {
  constructor(session: OnrampSession) {
    super('onramp-ready', { session });
  }
}

export interface OnrampStatusChangeDetail {
  status: OnrampStatus;
  previousStatus: OnrampStatus;
  session: OnrampSession | null;
}
export class OnrampStatusChangeEvent extends OnrampEvent<OnrampStatusChangeDetail> {
  constructor(detail: OnrampStatusChangeDetail) {
    super('onramp-status-change', detail);
  }
}

/** The quote's price expired while the session was pending; a fresh quote is being fetched. */
export class OnrampQuoteExpiredEvent extends OnrampEvent<{ session: OnrampSession | null }> {
  constructor(session: OnrampSession | null) {
    super('onramp-quote-expired', { session });
  }
}

export class OnrampQuoteRefreshedEvent extends OnrampEvent<{ quote: OnrampQuote }> {
  constructor(quote: OnrampQuote) {
    super('onramp-quote-refreshed', { quote });
  }
}

/**
 * The price on screen and the one the buyer accepted (crypto amounts for the order's fiat amount,
 * decimal strings): `previous` is the price the buyer had accepted (the first shown, a better one
 * since, or one they accepted); `accepted` is `true` when `current` can be paid now (not worse than
 * `previous`, worse within `price-tolerance`, or accepted by the buyer), `false` while Pay waits for
 * the buyer's "Accept new price".
 */
export type OnrampPriceChangeDetail = PriceChange;
/** The price on screen changed, or the buyer accepted a worse one. */
export class OnrampPriceChangeEvent extends OnrampEvent<OnrampPriceChangeDetail> {
  constructor(detail: OnrampPriceChangeDetail) {
    super('onramp-price-change', detail);
  }
}

export class OnrampCompletedEvent extends OnrampEvent<{ session: OnrampSession }> {
  constructor(session: OnrampSession) {
    super('onramp-completed', { session });
  }
}

export class OnrampFailedEvent extends OnrampEvent<{ session: OnrampSession }> {
  constructor(session: OnrampSession) {
    super('onramp-failed', { session });
  }
}

/** The session expired: the merchant must create a new one. */
export class OnrampExpiredEvent extends OnrampEvent<{ session: OnrampSession }> {
  constructor(session: OnrampSession) {
    super('onramp-expired', { session });
  }
}

/** What the merchant is told of a problem: why, and exactly what to change (English). */
export interface OnrampDiagnosis {
  /** What is wrong, naming the values involved (the refused origin, the attribute's value). */
  cause: string;
  /** What to change, naming the exact value to set. */
  fix: string;
  /** The facts the cause and fix name. */
  values?: ProblemValues;
}

/** Every code is in `docs/troubleshooting.md`, with its cause and fix. */
export interface OnrampErrorDetail extends OnrampDiagnosis {
  code: OnrampErrorCode;
  /** For the buyer, in their language (what the widget shows). */
  message: string;
  requestId?: string;
  /** True when the widget keeps trying by itself. */
  recoverable: boolean;
}
export class OnrampErrorEvent extends OnrampEvent<OnrampErrorDetail> {
  constructor(detail: OnrampErrorDetail) {
    super('onramp-error', detail);
  }
}

export interface OnrampWarningDetail extends OnrampDiagnosis {
  code: OnrampWarningCode;
}
/** A problem of the page or the embed that the flow works around (the buyer is not stopped). */
export class OnrampWarningEvent extends OnrampEvent<OnrampWarningDetail> {
  constructor(detail: OnrampWarningDetail) {
    super('onramp-warning', detail);
  }
}

/**
 * The embedded flow cannot go on and the widget is about to fall back (to a popup, or to navigating
 * the page). Cancel it (`preventDefault()`) to handle `url` yourself; the widget then shows a link.
 */
export class OnrampFallbackEvent extends OnrampEvent<{ reason: OnrampFallbackReason; url: string }> {
  constructor(reason: OnrampFallbackReason, url: string) {
    super('onramp-fallback', { reason, url }, true);
  }
}

/** Every event of `<onramp-checkout>`, by type. */
export interface OnrampEventMap {
  'onramp-ready': OnrampReadyEvent;
  'onramp-status-change': OnrampStatusChangeEvent;
  'onramp-quote-expired': OnrampQuoteExpiredEvent;
  'onramp-quote-refreshed': OnrampQuoteRefreshedEvent;
  'onramp-price-change': OnrampPriceChangeEvent;
  'onramp-completed': OnrampCompletedEvent;
  'onramp-failed': OnrampFailedEvent;
  'onramp-expired': OnrampExpiredEvent;
  'onramp-error': OnrampErrorEvent;
  'onramp-warning': OnrampWarningEvent;
  'onramp-fallback': OnrampFallbackEvent;
}

declare global {
  // Merged into the DOM's map: `addEventListener('onramp-error', …)` gets the typed event.
  interface GlobalEventHandlersEventMap extends OnrampEventMap {}
}
