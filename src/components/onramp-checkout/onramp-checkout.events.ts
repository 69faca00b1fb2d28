/**
 * The element's events: typed classes, all bubbling and composed (they cross shadow roots), so a
 * merchant can listen on the element or on any ancestor.
 */
import type { WidgetStatus } from '../../core/checkout-machine.js';
import type { QuoteFigures, SessionView } from '../../core/session-view.js';
import type { WidgetErrorCode } from '../../core/widget-error.js';
import type { FallbackReason } from '../../controllers/hosted-checkout-controller.js';

/** The common base: bubbling and composed; only `onramp-fallback` is cancelable. */
class OnrampEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable, detail });
  }
}

/** The order is on screen for the first time. */
export class OnrampReadyEvent extends OnrampEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-ready', { session });
  }
}

export interface StatusChangeDetail {
  status: WidgetStatus;
  previousStatus: WidgetStatus;
  session: SessionView | null;
}
export class OnrampStatusChangeEvent extends OnrampEvent<StatusChangeDetail> {
  constructor(detail: StatusChangeDetail) {
    super('onramp-status-change', detail);
  }
}

/** The quote's price expired while the session was pending; a fresh quote is being fetched. */
export class OnrampQuoteExpiredEvent extends OnrampEvent<{ session: SessionView | null }> {
  constructor(session: SessionView | null) {
    super('onramp-quote-expired', { session });
  }
}

export class OnrampQuoteRefreshedEvent extends OnrampEvent<{ quote: QuoteFigures }> {
  constructor(quote: QuoteFigures) {
    super('onramp-quote-refreshed', { quote });
  }
}

export class OnrampCompletedEvent extends OnrampEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-completed', { session });
  }
}

export class OnrampFailedEvent extends OnrampEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-failed', { session });
  }
}

/** The session expired: the merchant must create a new one. */
export class OnrampExpiredEvent extends OnrampEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-expired', { session });
  }
}

export interface ErrorDetail {
  code: WidgetErrorCode;
  message: string;
  requestId?: string;
  /** True when the widget keeps retrying by itself. */
  recoverable: boolean;
}
export class OnrampErrorEvent extends OnrampEvent<ErrorDetail> {
  constructor(detail: ErrorDetail) {
    super('onramp-error', detail);
  }
}

/**
 * The embedded flow cannot go on and the widget is about to fall back (to a popup, or to navigating
 * the page). Cancel it (`preventDefault()`) to handle `url` yourself; the widget then shows a link.
 */
export class OnrampFallbackEvent extends OnrampEvent<{ reason: FallbackReason; url: string }> {
  constructor(reason: FallbackReason, url: string) {
    super('onramp-fallback', { reason, url }, true);
  }
}

/** Every event of `<onramp-checkout>`, by type. */
export interface OnrampEventMap {
  'onramp-ready': OnrampReadyEvent;
  'onramp-status-change': OnrampStatusChangeEvent;
  'onramp-quote-expired': OnrampQuoteExpiredEvent;
  'onramp-quote-refreshed': OnrampQuoteRefreshedEvent;
  'onramp-completed': OnrampCompletedEvent;
  'onramp-failed': OnrampFailedEvent;
  'onramp-expired': OnrampExpiredEvent;
  'onramp-error': OnrampErrorEvent;
  'onramp-fallback': OnrampFallbackEvent;
}

declare global {
  // Merged into the DOM's map: `addEventListener('onramp-error', …)` gets the typed event.
  interface GlobalEventHandlersEventMap extends OnrampEventMap {}
}
