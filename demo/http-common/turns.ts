/**
 * Turns per caller for answers that take many slices of work (a page of transactions): each key
 * (an account and environment) has at most `running` at once, the rest wait in order, at most
 * `waiting` of them; past that, none. Every answer yields between its slices, so the event loop
 * runs one slice of each answer in the works in turn: with one answer per account, a visitor who
 * floods their own list has one slice in every turn of the loop, whatever they send, and another
 * visitor's request waits for that slice, not for the flood. Keys are dropped when idle: memory
 * follows the callers at work now, not every caller ever seen.
 */
export interface TurnOptions {
  running: number;
  waiting: number;
}

/** One answer per caller at a time; sixteen more may wait (a script fetching pages side by side). */
export const DEFAULT_TURNS: TurnOptions = { running: 1, waiting: 16 };

/** Ends a turn; calling it again does nothing. */
export type Release = () => void;

export class Turns {
  readonly #options: TurnOptions;
  readonly #running = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(options: TurnOptions = DEFAULT_TURNS) {
    this.#options = options;
  }

  /** `key`'s turn, once its earlier ones are done; null at once when `waiting` already wait. */
  take(key: string): Promise<Release> | null {
    if ((this.#running.get(key) ?? 0) < this.#options.running) {
      this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
      return Promise.resolve(this.#release(key));
    }
    const queue = this.#waiting.get(key) ?? [];
    if (queue.length >= this.#options.waiting) return null;
    this.#waiting.set(key, queue);
    return new Promise((resolve) => queue.push(() => resolve(this.#release(key))));
  }

  #release(key: string): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const queue = this.#waiting.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) this.#waiting.delete(key);
      // The turn passes to the next in line (the count of those running stays); else it ends.
      if (next) return next();
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left > 0) this.#running.set(key, left);
      else this.#running.delete(key);
    };
  }
}
