/**
 * The widget's reader of the hints the hosted checkout posts to the page that embeds it (iframe
 * parent or popup opener). The protocol itself (the message source, types and shape, the
 * `embed_origin` parameter) is checkout-protocol.ts, which the checkout's own code imports too.
 * They are only reasons to poll now: session state always comes from the API.
 */
import type * as z from 'zod/mini';
import {
  CHECKOUT_MAX_HEIGHT,
  CHECKOUT_MESSAGE_SOURCE,
  CHECKOUT_MESSAGE_TYPES,
  type CheckoutMessage,
} from '../checkout-protocol.js';
import { integerRead, sessionIdRead } from './fields.js';
import { fields, oneOf, optional, rule } from './kinds.js';

/** One flat shape rather than a discriminated union: no union kind in the browser. */
export const checkoutMessageSchema: z.ZodMiniType<CheckoutMessage> = fields({
  source: oneOf([CHECKOUT_MESSAGE_SOURCE]),
  type: oneOf(CHECKOUT_MESSAGE_TYPES),
  session_id: sessionIdRead,
  /** Document height in CSS pixels, with `resize`. */
  height: optional(integerRead.check(rule((height) => height >= 0 && height <= CHECKOUT_MAX_HEIGHT))),
});
