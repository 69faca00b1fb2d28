/**
 * One call to the API with `fetch` (Node 20+, Deno, Bun, edge runtimes): a timeout per attempt,
 * an `Idempotency-Key` on every POST (the same on each retry), bounded retries of 429, 5xx and
 * network errors that obey `Retry-After`, and the envelope read into data or an `OnrampApiError`.
 */
import { OnrampApiError } from './error.js';
import { backoffDelay, parseRetryAfter } from '../api/retry-policy.js';

export interface TransportOptions {
  apiKey: string;
  /** Sent with every request, beneath the client's own. */
  headers: Record<string, string>;
  baseUrl: string;
  /** Per attempt, ms. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest wait before a retry, ms: a longer `Retry-After` ends the retries. */
  maxRetryDelayMs: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

export interface CallOptions {
  /** Replaces the generated `Idempotency-Key` of a POST (keep it to retry the same creation later). */
  idempotencyKey?: string;
  /** Aborts the call (all attempts). */
  signal?: AbortSignal;
  /** This call's timeout per attempt, ms. */
  timeoutMs?: number;
  /**
   * Whether a 429 is retried (after its `Retry-After`). Default true; false where a refusal must
   * not turn into more calls (the order handler, calling for strangers).
   */
  retryRateLimited?: boolean;
}

export interface Request {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined> | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** `Retry-After` in whole seconds (the widget's reading of it: delta or HTTP date). */
function retryAfterSeconds(header: string | null): number | undefined {
  const ms = parseRetryAfter(header, Date.now());
  return ms === null ? undefined : Math.ceil(ms / 1000);
}

function urlOf(baseUrl: string, request: Request): string {
  const url = new URL(request.path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(request.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.href;
}

async function readAnswer(response: Response): Promise<unknown> {
  const requestId = response.headers.get('Request-Id') ?? undefined;
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const envelope = json as
    | {
        success?: unknown;
        data?: unknown;
        error?: { code?: unknown; message?: unknown; param?: unknown; request_id?: unknown };
      }
    | undefined;
  if (response.ok && envelope?.success === true && 'data' in envelope) return envelope.data;
  const error = envelope?.success === false ? envelope.error : undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    throw new OnrampApiError({
      code: error.code,
      message: error.message,
      status: response.status,
      requestId: typeof error.request_id === 'string' ? error.request_id : requestId,
      param: typeof error.param === 'string' ? error.param : undefined,
      retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
    });
  }
  throw new OnrampApiError({
    code: 'INVALID_RESPONSE',
    message: `The API answered ${response.status} without its JSON envelope`,
    status: response.status,
    requestId,
    retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
  });
}

/** Retries wait 0.5 s, doubling, with jitter (the widget's backoff), never less than `Retry-After`. */
const RETRY_BACKOFF = { baseMs: 500, capMs: 30_000 };
const backoffMs = (attempt: number, retryAfter: number | undefined): number =>
  backoffDelay(attempt, retryAfter === undefined ? null : retryAfter * 1000, Math.random, RETRY_BACKOFF);

export async function send<T>(transport: TransportOptions, request: Request, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...transport.headers,
    Accept: 'application/json',
    'X-API-Key': transport.apiKey,
    ...request.headers,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.method === 'POST') headers['Idempotency-Key'] = options.idempotencyKey ?? crypto.randomUUID();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const url = urlOf(transport.baseUrl, request);
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs;

  for (let attempt = 0; ; attempt += 1) {
    options.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let failure: OnrampApiError;
    try {
      const response = await transport.fetch(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal,
      });
      return (await readAnswer(response)) as T;
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (error instanceof OnrampApiError) {
        if (!RETRYABLE.has(error.status) || (error.status === 429 && options.retryRateLimited === false)) throw error;
        failure = error;
      } else if (timeout.aborted) {
        failure = new OnrampApiError({
          code: 'TIMEOUT',
          message: `${request.method} ${request.path} got no answer within ${timeoutMs} ms`,
          status: 0,
          cause: error,
        });
      } else {
        failure = new OnrampApiError({
          code: 'NETWORK_ERROR',
          message: `${request.method} ${request.path} could not reach the API`,
          status: 0,
          cause: error,
        });
      }
    }
    const delay = backoffMs(attempt + 1, failure.retryAfter);
    if (attempt >= transport.maxRetries || delay > transport.maxRetryDelayMs) throw failure;
    await transport.sleep(delay);
  }
}
