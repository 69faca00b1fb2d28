/**
 * Ticks once a second, on the server clock's second boundaries, while the host has a deadline to
 * count down to; each tick re-renders the host and lets it react to deadlines that have passed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServerClock } from '../api/server-clock.js';

export interface CountdownControllerOptions {
  clock: ServerClock;
  /** Whether anything is counting down now. */
  active: () => boolean;
  /** Called on every tick with the server time, before the host re-renders. */
  onTick: (nowMs: number) => void;
}

export class CountdownController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: CountdownControllerOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: CountdownControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get ticking(): boolean {
    return this.#timer !== undefined;
  }

  /** Remaining ms to a deadline on the server clock (never negative). */
  remaining(deadlineMs: number): number {
    return Math.max(0, deadlineMs - this.#options.clock.now());
  }

  /** Starts or stops ticking to match the host's state; call after state changes. */
  sync(): void {
    if (this.#connected && this.#options.active()) {
      if (this.#timer === undefined) this.#schedule();
    } else {
      this.#clear();
    }
  }

  hostConnected(): void {
    this.#connected = true;
    this.sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#clear();
  }

  #schedule(): void {
    const now = this.#options.clock.now();
    // Land just after the next whole server second, so "04:59" changes when the server's does.
    const delay = 1000 - (((now % 1000) + 1000) % 1000) + 5;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#options.onTick(this.#options.clock.now());
      this.#host.requestUpdate();
      this.sync();
    }, delay);
  }

  #clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
