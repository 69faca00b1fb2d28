/**
 * Polls the session until the host stops it. Rules (docs/design.md): at most one request in flight; the
 * host's policy (`core/poll-policy.ts`) picks the next wait from the state and the reads since the
 * buyer's last sign; a sign of the buyer (`BuyerSigns`) reads at once when it marks a return, and
 * restarts the policy's growth; nothing while the tab is hidden, the element not rendered or the
 * device offline, and one read at once when that ends; exponential backoff with
 * jitter after failures, never sooner than `Retry-After`; everything stops when the element leaves
 * the document, and resumes (once) if it comes back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isOffline } from '../api/offline.js';
import { backoffDelay } from '../api/retry-policy.js';
import type { PollPlan } from '../core/poll-policy.js';
import { type BuyerSign, type BuyerSigns, isResumeSign, isReturnSign } from './buyer-signs.js';
import { Timer } from './timer.js';

/** At most one read from signs in this long; pointer and key activity after this long without a sign is a return. */
const SIGN_GAP_MS = 3000;
/** A sign never reads sooner than this after the last read (focus and visibility often come together). */
const SIGN_MIN_AGE_MS = 1000;

export type PollOutcome = { ok: true } | { ok: false; retry: boolean; retryAfterMs: number | null };

export interface PollControllerOptions {
  /** Performs one poll; must resolve (not reject) with its outcome. */
  poll: (signal: AbortSignal) => Promise<PollOutcome>;
  /**
   * The next step after a successful read (the host's policy), given the reads since the buyer's
   * last sign, how long the last read took to answer, and whether polling is paused.
   */
  next: (state: { readsSinceSign: number; lastReadMs: number; paused: boolean }) => PollPlan;
  random?: () => number;
  /** Polling paused because the device went offline (called once per outage). */
  onOffline?: () => void;
}

export class PollController implements ReactiveController {
  readonly #options: PollControllerOptions;
  readonly #timer = new Timer();
  #wanted = false;
  #connected = false;
  #inFlight: AbortController | null = null;
  #again = false;
  #failures = 0;
  #listening = false;
  readonly #host: Element;
  /** The buyer's signs: from the `later` part, a moment after the first paint. */
  #signs: BuyerSigns | undefined;
  #readsSinceSign = 0;
  /** Device times: the last read sent and answered, the last sign, the last read a sign caused; when the timer fires. */
  #lastSentAt = 0;
  #lastReadAt = 0;
  #lastSignAt = Number.NEGATIVE_INFINITY;
  #lastSignReadAt = Number.NEGATIVE_INFINITY;
  #dueAt = Number.POSITIVE_INFINITY;
  /** Device time before which no request may go out (the server's `Retry-After`). */
  #notBefore = 0;
  #offlineReported = false;

  constructor(host: ReactiveControllerHost & Element, options: PollControllerOptions) {
    this.#options = options;
    this.#host = host;
    host.addController(this);
  }

