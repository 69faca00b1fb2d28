/**
 * The widget's only door to the API. It owns fetch, timeouts, abort signals, parsing every answer
 * with the contract's schemas, and turning every failure into a typed `ApiError`. Callers get typed
 * data or an error; nothing unparsed leaks past this file.
 */
import * as z from 'zod/mini';
import { errorEnvelopeSchema, successEnvelope } from '../contract/schemas/envelope.js';
import { quoteSchema, type Quote } from '../contract/schemas/quote.js';
import type { QuoteRequest } from '../contract/schemas/quote-request.js';
import { sessionStatusViewSchema, type SessionStatusView } from '../contract/schemas/session.js';
import { widgetError, type WidgetError, type WidgetErrorCode } from '../core/widget-error.js';
import { parseRetryAfter } from './retry-policy.js';
import type { ServerClock } from './server-clock.js';

export class ApiError extends Error {
  readonly error: WidgetError;
  readonly status: number | null;
  /** Minimum wait the server asked for (429 `Retry-After`), ms. */
  readonly retryAfterMs: number | null;

  constructor(error: WidgetError, status: number | null = null, retryAfterMs: number | null = null) {
    super(error.message);
    this.name = 'ApiError';
    this.error = error;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface ApiClientOptions {
  apiBase: string;
  publishableKey: string;
  clientSecret: string;
  clock: ServerClock;
  timeoutMs?: number;
  /** Injectable for tests; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

export interface ApiResponse<T> {
  data: T;
  requestId: string | undefined;
}

const statusEnvelope = successEnvelope(sessionStatusViewSchema);
const quoteEnvelope = successEnvelope(quoteSchema);

function codeForStatus(status: number): WidgetErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'SESSION_NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

export class ApiClient {
  readonly #options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.#options = options;
  }

  /** `GET /v1/onramp`: the session's status, authorised by the publishable key and client secret. */
  getSession(sessionId: string, signal?: AbortSignal): Promise<ApiResponse<SessionStatusView>> {
    const query = new URLSearchParams({ session_id: sessionId });
    return this.#request(`/v1/onramp?${query}`, { method: 'GET' }, statusEnvelope, signal);
  }

  /** `POST /v1/onramp/quote`: a fresh price for the session's amount, currencies and network. */
  createQuote(request: QuoteRequest, signal?: AbortSignal): Promise<ApiResponse<Quote>> {
    const init: RequestInit = { method: 'POST', body: JSON.stringify(request) };
    return this.#request('/v1/onramp/quote', init, quoteEnvelope, signal);
  }

  async #request<T>(
    path: string,
    init: RequestInit,
    schema: z.ZodMiniType<{ success: true; data: T }>,
    signal: AbortSignal | undefined,
  ): Promise<ApiResponse<T>> {
    const { apiBase, publishableKey, clientSecret, clock, timeoutMs = 15_000 } = this.#options;
    const fetchImpl = this.#options.fetch ?? globalThis.fetch.bind(globalThis);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(widgetError('OFFLINE'));

    // One controller joins the caller's signal and the timeout, so both cancel the request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const headers: Record<string, string> = { 'X-API-Key': publishableKey, 'X-Client-Secret': clientSecret };
    if (init.body) headers['Content-Type'] = 'application/json';
    const sentAt = Date.now();
    try {
      let response: Response;
      try {
        response = await fetchImpl(`${apiBase.replace(/\/+$/, '')}${path}`, {
          ...init,
          headers,
          signal: controller.signal,
          credentials: 'omit',
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
        });
      } catch (cause) {
        if (signal?.aborted) throw cause;
        if (timedOut) throw new ApiError(widgetError('TIMEOUT'));
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        throw new ApiError(widgetError(offline ? 'OFFLINE' : 'NETWORK_ERROR'));
      }
      clock.observe(response.headers.get('Date'), sentAt, Date.now());
      const requestId = response.headers.get('Request-Id') ?? undefined;
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        if (signal?.aborted) throw signal.reason;
        if (timedOut) throw new ApiError(widgetError('TIMEOUT'));
        body = undefined;
      }
      if (!response.ok) {
        const envelope = errorEnvelopeSchema.safeParse(body);
        const code = codeForStatus(response.status);
        const retryAfterMs = response.status === 429 ? parseRetryAfter(response.headers.get('Retry-After'), clock.now()) : null;
        const extra: { requestId?: string; detail?: string } = {};
        const id = envelope.success ? envelope.data.error.request_id : requestId;
        if (id) extra.requestId = id;
        if (code === 'BAD_REQUEST' && envelope.success) extra.detail = envelope.data.error.message;
        throw new ApiError(widgetError(code, extra), response.status, retryAfterMs);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(widgetError('MALFORMED_RESPONSE', requestId ? { requestId } : {}), response.status);
      }
      return { data: parsed.data.data, requestId };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
