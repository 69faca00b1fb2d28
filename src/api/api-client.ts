/**
 * The widget's only door to the API. It owns fetch, timeouts, abort signals, reading every answer
 * with the contract's reading schemas (any answer the spec allows, from any server), and turning
 * every failure into a typed `ApiRequestError`. Callers get typed data or an error; nothing unparsed leaks
 * past this file.
 */
import * as z from 'zod/mini';
import { readErrorBody, successRead } from '../contract/read/envelope.js';
import { sessionStatusRead, type SessionStatusRead } from '../contract/read/session.js';
import { widgetError, type OnrampError, type OnrampErrorCode } from '../core/widget-error.js';
import type { ProblemValues } from '../diagnostics/problems.js';
import type { HeadStart } from './head-start.js';
import { isOffline } from './offline.js';
import { parseRetryAfter } from './retry-policy.js';
import type { ServerClock } from './server-clock.js';
import { apiUrl, REQUEST_OPTIONS, sameStatusRequest, statusRequest } from './status-request.js';

/**
 * A request of the widget's that failed, as the element shows it (`error`). Internal: what leaves the
 * element is `error`, in an `onramp-error` event (the server client's is `OnrampApiError`, the
 * API's own `ErrorAnswer`).
 */
export class ApiRequestError extends Error {
  readonly error: OnrampError;
  readonly status: number | null;
  /** Minimum wait the server asked for (429 `Retry-After`), ms. */
  readonly retryAfterMs: number | null;

  constructor(error: OnrampError, status: number | null = null, retryAfterMs: number | null = null) {
    super(error.message);
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
  /** A status request already sent for this element (the script-tag file's head start). */
  headStart?: HeadStart | undefined;
}

export interface ApiResponse<T> {
  data: T;
  requestId: string | undefined;
}

/** The quote the widget asks for: the session's own order (its currencies as the API named them). */
export interface QuoteRequestBody {
  fiat_amount: number;
  fiat_currency: string;
  crypto_currency: string;
  network?: string;
}

const statusEnvelope = successRead(sessionStatusRead);

const STATUS_CODES: Partial<Record<number, OnrampErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'SESSION_NOT_FOUND',
  429: 'RATE_LIMITED',
};

/** The modes a `KEY_MODE_MISMATCH` names: the key's, and the session's (the other one). */
const keyModes = (key: string): ProblemValues =>
  // eslint-disable-next-line @typescript-eslint/prefer-includes -- bytes, see config.ts
  /_live_/.test(key) ? { keyMode: 'live', sessionMode: 'test' } : { keyMode: 'test', sessionMode: 'live' };

/** How old a head start may be when the element adopts it, ms: normally it is a few tens of ms. */
const HEAD_START_MAX_AGE_MS = 3_000;

export class ApiClient {
  readonly #options: ApiClientOptions;
  #headStart: HeadStart | undefined;

  constructor(options: ApiClientOptions) {
    this.#options = options;
    this.#headStart = options.headStart;
  }

  /** `GET /v1/onramp`: the session's status, authorised by the publishable key and client secret. */
  async getSession(sessionId: string, signal?: AbortSignal): Promise<ApiResponse<SessionStatusRead>> {
    const { apiBase, publishableKey, clientSecret } = this.#options;
    const { url, init } = statusRequest(apiBase, publishableKey, clientSecret, sessionId);
    const answer = await this.request(url, init, statusEnvelope, signal, this.#adopt(url, init));
    // Another session's answer is never shown as this one.
    if (answer.data.session_id !== sessionId)
      throw new ApiRequestError(widgetError('MALFORMED_RESPONSE', { requestId: answer.requestId }), 200);
    return answer;
  }

  /**
   * Whether anything answers at the API's address, CORS aside: a `no-cors` request resolves (with an
   * opaque answer) when a server answers, and fails when nothing does or the page's CSP refuses it.
   * Tells "unreachable" from "refused by CORS" after a network error.
   */
  reachable(): Promise<boolean> {
    const { apiBase, fetch = globalThis.fetch } = this.#options;
    return fetch(apiUrl(apiBase, '/v1/onramp'), {
      mode: 'no-cors',
      ...REQUEST_OPTIONS,
      signal: AbortSignal.timeout(5000),
    }).then(
      () => true,
      () => false,
    );
  }

  /**
   * The head start, once, when it is this very request and fresh; any other is cancelled, unread
   * (an old answer, say from a page that waited in a background tab, is not shown as current).
   */
  #adopt(url: string, init: RequestInit): HeadStart | undefined {
    const start = this.#headStart;
    this.#headStart = undefined;
    const age = start ? Date.now() - start.sentAt : NaN;
    if (start && age >= 0 && age <= HEAD_START_MAX_AGE_MS && sameStatusRequest(start, { url, init })) return start;
    start?.abort.abort();
    return undefined;
  }

