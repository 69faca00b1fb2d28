/**
 * Hints the hosted checkout posts to the page that embeds it (iframe parent or popup opener).
 * They are only reasons to poll now: session state always comes from the API.
 *
 * The widget appends `embed_origin=<its origin>` to `redirect_url` when it opens the page in an
 * iframe or a popup; the page posts to exactly that origin (when it is an allowed merchant origin).
 */
import * as z from 'zod/mini';
import { sessionIdSchema } from './primitives.js';

export const CHECKOUT_MESSAGE_SOURCE = 'onramp-hosted-checkout';
export const EMBED_ORIGIN_PARAM = 'embed_origin';

export const checkoutMessageSchema = z.discriminatedUnion('type', [
  z.object({ source: z.literal(CHECKOUT_MESSAGE_SOURCE), type: z.literal('ready'), session_id: sessionIdSchema }),
  z.object({ source: z.literal(CHECKOUT_MESSAGE_SOURCE), type: z.literal('submitted'), session_id: sessionIdSchema }),
  z.object({
    source: z.literal(CHECKOUT_MESSAGE_SOURCE),
    type: z.literal('resize'),
    session_id: sessionIdSchema,
    height: z.int().check(z.gte(0), z.lte(10_000)),
  }),
]);
export type CheckoutMessage = z.infer<typeof checkoutMessageSchema>;
