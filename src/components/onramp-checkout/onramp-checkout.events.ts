/**
 * The element's events: typed classes, all bubbling and composed (they cross shadow roots), so a
 * merchant can listen on the element or on any ancestor.
 */
import type { WidgetStatus } from '../../core/checkout-machine.js';
import type { QuoteFigures, SessionView } from '../../core/session-view.js';
import type { WidgetErrorCode } from '../../core/widget-error.js';
import type { FallbackReason } from '../../controllers/hosted-checkout-controller.js';

const init = { bubbles: true, composed: true } as const;

/** The order is on screen for the first time. */
export class OnrampReadyEvent extends CustomEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-ready', { ...init, detail: { session } });
  }
}

export interface StatusChangeDetail {
  status: WidgetStatus;
  previousStatus: WidgetStatus;
  session: SessionView | null;
}
export class OnrampStatusChangeEvent extends CustomEvent<StatusChangeDetail> {
  constructor(detail: StatusChangeDetail) {
    super('onramp-status-change', { ...init, detail });
  }
}

/** The quote's price expired while the session was pending; a fresh quote is being fetched. */
export class OnrampQuoteExpiredEvent extends CustomEvent<{ session: SessionView | null }> {
  constructor(session: SessionView | null) {
    super('onramp-quote-expired', { ...init, detail: { session } });
  }
}

export class OnrampQuoteRefreshedEvent extends CustomEvent<{ quote: QuoteFigures }> {
  constructor(quote: QuoteFigures) {
    super('onramp-quote-refreshed', { ...init, detail: { quote } });
  }
}

export class OnrampCompletedEvent extends CustomEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-completed', { ...init, detail: { session } });
  }
}

export class OnrampFailedEvent extends CustomEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-failed', { ...init, detail: { session } });
  }
}

/** The session expired: the merchant must create a new one. */
export class OnrampExpiredEvent extends CustomEvent<{ session: SessionView }> {
  constructor(session: SessionView) {
    super('onramp-expired', { ...init, detail: { session } });
  }
}

export interface ErrorDetail {
  code: WidgetErrorCode;
  message: string;
  requestId?: string;
  /** True when the widget keeps retrying by itself. */
  recoverable: boolean;
}
export class OnrampErrorEvent extends CustomEvent<ErrorDetail> {
  constructor(detail: ErrorDetail) {
    super('onramp-error', { ...init, detail });
  }
}

/**
 * The embedded flow cannot go on and the widget is about to fall back (to a popup, or to navigating
 * the page). Cancel it (`preventDefault()`) to handle `url` yourself; the widget then shows a link.
 */
export class OnrampFallbackEvent extends CustomEvent<{ reason: FallbackReason; url: string }> {
  constructor(reason: FallbackReason, url: string) {
    super('onramp-fallback', { ...init, cancelable: true, detail: { reason, url } });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
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
}
