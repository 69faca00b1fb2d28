/**
 * The doctor's requests: `fetch` with a deadline and a bound on the body it reads, and failures told
 * in a few words ("connection refused", "no answer within 10 s") instead of undici's `fetch failed`.
 */

/** A request, and how much time and body it may take. */
export interface BoundedRequest {
  method?: string;
  headers?: Record<string, string>;
  /** The whole exchange, body included. */
  timeoutMs: number;
  /** Bytes of body read at most; the rest is left unread. */
  maxBytes: number;
  redirect?: RequestRedirect;
}

/** An answer, with at most `maxBytes` of its body. */
export interface BoundedResponse {
  /** The final URL, after redirects. */
  url: string;
  /** True when `url` is not the one asked for. */
  redirected: boolean;
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** True when the body was longer than `maxBytes`. */
  truncated: boolean;
}

/** A request that got no answer, with the reason in words. */
export class RequestFailed extends Error {
  override readonly name = 'RequestFailed';
}

const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted TLS certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another host name',
};

/** A fetch failure in words. */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs / 1000} s`;
  // undici: TypeError('fetch failed') whose cause is the system error.
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const known = REASONS[code];
  if (known) return `${known} (${code})`;
  if (cause instanceof Error) return code ? `${cause.message} (${code})` : cause.message;
  return String(cause);
}

async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!body) return { bytes: new Uint8Array(), truncated: false };
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, length), truncated: false };
    chunks.push(value);
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return { bytes: Buffer.concat(chunks, length).subarray(0, maxBytes), truncated: true };
    }
  }
}

/** Sends the request; throws `RequestFailed` when no answer arrives in time. */
export async function boundedFetch(url: string, request: BoundedRequest): Promise<BoundedResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      redirect: request.redirect ?? 'follow',
      signal,
    });
    const { bytes, truncated } = await readBounded(response.body, request.maxBytes);
    return {
      url: response.url || url,
      redirected: response.redirected,
      status: response.status,
      headers: response.headers,
      body: bytes,
      truncated,
    };
  } catch (error) {
    throw new RequestFailed(failureReason(signal.aborted ? signal.reason : error, request.timeoutMs));
  }
}
