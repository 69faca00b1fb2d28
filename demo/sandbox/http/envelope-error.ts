/**
 * docs/design.md's error envelope from the servers beside the API (the shop, its console, the webhook
 * receiver's body checks): a request id of its own, in the body and in `Request-Id`, as the API has.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { newRequestId } from '../domain/ids.js';

export function envelopeError(c: Context, status: ContentfulStatusCode, code: string, message: string, headers: Record<string, string> = {}): Response {
  const requestId = newRequestId();
  return c.json({ success: false, error: { code, message, request_id: requestId } }, status, { 'Cache-Control': 'no-store', 'Request-Id': requestId, ...headers });
}
