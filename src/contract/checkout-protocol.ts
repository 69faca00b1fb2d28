/**
 * The hosted checkout's side of the conversation with the page that embeds it (iframe parent or
 * popup opener): the URL parameter the widget adds, and the hints the checkout posts back. Plain
 * constants and types, no zod: the checkout's own browser code imports this module
 * (demo/hosted-checkout/browser/), the widget reads the messages with `checkoutMessageSchema`
 * (read/checkout-hints.ts), and the checkout's server (page.ts, app.ts) reads the parameter.
 *
 * The widget appends `embed_origin=<its origin>` to `redirect_url` when it opens the page in an
 * iframe or a popup; the page posts to exactly that origin (when it is an allowed merchant origin).
 * The hints are only reasons to poll now: session state always comes from the API.
 */

/** `source` of every message the checkout posts. */
export const CHECKOUT_MESSAGE_SOURCE = 'onramp-hosted-checkout';

/** The query parameter (and hidden form field) naming the origin of the page that embeds the checkout. */
export const EMBED_ORIGIN_PARAM = 'embed_origin';

/** The query parameter with the widget's locale, in which the checkout renders its texts (docs/design.md §21). */
export const CHECKOUT_LOCALE_PARAM = 'locale';

/**
 * The hints: `ready` when the page has loaded (the iframe works), `submitted` when the buyer paid or
 * the session moved on (poll now), `resize` when the document's height changed (with `height`).
 */
export const CHECKOUT_MESSAGE_TYPES = ['ready', 'submitted', 'resize'] as const;
export type CheckoutMessageType = (typeof CHECKOUT_MESSAGE_TYPES)[number];

/** The largest `height` a `resize` hint carries, in CSS pixels. */
export const CHECKOUT_MAX_HEIGHT = 10_000;

/** One message as posted: one flat shape (the widget's reader has no union kind, for bytes). */
export interface CheckoutMessage {
  source: typeof CHECKOUT_MESSAGE_SOURCE;
  type: CheckoutMessageType;
  session_id: string;
  /** Document height in CSS pixels, an integer from 0 to `CHECKOUT_MAX_HEIGHT`, with `resize` only. */
  height?: number;
}