  /** The API base, for the requests of the parts (`QuoteRefresher`). */
  get apiBase(): string {
    return this.#options.apiBase;
  }

  /**
   * One request: fetch with the key, a timeout and the caller's signal; the answer read with
   * `schema`; every failure an `ApiRequestError`. The widget's own requests and its parts' go through here.
   */
  async request<T>(
    url: string,
    init: RequestInit,
    schema: z.ZodMiniType<{ data: T }>,
    signal: AbortSignal | undefined,
    early?: HeadStart,
  ): Promise<ApiResponse<T>> {
    const { publishableKey, clock, timeoutMs = 15_000, fetch = globalThis.fetch } = this.#options;
    // What the merchant's fix names: the address asked, the API base, what came back.
    // (The API's origin is read from `url` by the diagnostics.)
    const values: ProblemValues = { url: url.replace(/\?.*/, ''), apiBase: this.#options.apiBase };
    const fail = (
      code: OnrampErrorCode,
      requestId?: string,
      status: number | null = null,
      retryAfterMs: number | null = null,
    ) => new ApiRequestError(widgetError(code, { requestId, values }), status, retryAfterMs);
    if (isOffline()) {
      early?.abort.abort();
      throw fail('OFFLINE');
    }
    // One controller joins the caller's signal and the timeout, so both cancel the request.
    const controller = new AbortController();
    let timedOut = false;
    // An adopted request has been travelling since it was sent: its time counts.
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      early ? Math.max(0, timeoutMs - (Date.now() - early.sentAt)) : timeoutMs,
    );
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    // An adopted early request is cancelled by the same signal and timeout as one sent here.
    if (early) controller.signal.addEventListener('abort', () => early.abort.abort());
    const sentAt = early?.sentAt ?? Date.now();
    try {
      const sent =
        early?.response ??
        fetch(url, {
          ...init,
          // The client secret goes only where it is needed (the status): the spec shows no such
          // header, so a quote asks a server to allow no header beyond the key in CORS.
          headers: {
            'X-API-Key': publishableKey,
            ...(init.headers as Record<string, string>),
            ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          },
          signal: controller.signal,
          ...REQUEST_OPTIONS,
        });
      const response = await sent.catch((cause: unknown) => {
        throw signal?.aborted ? cause : fail(timedOut ? 'TIMEOUT' : isOffline() ? 'OFFLINE' : 'NETWORK_ERROR');
      });
      const { status, headers } = response;
      clock.observe(headers.get('Date'), sentAt, Date.now());
      const requestId = headers.get('Request-Id') ?? undefined;
      // Any body, JSON or not: an unreadable one is undefined (then malformed, or classified by
      // status), unless cancelled.
      const body: unknown = await response.json().catch(() => {
        if (signal?.aborted) throw signal.reason;
        if (timedOut) throw fail('TIMEOUT');
      });
      const contentType = headers.get('Content-Type') ?? '';
      Object.assign(values, { status: String(status), contentType });
      // A web page where the API should be (api-base points at the site, or at a 404 page); a
      // proxy's error page (5xx) is the API's trouble, retried as such.
      if (status < 500 && contentType.includes('html')) throw fail('API_NOT_AN_ONRAMP_API', requestId, status);
      if (!response.ok) {
        // The spec does not show an error body: read what one says, if anything, by its status.
        const error = readErrorBody(body);
        values.detail = error.message;
        throw fail(
          error.code === 'KEY_MODE_MISMATCH'
            ? (Object.assign(values, keyModes(publishableKey)), error.code)
            : (STATUS_CODES[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST')),
          error.requestId ?? requestId,
          status,
          status === 429 ? parseRetryAfter(headers.get('Retry-After'), clock.now()) : null,
        );
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw fail('MALFORMED_RESPONSE', requestId, status);
      return { data: parsed.data.data, requestId };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
