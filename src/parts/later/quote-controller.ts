/**
 * The quote's timers, in one place (in the `later` part): after each update it has a price that
 * changed before the part arrived judged (`judge-price`), and asks the quote's
 * policy (`core/quote-policy.ts`) when the next fresh quote is due, and holds one timer for it; at a
 * price's expiry it tells the machine (`quote-expired`) and asks the `QuoteRefresher`, one request
 * at a time, retries after a backoff never shorter than `Retry-After`. Stops with the host, resumes
 * when it comes back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../api/api-client.js';
import { MAX_DELAY_MS } from '../../api/retry-policy.js';
import type { ServerClock } from '../../api/server-clock.js';
import type { FlowInput, FlowState } from '../../core/flow-machine.js';
import { nextQuote } from '../../core/quote-policy.js';
import { QuoteRefresher } from './quote-refresher.js';
import { Timer } from '../../controllers/timer.js';

export interface QuoteControllerOptions {
  clock: ServerClock;
  /** The machine's state now. */
  state: () => FlowState;
  send: (input: FlowInput) => void;
  /** The API client of the configured session, if any. */
  client: () => ApiClient | null;
}

export class QuoteController implements ReactiveController {
  readonly #options: QuoteControllerOptions;
  readonly #refresher: QuoteRefresher;
  readonly #timer = new Timer();
  #connected: boolean;

  constructor(host: ReactiveControllerHost & Element, options: QuoteControllerOptions) {
    this.#options = options;
    this.#refresher = new QuoteRefresher(options.clock, options.send);
    this.#connected = host.isConnected;
    host.addController(this);
  }

  /** Sets the one timer to the policy's next step (after each update, and after each answer). */
  sync(): void {
    const { clock, state, send } = this.#options;
    const { status, session, quoteNotice, price } = state();
    // A price that changed before this part arrived (the machine's judge comes with it) is judged now.
    if (status === 'pending' && price && price.shown !== session?.quote.cryptoAmount) send({ type: 'judge-price' });
    const plan = this.#connected
      ? nextQuote({
          pending: status === 'pending',
          quote: session?.quote ?? null,
          refreshing: quoteNotice === 'refreshing',
          now: clock.now(),
          inFlight: this.#refresher.inFlight,
          retryAt: this.#refresher.retryAt,
        })
      : ({ kind: 'stop' } as const);
    if (plan.kind === 'stop') return this.#timer.stop();
    this.#timer.start(() => this.#due(plan.expire), Math.min(plan.ms, MAX_DELAY_MS));
  }

  /** A new configuration: the quote in flight was for another session. */
  reset(): void {
    this.#refresher.cancel();
    this.#timer.stop();
  }

  #due(expire: boolean): void {
    const { session, quoteNotice } = this.#options.state();
    const client = this.#options.client();
    if (expire && quoteNotice !== 'refreshing') this.#options.send({ type: 'quote-expired' });
    // Planned again once answered (the answer's update plans too; a failure may change nothing).
    if (client && session) void this.#refresher.refresh(client, session).then(() => this.sync());
  }

  hostConnected(): void {
    this.#connected = true;
    this.sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#refresher.cancel();
    this.#timer.stop();
  }
}
