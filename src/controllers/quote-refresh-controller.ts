/**
 * Fetches a fresh quote for the shown session when its price expires (or the server sent none):
 * one request at a time, cancelled when the host leaves the document or starts over; after a
 * failure the next try waits a backoff with jitter, never less than `Retry-After`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, type ApiClient } from '../api/api-client.js';
import { backoffDelay } from '../api/retry-policy.js';
import type { ServerClock } from '../api/server-clock.js';
import { fromQuote, type QuoteFigures, type SessionView } from '../core/session-view.js';
import { widgetError, type WidgetError } from '../core/widget-error.js';

export interface QuoteRefreshOptions {
  clock: ServerClock;
  onQuote: (quote: QuoteFigures) => void;
  onError: (error: WidgetError) => void;
}

export class QuoteRefreshController implements ReactiveController {
  readonly #options: QuoteRefreshOptions;
  #abort: AbortController | null = null;
  #failures = 0;
  /** Server time before which no retry goes out. */
  #retryAt = 0;

  constructor(host: ReactiveControllerHost, options: QuoteRefreshOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** Whether a retry after a failure may go out at `now` (none in flight, the backoff over). */
  due(now: number): boolean {
    return !this.#abort && now >= this.#retryAt;
  }

  /** Asks `client` for a fresh quote for `session`'s amount, currencies and network. */
  async refresh(session: SessionView | null, client: ApiClient | null): Promise<void> {
    if (!session || !client || this.#abort) return;
    const { fiatAmount, fiatCurrency, cryptoCurrency, network } = session;
    if (fiatAmount === null || fiatCurrency === null || cryptoCurrency === null) return;
    const abort = (this.#abort = new AbortController());
    try {
      const request = { fiat_amount: fiatAmount, fiat_currency: fiatCurrency, crypto_currency: cryptoCurrency, ...(network ? { network } : {}) };
      const { data } = await client.createQuote(request, abort.signal);
      if (abort.signal.aborted) return;
      this.#failures = 0;
      this.#options.onQuote(fromQuote(data));
    } catch (cause) {
      if (abort.signal.aborted) return;
      const error = cause instanceof ApiError ? cause : null;
      this.#failures += 1;
      this.#retryAt = this.#options.clock.now() + backoffDelay(this.#failures, error?.retryAfterMs);
      this.#options.onError(error?.error.recoverable === false ? error.error : widgetError('QUOTE_REFRESH_FAILED', { requestId: error?.error.requestId }));
    } finally {
      if (this.#abort === abort) this.#abort = null;
    }
  }

  /** Cancels the request in flight, if any. */
  cancel(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  hostDisconnected(): void {
    this.cancel();
  }
}
