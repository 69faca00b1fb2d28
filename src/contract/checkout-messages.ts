/**
 * Hints the hosted checkout posts to the page that embeds it (iframe parent or popup opener).
 * They are only reasons to poll now: session state always comes from the API.
 *
 * The widget appends `embed_origin=<its origin>` to `redirect_url` when it opens the page in an
 * iframe or a popup; the page posts to exactly that origin (when it is an allowed merchant origin).
 */
import * as z from 'zod/mini';
import { integerRead, sessionIdRead } from './read/fields.js';
import { fields, oneOf, optional, rule } from './read/kinds.js';

export const CHECKOUT_MESSAGE_SOURCE = 'onramp-hosted-checkout';
export const EMBED_ORIGIN_PARAM = 'embed_origin';

/** One flat shape rather than a discriminated union: no union kind in the browser. */
export const checkoutMessageSchema = fields({
  source: oneOf([CHECKOUT_MESSAGE_SOURCE]),
  type: oneOf(['ready', 'submitted', 'resize']),
  session_id: sessionIdRead,
  /** Document height in CSS pixels, with `resize`. */
  height: optional(integerRead.check(rule((height) => height >= 0 && height <= 10_000))),
});
export type CheckoutMessage = z.infer<typeof checkoutMessageSchema>;
