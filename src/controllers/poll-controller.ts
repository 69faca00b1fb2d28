/**
 * Polls the session until the host stops it. Rules (DESIGN.md): at most one request in flight; the
 * host picks the interval per status; paused while the tab is hidden or offline and resumed at once
 * on return; exponential backoff with jitter after failures, never sooner than `Retry-After`;
 * everything stops when the element leaves the document, and resumes (once) if it comes back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isOffline } from '../api/offline.js';
import { backoffDelay } from '../api/retry-policy.js';
import { Timer } from './timer.js';

export type PollOutcome =
  | { ok: true }
  | { ok: false; retry: boolean; retryAfterMs: number | null };

export interface PollControllerOptions {
  /** Performs one poll; must resolve (not reject) with its outcome. */
  poll: (signal: AbortSignal) => Promise<PollOutcome>;
  /** Delay until the next poll after a success, or `null` to stop for good. */
  interval: () => number | null;
  random?: () => number;
  /** Polling paused because the device went offline (called once per outage). */
  onOffline?: () => void;
}

const paused = () => !!globalThis.document?.hidden || isOffline();

export class PollController implements ReactiveController {
  readonly #options: PollControllerOptions;
  readonly #timer = new Timer();
  #wanted = false;
  #connected = false;
  #inFlight: AbortController | null = null;
  #again = false;
  #failures = 0;
  #listening = false;
  /** Device time before which no request may go out (the server's `Retry-After`). */
  #notBefore = 0;
  #offlineReported = false;

  constructor(host: ReactiveControllerHost, options: PollControllerOptions) {
    this.#options = options;
    host.addController(this);
  }

  get running(): boolean {
    return this.#wanted && this.#connected;
  }

  /** Starts polling with an immediate request. */
  start(): void {
    this.#wanted = true;
    this.#failures = this.#notBefore = 0;
    this.#resume();
  }

  /** Stops for good (final state, or credentials changed); an in-flight request is cancelled. */
  stop(): void {
    this.#wanted = false;
    this.#halt();
  }

  /**
   * Polls as soon as possible: now, right after the request in flight, or, when the server asked
   * to wait (`Retry-After`), as soon as that wait is over.
   */
  pollNow(): void {
    if (!this.running) return;
    if (paused()) return this.#onOffline();
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    const wait = this.#notBefore - Date.now();
    if (wait > 0) return this.#schedule(wait);
    this.#timer.stop();
    void this.#run();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#resume();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#halt();
  }

  #resume(): void {
    if (!this.running) return;
    this.#listen(true);
    this.pollNow();
  }

  #halt(): void {
    this.#timer.stop();
    this.#inFlight?.abort();
    this.#inFlight = null;
    this.#again = false;
    this.#listen(false);
  }

  async #run(): Promise<void> {
    const controller = (this.#inFlight = new AbortController());
    this.#again = false;
    const outcome = await this.#options.poll(controller.signal);
    if (this.#inFlight !== controller) return; // stopped or disconnected meanwhile
    this.#inFlight = null;
    this.#notBefore = !outcome.ok && outcome.retryAfterMs ? Date.now() + outcome.retryAfterMs : 0;
    if (!this.running) return;
    this.#failures = outcome.ok ? 0 : this.#failures + 1;
    const delay = outcome.ok
      ? this.#options.interval()
      : outcome.retry
        ? backoffDelay(this.#failures, outcome.retryAfterMs, this.#options.random)
        : null;
    if (delay === null) return this.stop();
    // A hint that arrived mid-request gets its own poll, unless the server asked us to wait.
    this.#schedule(this.#again && outcome.ok ? 0 : delay);
  }

  #schedule(delay: number): void {
    this.#timer.start(() => {
      if (!paused()) void this.#run(); // else resumed by the visibility/online listeners
    }, delay);
  }

  readonly #onResume = (): void => {
    if (paused()) return;
    this.#offlineReported = false;
    this.pollNow();
  };

  readonly #onOffline = (): void => {
    if (!this.running || this.#offlineReported || !isOffline()) return;
    this.#offlineReported = true;
    this.#options.onOffline?.();
  };

  /** Adds (`true`) or removes the visibility and connectivity listeners, once. */
  #listen(on: boolean): void {
    if (this.#listening === on) return;
    this.#listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    document[method]('visibilitychange', this.#onResume);
    window[method]('online', this.#onResume);
    window[method]('offline', this.#onOffline);
  }
}
