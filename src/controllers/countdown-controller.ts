/**
 * Ticks once a second, on the server clock's second boundaries, while the host has a deadline to
 * count down to; each tick re-renders the host and lets it react to deadlines that have passed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServerClock } from '../api/server-clock.js';
import { Timer } from './timer.js';

export interface CountdownControllerOptions {
  clock: ServerClock;
  /** Whether anything is counting down now. */
  active: () => boolean;
  /** Called on every tick with the server time, before the host re-renders. */
  onTick?: (nowMs: number) => void;
}

export class CountdownController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: CountdownControllerOptions;
  readonly #timer = new Timer();
  #connected = false;

  constructor(host: ReactiveControllerHost, options: CountdownControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Starts or stops ticking to match the host's state; call after state changes. */
  sync(): void {
    const { clock, active, onTick } = this.#options;
    if (!this.#connected || !active()) {
      this.#timer.stop();
    } else if (!this.#timer.pending) {
      // Land just after the next whole server second, so "04:59" changes when the server's does.
      this.#timer.start(
        () => {
          onTick?.(clock.now());
          this.#host.requestUpdate();
          this.sync();
        },
        1005 - (((clock.now() % 1000) + 1000) % 1000),
      );
    }
  }

  hostConnected(): void {
    this.#connected = true;
    this.sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.sync();
  }
}
