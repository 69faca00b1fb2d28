/**
 * The quote's request: a fresh quote for a session's order, one at a time; after a failure it keeps
 * when the next try may go out (`quoteRetryAt`: a backoff with jitter, never less than
 * `Retry-After`). When to ask is the policy's (`core/quote-policy.ts`), run by the
 * `QuoteController`, which owns one. In the `later` part: a price first expires minutes after the
 * order is painted.
 */
import type { ApiClient } from '../../api/api-client.js';
import type { ServerClock } from '../../api/server-clock.js';
import { apiUrl } from '../../api/status-request.js';
import { successRead } from '../../contract/read/envelope.js';
import { quoteRead } from '../../contract/read/quote.js';
import type { FlowInput } from '../../core/flow-machine.js';
import { MIN_QUOTE_GAP_MS, quoteRetryAt } from '../../core/quote-policy.js';
import { fromQuote, type OnrampSession } from '../../core/session-model.js';
import { widgetError, type OnrampError } from '../../core/widget-error.js';

const quoteEnvelope = successRead(quoteRead);

export class QuoteRefresher {
  readonly #clock: ServerClock;
  readonly #send: (input: FlowInput & { type: 'quote-refreshed' | 'failed' }) => void;
  #abort: AbortController | null = null;
  #failures = 0;
  /** Server time before which no retry goes out. */
  #retryAt = 0;

  constructor(clock: ServerClock, send: (input: FlowInput & { type: 'quote-refreshed' | 'failed' }) => void) {
    this.#clock = clock;
    this.#send = send;
  }

  /** Whether a retry may go out at `now` (none in flight, the backoff over). */
  due(now: number): boolean {
    return !this.#abort && now >= this.#retryAt;
  }

  /** A request is in flight. */
  get inFlight(): boolean {
    return !!this.#abort;
  }

  /** Server time before which no retry goes out. */
  get retryAt(): number {
    return this.#retryAt;
  }

  /** Aborts the request in flight (a new session, or the host gone). */
  cancel(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  /** Asks `client` for a fresh quote for `session`'s amount, currencies and network. */
  async refresh(client: ApiClient, session: OnrampSession): Promise<void> {
    const { fiatAmount, fiatCurrency, cryptoCurrency, network } = session;
    if (this.#abort || fiatAmount === null || fiatCurrency === null || cryptoCurrency === null) return;
    const abort = (this.#abort = new AbortController());
    try {
      const body = {
        fiat_amount: fiatAmount,
        fiat_currency: fiatCurrency,
        crypto_currency: cryptoCurrency,
        ...(network ? { network } : {}),
      };
      const { data } = await client.request(
        apiUrl(client.apiBase, '/v1/onramp/quote'),
        { method: 'POST', body: JSON.stringify(body) },
        quoteEnvelope,
        abort.signal,
      );
      if (abort.signal.aborted) return;
      this.#failures = 0;
      // A quote that has already run out (a server's clock, a one-second `Date`) is not asked for
      // again at once: never more than one refresh per MIN_QUOTE_GAP_MS.
      this.#retryAt = this.#clock.now() + MIN_QUOTE_GAP_MS;
      this.#send({ type: 'quote-refreshed', quote: fromQuote(data) });
    } catch (cause) {
      if (abort.signal.aborted) return;
      // The API client's error (read by shape: this part may hold another copy of its class).
      const { error, retryAfterMs } = (cause ?? {}) as { error?: OnrampError; retryAfterMs?: number | null };
      this.#failures += 1;
      this.#retryAt = quoteRetryAt(this.#clock.now(), this.#failures, retryAfterMs);
      // Never fatal: the spec does not say which keys may ask for quotes, and the session can
      // still be paid at the checkout's price. The order stays on screen; a retry comes later.
      this.#send({ type: 'failed', error: widgetError('QUOTE_REFRESH_FAILED', { requestId: error?.requestId }) });
    } finally {
      if (this.#abort === abort) this.#abort = null;
    }
  }
}
