/**
 * The hints to the merchant's page that embeds the checkout (iframe parent or popup opener), in the
 * contract's message shape (src/contract/checkout-protocol.ts, which the widget reads with
 * `checkoutMessageSchema`). They go to exactly the server-approved origin, never to `*`.
 */
import {
  CHECKOUT_MAX_HEIGHT,
  CHECKOUT_MESSAGE_SOURCE,
  type CheckoutMessage,
} from '../../../src/contract/checkout-protocol.js';

/** Posts one hint: `resize` carries the document's height, the others nothing more. */
export interface PostHint {
  (type: 'ready' | 'submitted'): void;
  (type: 'resize', height: number): void;
}

/**
 * A `PostHint` for `target` at `embedOrigin`, about `sessionId`; it posts nothing when one of them
 * is missing (a page of its own that no widget opened, an origin the server did not approve).
 */
export function hintPoster(target: Window | null, embedOrigin: string | null, sessionId: string | null): PostHint {
  return (type: CheckoutMessage['type'], height?: number): void => {
    if (!target || !embedOrigin || !sessionId) return;
    const message: CheckoutMessage = { source: CHECKOUT_MESSAGE_SOURCE, type, session_id: sessionId };
    if (height !== undefined) message.height = height;
    try {
      target.postMessage(message, embedOrigin);
    } catch {
      /* the opener navigated away */
    }
  };
}

/** Posts `resize` now and whenever the document's height changes (where `ResizeObserver` exists). */
export function reportHeight(body: HTMLElement, post: PostHint): void {
  let lastHeight = -1;
  const reportSize = (): void => {
    const height = Math.min(CHECKOUT_MAX_HEIGHT, Math.ceil(body.getBoundingClientRect().height));
    if (height !== lastHeight) {
      lastHeight = height;
      post('resize', height);
    }
  };
  reportSize();
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportSize).observe(body);
}
