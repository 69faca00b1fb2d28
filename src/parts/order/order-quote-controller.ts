/**
 * Amount first: the live price under the order form. Feeds `order-quote-plan.ts` (the decisions:
 * debounce, one request in flight, the latest order wins, backoff and `Retry-After`, a refresh at
 * the price's expiry) with what happens, and runs its timers; asks `POST /v1/onramp/quote` through
 * the widget's API client with the publishable key. A second timer ticks once a second while a price
 * is shown, for its age. Everything stops when the host leaves the page and resumes when it returns.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../api/api-client.js';
import type { ServerClock } from '../../api/server-clock.js';
import { apiUrl } from '../../api/status-request.js';
import { quoteBody } from '../../contract/order.js';
import { successRead } from '../../contract/read/envelope.js';
import { quoteRead } from '../../contract/read/quote.js';
import {
  initialQuotePlan,
  nextQuoteStep,
  orderChanged,
  quoteAnswered,
  quoteCancelled,
  quoteFailed,
  quoteSent,
  type QuotePlan,
} from '../../core/order-quote-plan.js';
import { MIN_QUOTE_GAP_MS } from '../../core/quote-policy.js';
import { fromQuote, type OnrampQuote } from '../../core/session-model.js';
import { Timer } from '../../controllers/timer.js';

const quoteEnvelope = successRead(quoteRead);

export interface ShownQuote {
  /** The order it prices (`quoteKey`). */
  key: string;
  quote: OnrampQuote;
  /** When it arrived, on the server's clock. */
  at: number;
}

export class OrderQuoteController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #clock: ServerClock;
  readonly #client: () => ApiClient | null;
  readonly #timer = new Timer();
  readonly #tick = new Timer();
  #plan: QuotePlan = initialQuotePlan;
  #abort: AbortController | null = null;
  #connected = false;
  /** The price on screen. */
  shown: ShownQuote | null = null;
  /** The last request failed (the form says it retries). */
  failing = false;

  constructor(host: ReactiveControllerHost, clock: ServerClock, client: () => ApiClient | null) {
    this.#host = host;
    this.#clock = clock;
    this.#client = client;
    host.addController(this);
  }

  /** Whether a request is in flight. */
  get loading(): boolean {
    return this.#plan.inFlight !== null;
  }

  /** The form's order to price now (`null`: none, the amount is refused). */
  want(key: string | null): void {
    const plan = orderChanged(this.#plan, key, this.#clock.now());
    if (plan === this.#plan) return;
    this.#plan = plan;
    // Called while the host renders: the request (and the update it asks for) after that render.
    void Promise.resolve().then(() => this.#step());
  }

  /** Stops for good (the session was created): nothing in flight, no timer. */
  stop(): void {
    this.want(null);
    this.#halt();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#step();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#halt();
  }

  #halt(): void {
    this.#timer.stop();
    this.#tick.stop();
    this.#abort?.abort();
    this.#abort = null;
    this.#plan = quoteCancelled(this.#plan);
  }

  #step(): void {
    if (!this.#connected) return;
    this.#timer.stop();
    const step = nextQuoteStep(this.#plan, this.#clock.now());
    if (step.kind === 'wait') this.#timer.start(() => this.#step(), step.ms);
    else if (step.kind === 'send') void this.#send(step.key);
    this.#ticking();
  }

  /** The age of the price on screen moves once a second. */
  #ticking(): void {
    if (this.shown && this.#connected && !this.#tick.pending)
      this.#tick.start(() => {
        this.#host.requestUpdate();
        this.#ticking();
      }, 1000);
  }

  async #send(key: string): Promise<void> {
    const client = this.#client();
    if (!client) return;
    this.#plan = quoteSent(this.#plan, key);
    const abort = (this.#abort = new AbortController());
    this.#host.requestUpdate();
    try {
      const { data } = await client.request(
        apiUrl(client.apiBase, '/v1/onramp/quote'),
        { method: 'POST', body: JSON.stringify(quoteBody(key)) },
        quoteEnvelope,
        abort.signal,
      );
      if (abort.signal.aborted) return;
      const quote = fromQuote(data);
      const now = this.#clock.now();
      // A price without a readable expiry is asked again in a minute (the spec says "typically 5"), and
      // one that has already run out not before MIN_QUOTE_GAP_MS (never a request per round trip).
      const answered = quoteAnswered(
        this.#plan,
        key,
        Math.max(quote.expiresAt ?? now + 60_000, now + MIN_QUOTE_GAP_MS),
      );
      this.#plan = answered.plan;
      this.failing = false;
      if (answered.show) this.shown = { key, quote, at: now };
    } catch (cause) {
      if (abort.signal.aborted) return;
      // The API client's error (read by shape: this part may hold another copy of its class).
      const { retryAfterMs = null } = (cause ?? {}) as { retryAfterMs?: number | null };
      this.#plan = quoteFailed(this.#plan, retryAfterMs, this.#clock.now());
      this.failing = true;
    } finally {
      if (this.#abort === abort) this.#abort = null;
    }
    this.#host.requestUpdate();
    this.#step();
  }
}