  /** Nothing is read while the tab is hidden, the element not rendered, or the device offline. */
  #paused(): boolean {
    return document.hidden || this.#signs?.rendered === false || isOffline();
  }

  #plan(paused: boolean): PollPlan {
    return this.#options.next({
      readsSinceSign: this.#readsSinceSign,
      lastReadMs: this.#lastReadAt - this.#lastSentAt,
      paused,
    });
  }

  get running(): boolean {
    return this.#wanted && this.#connected;
  }

  /** Starts polling with an immediate request. */
  start(): void {
    this.#wanted = true;
    this.#failures = this.#notBefore = this.#readsSinceSign = 0;
    this.#resume();
  }

  /**
   * Asks the policy again after the host's state changed (the checkout opened, the status moved):
   * the next read comes sooner if the policy now says so, never later.
   */
  replan(): void {
    if (!this.running || this.#inFlight || this.#failures > 0 || this.#paused()) return;
    const plan = this.#plan(false);
    if (plan.kind !== 'read') return;
    const due = Math.max(this.#lastReadAt + plan.ms, this.#notBefore);
    if (due < this.#dueAt) this.#schedule(Math.max(0, due - Date.now()));
  }

  /** The `later` part arrived with the buyer's signs: they are listened to from now on. */
  signsArrived(signs: typeof BuyerSigns): void {
    if (this.#signs) return;
    this.#signs = new signs(this.#host, (sign) => this.#onSign(sign));
    if (this.#listening) this.#signs.listen(true);
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
    if (this.#paused()) return this.#onOffline();
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    const wait = this.#notBefore - Date.now();
    if (wait > 0) return this.#schedule(wait);
    this.#timer.stop();
    this.#dueAt = Number.POSITIVE_INFINITY;
    void this.#run();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#readsSinceSign = 0; // (re)added to a page: the policy starts over
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
    this.#dueAt = Number.POSITIVE_INFINITY;
    this.#inFlight?.abort();
    this.#inFlight = null;
    this.#again = false;
    this.#listen(false);
  }

  async #run(): Promise<void> {
    const controller = (this.#inFlight = new AbortController());
    this.#again = false;
    this.#lastSentAt = Date.now();
    const outcome = await this.#options.poll(controller.signal);
    if (this.#inFlight !== controller) return; // stopped or disconnected meanwhile
    this.#inFlight = null;
    this.#lastReadAt = Date.now();
    this.#notBefore = !outcome.ok && outcome.retryAfterMs ? this.#lastReadAt + outcome.retryAfterMs : 0;
    if (!this.running) return;
    this.#failures = outcome.ok ? 0 : this.#failures + 1;
    if (outcome.ok) this.#readsSinceSign += 1;
    const plan: PollPlan = outcome.ok
      ? this.#plan(this.#paused())
      : outcome.retry
        ? { kind: 'read', ms: backoffDelay(this.#failures, outcome.retryAfterMs, this.#options.random) }
        : { kind: 'stop' };
    if (plan.kind === 'stop') {
      this.stop();
      return;
    }
    if (plan.kind === 'wait') return; // a return (visible, online) reads again
    // A hint that arrived mid-request gets its own poll, unless the server asked us to wait.
    // (pollNow() sets #again while the request is awaited; TypeScript keeps the narrowing from above.)
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    this.#schedule(this.#again && outcome.ok ? 0 : plan.ms);
  }

  #schedule(delay: number): void {
    this.#dueAt = Date.now() + delay;
    this.#timer.start(() => {
      this.#dueAt = Number.POSITIVE_INFINITY;
      if (!this.#paused()) void this.#run(); // else resumed by the buyer's return (visible, rendered, online)
    }, delay);
  }

  /**
   * A sign of the buyer: the policy's growth starts over. The end of a pause (the tab shown, online,
   * restored, the element rendered again) reads at once; another return (focus, or activity after a quiet while) reads at once
   * too, but at most once per `SIGN_GAP_MS` and never within `SIGN_MIN_AGE_MS` of the last
   * read; other activity only brings the next read closer.
   */
  #onSign(sign: BuyerSign): void {
    if (!this.running || this.#paused()) return;
    this.#offlineReported = false;
    const now = Date.now();
    const returning = isReturnSign(sign) || now - this.#lastSignAt >= SIGN_GAP_MS;
    this.#lastSignAt = now;
    this.#readsSinceSign = 0;
    if (isResumeSign(sign)) return this.pollNow();
    const fresh = this.#inFlight ?? now - this.#lastReadAt < SIGN_MIN_AGE_MS;
    if (returning && !fresh && now - this.#lastSignReadAt >= SIGN_GAP_MS) {
      this.#lastSignReadAt = now;
      return this.pollNow();
    }
    this.replan();
  }

  readonly #onOffline = (): void => {
    if (!this.running || this.#offlineReported || !isOffline()) return;
    this.#offlineReported = true;
    this.#options.onOffline?.();
  };

  /** Adds (`true`) or removes the buyer's signs and the offline listener, once. */
  #listen(on: boolean): void {
    if (this.#listening === on) return;
    this.#listening = on;
    this.#signs?.listen(on);
    window[on ? 'addEventListener' : 'removeEventListener']('offline', this.#onOffline);
  }
}
