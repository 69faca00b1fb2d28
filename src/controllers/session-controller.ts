/**
 * Everything the element asks the API: checks the credentials, owns the API client, polls
 * `GET /v1/onramp` (a `PollController`: one request in flight, backoff, paused while hidden, not
 * rendered or offline, stopped on disconnect), and fetches a fresh quote when the price expires (one at a time;
 * after a failure the next try waits a backoff with jitter, never less than `Retry-After`). What
 * comes back is handed to the host as state-machine events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiClient, ApiError } from '../api/api-client.js';
import { backoffDelay } from '../api/retry-policy.js';
import type { ServerClock } from '../api/server-clock.js';
import { checkCredentials, normalizeOrigin, type WidgetCredentials } from '../core/config.js';
import type { FlowInput } from '../core/flow-machine.js';
import { fromQuote, fromStatusView, type OnrampSession } from '../core/session-view.js';
import { widgetError, type OnrampError } from '../core/widget-error.js';
import { takeHeadStart } from '../api/head-start.js';
import { PollController, type PollControllerOptions, type PollOutcome } from './poll-controller.js';

export interface SessionControllerOptions {
  clock: ServerClock;
  /** The next step after a successful read (the host's polling policy). */
  next: PollControllerOptions['next'];
  /**
   * A status response (`session-fetched`, numbered in request order: a late answer must not roll
   * the status back), a fresh quote, or a failure (`OFFLINE` when polling pauses offline).
   */
  send: (event: FlowInput & { type: 'session-fetched' | 'quote-refreshed' | 'failed' }) => void;
}

/** The poll outcome that ends polling (no credentials, or the request was cancelled). */
const STOP: PollOutcome = { ok: false, retry: false, retryAfterMs: null };

export class SessionController implements ReactiveController {
  readonly #host: Element;
  readonly #options: SessionControllerOptions;
  readonly #poller: PollController;
  #seq = 0;
  #quoteAbort: AbortController | null = null;
  #quoteFailures = 0;
  /** Server time before which no quote retry goes out. */
  #quoteRetryAt = 0;
  /** The checked credentials, once `configure` accepted them. */
  credentials: WidgetCredentials | null = null;
  client: ApiClient | null = null;

  constructor(host: ReactiveControllerHost & Element, options: SessionControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#poller = new PollController(host, {
      poll: (signal) => this.#poll(signal),
      next: options.next,
      onOffline: () => this.#fail(widgetError('OFFLINE')),
    });
    host.addController(this);
  }

  /** Starts polling with an immediate request. */
  start(): void {
    this.#poller.start();
  }

  stop(): void {
    this.#poller.stop();
  }

  /** Polls as soon as the polling rules allow. */
  pollNow(): void {
    this.#poller.pollNow();
  }

  /** The host's state changed: the next read comes sooner if the policy now says so. */
  replan(): void {
    this.#poller.replan();
  }

  /**
   * Stops everything and checks a new set of credentials; returns why they are refused, or `null`
   * when the client is ready (a secret key is refused here, before any request).
   */
  configure(publishableKey: string, clientSecret: string, apiBase: string): OnrampError | null {
    this.stop();
    this.#cancelQuote();
    this.credentials = this.client = null;
    const checked = checkCredentials(publishableKey, clientSecret);
    if (!checked.ok) return checked.error;
    if (!normalizeOrigin(apiBase))
      return widgetError('INVALID_CONFIGURATION', { detail: 'api-base must be an https URL' });
    this.credentials = checked.value;
    // The status request the script-tag file may have sent for this element before it was defined.
    this.client = new ApiClient({
      ...checked.value,
      apiBase,
      clock: this.#options.clock,
      headStart: takeHeadStart(this.#host),
    });
    return null;
  }

  /** Whether a quote retry may go out at `now` (none in flight, the backoff over). */
  quoteDue(now: number): boolean {
    return !this.#quoteAbort && now >= this.#quoteRetryAt;
  }

  /** Asks for a fresh quote for `session`'s amount, currencies and network. */
  async refreshQuote(session: OnrampSession | null): Promise<void> {
    const client = this.client;
    if (!session || !client || this.#quoteAbort) return;
    const { fiatAmount, fiatCurrency, cryptoCurrency, network } = session;
    if (fiatAmount === null || fiatCurrency === null || cryptoCurrency === null) return;
    const abort = (this.#quoteAbort = new AbortController());
    try {
      const request = {
        fiat_amount: fiatAmount,
        fiat_currency: fiatCurrency,
        crypto_currency: cryptoCurrency,
        ...(network ? { network } : {}),
      };
      const { data } = await client.createQuote(request, abort.signal);
      if (abort.signal.aborted) return;
      this.#quoteFailures = 0;
      this.#options.send({ type: 'quote-refreshed', quote: fromQuote(data) });
    } catch (cause) {
      if (abort.signal.aborted) return;
      const error = cause instanceof ApiError ? cause : null;
      this.#quoteFailures += 1;
      this.#quoteRetryAt = this.#options.clock.now() + backoffDelay(this.#quoteFailures, error?.retryAfterMs);
      // Never fatal: the spec does not say which keys may ask for quotes, and the session can
      // still be paid at the checkout's price. The order stays on screen; a retry comes later.
      this.#fail(widgetError('QUOTE_REFRESH_FAILED', { requestId: error?.error.requestId }));
    } finally {
      if (this.#quoteAbort === abort) this.#quoteAbort = null;
    }
  }

  hostDisconnected(): void {
    this.#cancelQuote();
  }

  #fail(error: OnrampError): void {
    this.#options.send({ type: 'failed', error });
  }

  #cancelQuote(): void {
    this.#quoteAbort?.abort();
    this.#quoteAbort = null;
  }

  async #poll(signal: AbortSignal): Promise<PollOutcome> {
    const { client, credentials } = this;
    if (!client || !credentials) return STOP;
    const seq = ++this.#seq;
    try {
      const { data } = await client.getSession(credentials.sessionId, signal);
      if (signal.aborted) return STOP;
      this.#options.send({ type: 'session-fetched', session: fromStatusView(data), seq });
      return { ok: true };
    } catch (cause) {
      if (signal.aborted) return STOP;
      const error = cause instanceof ApiError ? cause : null;
      const reported = error?.error ?? widgetError('NETWORK_ERROR');
      this.#fail(reported);
      return { ok: false, retry: reported.recoverable, retryAfterMs: error?.retryAfterMs ?? null };
    }
  }
}
