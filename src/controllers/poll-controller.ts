/**
 * Polls the session until the host stops it. Rules (DESIGN.md): at most one request in flight; the
 * host picks the interval per status; paused while the tab is hidden or offline and resumed at once
 * on return; exponential backoff with jitter after failures, never sooner than `Retry-After`;
 * everything stops when the element leaves the document, and resumes (once) if it comes back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { backoffDelay } from '../api/retry-policy.js';

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

export class PollController implements ReactiveController {
  readonly #options: PollControllerOptions;
  #wanted = false;
  #connected = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
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

  /** Whether a request is in flight now (for tests and leak checks). */
  get inFlight(): boolean {
    return this.#inFlight !== null;
  }

  get running(): boolean {
    return this.#wanted && this.#connected;
  }

  /** Starts polling with an immediate request. */
  start(): void {
    this.#wanted = true;
    this.#failures = 0;
    this.#notBefore = 0;
    if (this.#connected) {
      this.#listen();
      this.pollNow();
    }
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
    if (this.#paused()) {
      this.#onOffline();
      return;
    }
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    const wait = this.#notBefore - Date.now();
    if (wait > 0) {
      this.#schedule(wait);
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    void this.#run();
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#wanted) {
      this.#listen();
      this.pollNow();
    }
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#halt();
  }

  #halt(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#inFlight?.abort();
    this.#inFlight = null;
    this.#again = false;
    this.#unlisten();
  }

  #paused(): boolean {
    return (typeof document !== 'undefined' && document.hidden) || (typeof navigator !== 'undefined' && navigator.onLine === false);
  }

  async #run(): Promise<void> {
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#again = false;
    const outcome = await this.#options.poll(controller.signal);
    if (this.#inFlight !== controller) return; // stopped or disconnected meanwhile
    this.#inFlight = null;
    this.#notBefore = !outcome.ok && outcome.retryAfterMs ? Date.now() + outcome.retryAfterMs : 0;
    if (!this.running) return;

    let delay: number | null;
    if (outcome.ok) {
      this.#failures = 0;
      delay = this.#options.interval();
    } else if (!outcome.retry) {
      delay = null;
    } else {
      this.#failures += 1;
      delay = backoffDelay(this.#failures, outcome.retryAfterMs, this.#options.random);
    }
    if (delay === null) {
      this.stop();
      return;
    }
    // A hint that arrived mid-request gets its own poll, unless the server asked us to wait.
    if (this.#again && outcome.ok) delay = 0;
    this.#schedule(delay);
  }

  #schedule(delay: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#paused()) return; // resumed by the visibility/online listeners
      void this.#run();
    }, delay);
  }

  readonly #onResume = (): void => {
    if (!this.#paused()) {
      this.#offlineReported = false;
      this.pollNow();
    }
  };

  readonly #onOffline = (): void => {
    if (!this.running || this.#offlineReported || typeof navigator === 'undefined' || navigator.onLine !== false) return;
    this.#offlineReported = true;
    this.#options.onOffline?.();
  };

  #listen(): void {
    if (this.#listening || typeof window === 'undefined') return;
    this.#listening = true;
    document.addEventListener('visibilitychange', this.#onResume);
    window.addEventListener('online', this.#onResume);
    window.addEventListener('offline', this.#onOffline);
  }

  #unlisten(): void {
    if (!this.#listening) return;
    this.#listening = false;
    document.removeEventListener('visibilitychange', this.#onResume);
    window.removeEventListener('online', this.#onResume);
    window.removeEventListener('offline', this.#onOffline);
  }
}
