/**
 * The onramp API as a stub of `window.fetch`, for the framework component tests: one session whose
 * status the test sets, status answers after `latencyMs` of (fake) time, and a record of every
 * status request, so a test can count pollers without guessing at timing.
 */
import type { SessionStatus } from '../../src/contract/product.js';
import { stubResponse } from './settle.js';

export const PK = 'onramp_test_pk_abcdefghijklmnop1234';
export const SECRET_KEY = 'onramp_test_sk_abcdefghijklmnop1234';
export const SESSION_ID = 'ors_abcdefghijklmnop1234';
export const SECRET = `${SESSION_ID}_secret_ABCDEFGHIJKLMNOP5678`;
export const API = 'https://api.example.test';
export const CHECKOUT = 'https://checkout.example.test';
export const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
export const TX_HASH = `0x${'ab12'.repeat(16)}`;
/** Server time of session creation: a whole second. */
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The `session` property a merchant page passes: the creation response plus the order's own fields. */
export function createdSession(): Record<string, unknown> {
  return {
    session_id: SESSION_ID,
    client_secret: SECRET,
    redirect_url: `${CHECKOUT}/pay/${SESSION_ID}?t=tok_abcdefghijklmnop`,
    expires_at: iso(T0 + 30 * MIN),
    estimated_crypto_amount: '0.029460317460317460',
    fees: { platform_fee: 1.5, network_fee: 2.5, processing_fee: 3.2, total_fee: 7.2 },
    exchange_rate: 3150.42,
    quote_expires_at: iso(T0 + 5 * MIN),
    fiat_amount: 10000,
    fiat_currency: 'USD',
    crypto_currency: 'ETH',
    network: 'ethereum',
    wallet_address: WALLET,
  };
}

export interface StatusViewOptions {
  status: SessionStatus;
  expiresAt?: number;
  quoteExpiresAt?: number;
  redirectUrl?: string;
  metadata?: Record<string, unknown>;
}

/** A `GET /v1/onramp` status view of the test session (docs/design.md's extended shape). */
export function statusViewBody({
  status,
  expiresAt = T0 + 30 * MIN,
  quoteExpiresAt = T0 + 5 * MIN,
  redirectUrl = `${CHECKOUT}/pay/${SESSION_ID}?t=tok_abcdefghijklmnop`,
  metadata = {},
}: StatusViewOptions): Record<string, unknown> {
  const completed = status === 'completed';
  return {
    id: 'txn_abcdefghijklmnop1234',
    session_id: SESSION_ID,
    status,
    wallet_address: WALLET,
    crypto_currency: 'ETH',
    crypto_amount: '0.029460317460317460',
    fiat_currency: 'USD',
    fiat_amount: 10000,
    network: 'ethereum',
    // Shown only when completed (left out before, as docs/design.md says).
    ...(completed ? { tx_hash: TX_HASH, completed_at: iso(T0 + MIN) } : {}),
    fees: { platform_fee: 1.5, network_fee: 2.5, processing_fee: 3.2 },
    metadata,
    created_at: iso(T0),
    expires_at: iso(expiresAt),
    quote_expires_at: iso(quoteExpiresAt),
    exchange_rate: 3150.42,
    estimated_crypto_amount: '0.029460317460317460',
    redirect_url: redirectUrl,
  };
}

export interface StatusRequest {
  /** Device time (fake) when the request went out. */
  startedAt: number;
  signal: AbortSignal | null;
}

export class FakeOnrampApi {
  status: SessionStatus = 'pending';
  /** Fake-time delay before a status request is answered: overlapping pollers would show. */
  latencyMs = 0;
  readonly statusRequests: StatusRequest[] = [];
  /** The most status requests ever in flight at once. */
  maxInFlight = 0;
  /** Called as each request goes out, before it is answered: lets a test look at the page then. */
  onRequest: (() => void) | null = null;
  #inFlight = 0;

  statusView(): Record<string, unknown> {
    return statusViewBody({ status: this.status });
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    this.onRequest?.();
    const url = new URL(input instanceof Request ? input.url : input);
    if ((init.method ?? 'GET') !== 'GET' || url.pathname !== '/v1/onramp')
      return this.#respond(404, {
        success: false,
        error: { code: 'NOT_FOUND', message: 'Not found', request_id: 'req_404' },
      });
    const signal = init.signal ?? null;
    this.statusRequests.push({ startedAt: Date.now(), signal });
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    try {
      await this.#wait(this.latencyMs, signal);
      return this.#respond(200, { success: true, data: this.statusView() });
    } finally {
      this.#inFlight -= 1;
    }
  };

  #wait(ms: number, signal: AbortSignal | null): Promise<void> {
    // No timer for no latency: a fake clock would hold even a 0 ms timeout until the test ticks.
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const abort = () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      }, ms);
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    });
  }

  #respond(status: number, body: unknown): Response {
    return stubResponse(JSON.stringify(body), {
      status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Date: new Date(Date.now()).toUTCString(),
        'Request-Id': `req_${this.statusRequests.length}`,
      },
    });
  }
}
