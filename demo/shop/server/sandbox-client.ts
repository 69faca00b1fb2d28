/**
 * The demo shop's server calls the onramp API as any merchant's server does: with its secret key,
 * through `onramp-checkout/server` (here from its source, `src/server-client/`), to the API's address on
 * this machine. In the public demo it passes on the visitor's address (`X-Forwarded-For`), so the
 * API's per-address limits see the visitor, not this server.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorEnvelopeSchema } from '../../../src/contract/write/envelope.js';
import { OnrampApiError, type OnrampClient, createOnrampClient } from '../../../src/server-client/index.js';
import { envelopeError } from '../../http-common/index.js';

export interface SandboxCall {
  /** The API's internal URL (`SandboxHandle.internalApiUrl`). */
  apiUrl: string;
  key: string;
  /** The visitor's address, forwarded in the public demo. */
  forwardedFor?: string | undefined;
}

const forwarded = (call: SandboxCall): Record<string, string> =>
  call.forwardedFor ? { 'X-Forwarded-For': call.forwardedFor } : {};

/**
 * The server client for one request of the demo. No retries: each call relays a page's request
 * once, so a 429 goes back to the page at once with its `Retry-After` (the visitor is over their own
 * limit; waiting here would hold their request open and spend more of it).
 */
export function onrampClient(call: SandboxCall): OnrampClient {
  return createOnrampClient({ apiKey: call.key, baseUrl: call.apiUrl, maxRetries: 0, headers: forwarded(call) });
}

/**
 * The API's error as the envelope the demo's pages read: the same status, code, message, `param`
 * and request id the API answered (and its `Retry-After`). No answer at all, or one that is not the
 * API's, is a 502 of the demo's own. Anything but an `OnrampApiError` is thrown on.
 */
export function apiErrorResponse(c: Context, error: unknown): Response {
  if (!(error instanceof OnrampApiError)) throw error;
  const retryAfter: Record<string, string> =
    error.retryAfter === undefined ? {} : { 'Retry-After': String(error.retryAfter) };
  if (error.status === 0 || error.code === 'INVALID_RESPONSE' || error.requestId === undefined) {
    return envelopeError(c, 502, error.code, 'The onramp API did not answer; try again', retryAfter);
  }
  const { code, message, param, requestId } = error;
  const body = {
    success: false,
    error: { code, message, ...(param === undefined ? {} : { param }), request_id: requestId },
  };
  return c.json(body, error.status as ContentfulStatusCode, {
    'Cache-Control': 'no-store',
    'Request-Id': requestId,
    ...retryAfter,
  });
}

/** A list, or none when the API refused it (any other failure is thrown on). */
export const orNone = <T>(list: Promise<T[]>): Promise<T[]> =>
  list.catch((error: unknown) => {
    if (error instanceof OnrampApiError) return [];
    throw error;
  });

/**
 * What the browser sent, relayed as the request body of an operation: the API validates it, and
 * its error envelope (`param` included) goes back to the page as it is. The client's types say
 * what a body should be; they cannot vouch for a body the demo did not write.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a named cast, on purpose (see above)
export const relayed = <T>(body: unknown): T => body as T;

/**
 * The sandbox's answer as it came (status, JSON type, length, the body streamed): for answers the
 * demo passes on unchanged, which it need neither parse nor write again. The console's transaction
 * routes use it, not the server client: a page of transactions can be most of a megabyte, and the
 * client would parse it (and the demo write it again) synchronously on the event loop every
 * visitor shares.
 */
/** As long as the server client waits for one call (src/server-client/client.ts). */
const FORWARD_TIMEOUT_MS = 30_000;

export async function forwardSandbox(c: Context, call: SandboxCall, path: string): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetch(`${call.apiUrl}${path}`, {
      headers: { 'X-API-Key': call.key, Accept: 'application/json', ...forwarded(call) },
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    // As the other console routes answer when the server client cannot reach the API.
    const code = error instanceof DOMException && error.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR';
    return envelopeError(c, 502, code, 'The onramp API did not answer; try again');
  }
  const headers = new Headers({
    'Content-Type': answer.headers.get('Content-Type') ?? 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  // fetch hands over the body decoded: its length is the upstream's only when it was not compressed.
  const lengths = answer.headers.has('Content-Encoding') ? [] : ['Content-Length'];
  for (const name of [...lengths, 'Request-Id', 'Retry-After']) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * One quote requested with `key`, whatever its type, for the console's "Test key": the status and
 * error code it got. Not the server client: it takes secret keys only, and this tests publishable
 * keys too.
 */
export async function tryKey(call: SandboxCall): Promise<{ status: number; code: string | null }> {
  const answer = await fetch(`${call.apiUrl}/v1/onramp/quote`, {
    method: 'POST',
    headers: { 'X-API-Key': call.key, 'Content-Type': 'application/json', ...forwarded(call) },
    body: JSON.stringify({ fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH' }),
  });
  const error = errorEnvelopeSchema.safeParse(await answer.json().catch(() => null));
  return { status: answer.status, code: error.success ? error.data.error.code : null };
}
