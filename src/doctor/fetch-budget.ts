/**
 * The run's budget, shared by every request the doctor makes (the page, each redirect hop, each
 * script and API probe): a page cannot make it open more connections, make more requests, hold
 * more bytes or take longer than this, however many tags it holds. A request over the budget is
 * not made; what was skipped is counted, for the report's notes.
 */

/** The bounds of one run. */
export interface BudgetLimits {
  /** Requests (so connections: one each) in flight at once. */
  connections: number;
  /** Requests made in the run, redirect hops included. */
  requests: number;
  /** Body bytes read in the run, all answers together. */
  bytes: number;
  /** The whole run: requests still going then are cut short, and no more are made. */
  runMs: number;
  /** A cap on each request's own deadline (tests make it short; by default each keeps its own). */
  requestMs: number;
}

/** The doctor's bounds, whatever the page holds. */
export const RUN_LIMITS: Readonly<BudgetLimits> = {
  connections: 8,
  requests: 64,
  bytes: 32 * 1024 * 1024,
  runMs: 30_000,
  requestMs: Number.POSITIVE_INFINITY,
};

/** Which bound stopped a request. */
export type Bound = 'requests' | 'bytes' | 'time';

/** A request the budget did not allow (not made, or cut short). */
export class BudgetSpent extends Error {
  override readonly name = 'BudgetSpent';
  constructor(readonly bound: Bound) {
    super(`the run's bound on ${bound} was reached`);
  }
}

/** Releases a connection slot. */
export type Release = () => void;

/** One run's budget: pass the same one to every fetch. */
export class FetchBudget {
  readonly limits: Readonly<BudgetLimits>;
  /** Aborted when the run's time is up. */
  readonly signal: AbortSignal;
  /** Requests not made or cut short, by the bound that stopped them. */
  readonly skipped: Record<Bound, number> = { requests: 0, bytes: 0, time: 0 };
  #admitted = 0;
  #active = 0;
  #bytes = 0;
  readonly #deadline: ReturnType<typeof setTimeout>;
  readonly #waiting: { grant: () => void; refuse: (error: BudgetSpent) => void }[] = [];

  constructor(limits: Partial<BudgetLimits> = {}) {
    this.limits = { ...RUN_LIMITS, ...limits };
    const controller = new AbortController();
    this.signal = controller.signal;
    this.#deadline = setTimeout(() => controller.abort(new BudgetSpent('time')), this.limits.runMs);
    this.signal.addEventListener('abort', () => {
      for (const waiter of this.#waiting.splice(0)) waiter.refuse(this.skip('time'));
    });
  }

  /** Counts one request as stopped by `bound`, and returns the error to throw. */
  skip(bound: Bound): BudgetSpent {
    this.skipped[bound]++;
    return new BudgetSpent(bound);
  }

  /** How long one request may take: its own deadline, capped by `limits.requestMs`. */
  timeoutFor(ms: number): number {
    return Math.min(ms, this.limits.requestMs);
  }

  /**
   * A connection slot for one request, once fewer than `connections` are in flight; throws
   * `BudgetSpent` when the run's requests or time are spent (then the request is not made).
   */
  async admit(): Promise<Release> {
    if (this.signal.aborted) throw this.skip('time');
    if (this.#admitted >= this.limits.requests) throw this.skip('requests');
    // Counted when admitted, so that those waiting for a slot are among the run's requests too.
    this.#admitted++;
    if (this.#active >= this.limits.connections)
      await new Promise<void>((grant, refuse) => this.#waiting.push({ grant, refuse }));
    else this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter: the count of those in flight stays the same.
      if (next) next.grant();
      else this.#active--;
    };
  }

  /** Takes `count` bytes from the run's allowance; false (and counted as skipped) when it is spent. */
  take(count: number): boolean {
    if (this.#bytes + count > this.limits.bytes) {
      this.skipped.bytes++;
      return false;
    }
    this.#bytes += count;
    return true;
  }

  /** Ends the run: its deadline no longer holds the process (call it once the run is over). */
  end(): void {
    clearTimeout(this.#deadline);
  }

  /** Requests made so far (admitted), for tests and the report. */
  get requests(): number {
    return this.#admitted;
  }
}

const MB = 1024 * 1024;

/** The report's notes on what the budget stopped: one line per bound that stopped anything. */
export function budgetNotes(budget: FetchBudget): string[] {
  const { skipped, limits } = budget;
  const requests = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;
  const notes: string[] = [];
  if (skipped.requests)
    notes.push(`${requests(skipped.requests)} not made: the doctor makes at most ${limits.requests} in a run.`);
  if (skipped.time)
    notes.push(`${requests(skipped.time)} not made or cut short: the run's ${limits.runMs / 1000} s were up.`);
  if (skipped.bytes) {
    const allowance = limits.bytes >= MB ? `${limits.bytes / MB} MB` : `${limits.bytes} bytes`;
    notes.push(`${requests(skipped.bytes)} not read to the end: the doctor reads at most ${allowance} in a run.`);
  }
  return notes;
}
