/**
 * The session as the API tells it: checks the credentials, owns the API client, and polls
 * `GET /v1/onramp` through a `PollController` (its rules: one request in flight, backoff, paused
 * while hidden or offline, stopped on disconnect). The host applies what comes back.
 */
import type { ReactiveControllerHost } from 'lit';
import { ApiClient, ApiError } from '../api/api-client.js';
import type { ServerClock } from '../api/server-clock.js';
import { checkCredentials, normalizeOrigin, type WidgetCredentials } from '../core/config.js';
import { fromStatusView, type SessionView } from '../core/session-view.js';
import { widgetError, type WidgetError } from '../core/widget-error.js';
import { PollController, type PollOutcome } from './poll-controller.js';

export interface SessionControllerOptions {
  clock: ServerClock;
  /** Delay until the next poll after a success, or `null` to stop for good. */
  interval: () => number | null;
  /** A status response, numbered in request order (a late answer must not roll the status back). */
  onSession: (session: SessionView, seq: number) => void;
  /** A failed request: the typed error to show. */
  onError: (error: WidgetError) => void;
  /** Polling paused because the device went offline. */
  onOffline: () => void;
}

/** The poll outcome that ends polling (no credentials, or the request was cancelled). */
const STOP: PollOutcome = { ok: false, retry: false, retryAfterMs: null };

export class SessionController {
  readonly #options: SessionControllerOptions;
  readonly #poller: PollController;
  #seq = 0;
  /** The checked credentials, once `configure` accepted them. */
  credentials: WidgetCredentials | null = null;
  client: ApiClient | null = null;

  constructor(host: ReactiveControllerHost, options: SessionControllerOptions) {
    this.#options = options;
    this.#poller = new PollController(host, { poll: (signal) => this.#poll(signal), interval: options.interval, onOffline: options.onOffline });
  }

  /**
   * Stops polling and checks a new set of credentials; returns why they are refused, or `null`
   * when the client is ready (a secret key is refused here, before any request).
   */
  configure(publishableKey: string, clientSecret: string, apiBase: string): WidgetError | null {
    this.stop();
    this.credentials = this.client = null;
    const checked = checkCredentials(publishableKey, clientSecret);
    if (!checked.ok) return checked.error;
    if (!normalizeOrigin(apiBase)) return widgetError('INVALID_CONFIGURATION', { detail: 'api-base must be an https URL' });
    this.credentials = checked.value;
    this.client = new ApiClient({ apiBase, publishableKey: checked.value.publishableKey, clientSecret: checked.value.clientSecret, clock: this.#options.clock });
    return null;
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

  async #poll(signal: AbortSignal): Promise<PollOutcome> {
    const { client, credentials } = this;
    if (!client || !credentials) return STOP;
    const seq = ++this.#seq;
    try {
      const { data } = await client.getSession(credentials.sessionId, signal);
      if (signal.aborted) return STOP;
      this.#options.onSession(fromStatusView(data), seq);
      return { ok: true };
    } catch (cause) {
      if (signal.aborted) return STOP;
      const error = cause instanceof ApiError ? cause : null;
      const reported = error?.error ?? widgetError('NETWORK_ERROR');
      this.#options.onError(reported);
      return { ok: false, retry: reported.recoverable, retryAfterMs: error?.retryAfterMs ?? null };
    }
  }
}
