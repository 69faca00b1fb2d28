/**
 * Everything the element asks the API: checks the credentials, owns the API client, polls
 * `GET /v1/onramp` (a `PollController`: one request in flight, backoff, paused while hidden, not
 * rendered or offline, stopped on disconnect), and fetches a fresh quote when the price expires (one at a time;
 * after a failure the next try waits a backoff with jitter, never less than `Retry-After`). What
 * comes back is handed to the host as state-machine events.
 *
 * Never stranded: a read not answered within `STRAND_AFTER_MS` (the first retries), an answer that
 * is not the API, or a server that answers but refuses this page (CORS) makes the host offer the
 * buyer another way to pay (`stranded`), while polling goes on in the background and takes over
 * again when the API answers.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiClient, ApiRequestError } from '../api/api-client.js';
import type { ServerClock } from '../api/server-clock.js';
import { checkCredentials, normalizeOrigin, pageLocation, type WidgetCredentials } from '../core/config.js';
import { Timer } from './timer.js';
import type { BuyerSigns } from './buyer-signs.js';
import type { FlowInput } from '../core/flow-machine.js';
import { fromStatusView } from '../core/session-model.js';
import { widgetError, type OnrampError } from '../core/widget-error.js';
import { outOfReach } from '../diagnostics/problem-behaviour.js';
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
  send: (input: FlowInput & { type: 'session-fetched' | 'quote-refreshed' | 'failed' | 'stranded' }) => void;
}

/** How long the API may go unanswered before the buyer is offered another way to pay, ms. */
export const STRAND_AFTER_MS = 10_000;

/** The poll outcome that ends polling (no credentials, or the request was cancelled). */
const STOP: PollOutcome = { ok: false, retry: false, retryAfterMs: null };

export class SessionController implements ReactiveController {
  readonly #host: Element;
  readonly #options: SessionControllerOptions;
  readonly #poller: PollController;
  #seq = 0;
  /** Runs from a read's start until an answer the widget can use: then the buyer is stranded. */
  readonly #strand = new Timer();
  /** The last failure of a read since the last success, and how many in a row. */
  #lastError: OnrampError | null = null;
  #failuresInRow = 0;
  #apiBase = '';
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
    this.#strand.stop();
  }

  /** Polls as soon as the polling rules allow. */
  pollNow(): void {
    this.#poller.pollNow();
  }

  /** The `later` part arrived: the buyer's signs join the polling. */
  signsArrived(signs: typeof BuyerSigns): void {
    this.#poller.signsArrived(signs);
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
    this.credentials = this.client = null;
    this.#lastError = null;
    this.#failuresInRow = 0;
    const checked = checkCredentials(publishableKey, clientSecret);
    if (!checked.ok) return checked.error;
    if (!apiBase) return widgetError('MISSING_API_BASE', { values: { pageOrigin: pageLocation()?.origin } });
    if (!normalizeOrigin(apiBase)) return widgetError('INVALID_API_BASE', { values: { apiBase } });
    this.#apiBase = apiBase;
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

  hostDisconnected(): void {
    this.#strand.stop();
  }

  /** No usable answer in time: the buyer gets another way to pay (the host decides which). */
  #strandNow(): void {
    const last = this.#lastError;
    // Offline is the buyer's own network: the widget says so and resumes when it is back.
    if (last?.code === 'OFFLINE') return;
    const error = last && outOfReach(last.code) ? last : null;
    this.#options.send({
      type: 'stranded',
      error: error ?? widgetError('API_UNREACHABLE', { values: { ...last?.values, apiBase: this.#apiBase } }),
    });
  }

  #fail(error: OnrampError): void {
    this.#options.send({ type: 'failed', error });
  }

  async #poll(signal: AbortSignal): Promise<PollOutcome> {
    const { client, credentials } = this;
    if (!client || !credentials) return STOP;
    const seq = ++this.#seq;
    if (!this.#strand.pending) this.#strand.start(() => this.#strandNow(), STRAND_AFTER_MS);
    try {
      const { data } = await client.getSession(credentials.sessionId, signal);
      if (signal.aborted) return STOP;
      this.#strand.stop();
      this.#lastError = null;
      this.#failuresInRow = 0;
      this.#options.send({ type: 'session-fetched', session: fromStatusView(data), seq });
      return { ok: true };
    } catch (cause) {
      if (signal.aborted) return STOP;
      const error = cause instanceof ApiRequestError ? cause : null;
      const reported = (this.#lastError = error?.error ?? widgetError('NETWORK_ERROR'));
      this.#failuresInRow += 1;
      this.#fail(reported);
      if (!reported.recoverable) this.#strand.stop();
      // Not the API at all: no retry will fix it soon, so the buyer need not wait for one.
      else if (reported.code === 'API_NOT_AN_ONRAMP_API') this.#strandNow();
      // Twice no answer on the network: if a server answers a no-cors request, it refuses this page.
      else if (reported.code === 'NETWORK_ERROR' && this.#failuresInRow === 2 && (await client.reachable())) {
        // Cancelled while the probe travelled (TypeScript keeps the narrowing from before the await).
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
        if (signal.aborted) return STOP;
        const values = { ...reported.values, pageOrigin: pageLocation()?.origin };
        this.#lastError = widgetError('API_CORS_REFUSED', { values });
        this.#strandNow();
      }
      return { ok: false, retry: reported.recoverable, retryAfterMs: error?.retryAfterMs ?? null };
    }
  }
}
