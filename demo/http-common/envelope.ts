/**
 * docs/design.md's envelopes, as every server here writes them: `{success: false, error}` with a
 * request id, and `{success: true, data}`. The sandbox API answers its `ErrorAnswer`s through
 * `errorBody`; the servers beside it (the shop, its console, the webhook receiver's body checks) use
 * `envelopeError`, which makes a request id of its own, in the body and in `Request-Id`, as the API has.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorEnvelope } from '../../src/contract/write/envelope.js';
import { newRequestId } from './ids.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The error envelope as JSON text. */
export function errorBody(code: ErrorCode, message: string, requestId: string, param?: string): string {
  const envelope: ErrorEnvelope = {
    success: false,
    error: { code, message, ...(param === undefined ? {} : { param }), request_id: requestId },
  };
  return JSON.stringify(envelope);
}

/** `{success: true, data}` as JSON text. */
export function successBody(data: unknown): string {
  return JSON.stringify({ success: true, data });
}

/** The error envelope as a Hono answer, not stored by caches, with a new request id. */
export function envelopeError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const requestId = newRequestId();
  return c.json({ success: false, error: { code, message, request_id: requestId } }, status, {
    'Cache-Control': 'no-store',
    'Request-Id': requestId,
    ...headers,
  });
}
