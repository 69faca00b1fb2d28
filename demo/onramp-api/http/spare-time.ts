/**
 * The event loop's spare time, for work that may wait: the slices of a large answer after its
 * first (http/sliced-json.ts). A slice goes when the loop was busy at most `share` of the last
 * window (event-loop utilization: the time it was not waiting for I/O); else the answer rests and
 * looks again. So one visitor's large answers cannot fill the loop every visitor shares, and on a
 * busy machine they slow down first: a loop the CPU is lent less of is busy longer for the same
 * work, and its utilization says so. A slice goes at least every `longestRestMs`, so an answer
 * always ends.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as turnOfTheLoop, setTimeout as sleep } from 'node:timers/promises';

export interface SpareTimeOptions {
  /** The loop's busiest share of a window in which a further slice still goes (whatever made it busy). */
  share: number;
  /** Utilization is measured over windows this long. */
  windowMs: number;
  /** How long an answer rests before it looks again. */
  restMs: number;
  longestRestMs: number;
}

export const DEFAULT_SPARE_TIME: SpareTimeOptions = { share: 0.8, windowMs: 100, restMs: 2, longestRestMs: 20 };

type Utilization = ReturnType<typeof performance.eventLoopUtilization>;

export class SpareTime {
  readonly #options: SpareTimeOptions;
  #windowStart: Utilization = performance.eventLoopUtilization();
  #windowStartAt = performance.now();
  #lastWindow = 0;

  constructor(options: SpareTimeOptions = DEFAULT_SPARE_TIME) {
    this.#options = options;
  }

  /** The loop's utilization over the current window (the last whole one while this one is young). */
  utilization(): number {
    const now = performance.now();
    const current = performance.eventLoopUtilization(this.#windowStart).utilization;
    if (now - this.#windowStartAt >= this.#options.windowMs) {
      this.#lastWindow = current;
      this.#windowStart = performance.eventLoopUtilization();
      this.#windowStartAt = now;
      return current;
    }
    return now - this.#windowStartAt < this.#options.windowMs / 4 ? this.#lastWindow : current;
  }

  /** Resolves once the loop has spare time (after one turn of it at least). */
  async wait(): Promise<void> {
    const started = performance.now();
    while (this.utilization() > this.#options.share && performance.now() - started < this.#options.longestRestMs)
      await sleep(this.#options.restMs);
    await turnOfTheLoop();
  }
}
