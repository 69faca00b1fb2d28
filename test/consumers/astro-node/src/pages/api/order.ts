/** The order endpoint the widget's `session-url` points at: rendered on demand, by the Node adapter. */
import type { APIContext, APIRoute } from 'astro';
import { handleOrder } from '../../order-handler';

export const prerender = false;

/**
 * The connection's address. Astro's `clientAddress` is the first `X-Forwarded-For` entry when a
 * request has one (any client can write it: each made-up value would be a bucket of its own), and
 * the getter throws when the address is unknown (a connection already reset): either way the
 * order names no address, and counts in the handler's shared bucket.
 */
function connectionAddress(context: APIContext): string | undefined {
  if (context.request.headers.has('x-forwarded-for')) return undefined;
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export const POST: APIRoute = (context) => handleOrder(context.request, { clientAddress: connectionAddress(context) });
