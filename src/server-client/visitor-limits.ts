/**
 * A token bucket per visitor, in memory, with a bounded number of visitors: the order handler's
 * bound on what one visitor may create. One process only (a server of several instances bounds each
 * instance; put a shared limiter in front for a global bound).
 */

/** How many orders one visitor may send. */
export interface VisitorLimitOptions {
  /** Orders a visitor may send at once. Default 10. */
  burst?: number;
  /** Orders a visitor regains per minute, continuously. Default 10. */
  perMinute?: number;
  /**
   * Visitors remembered at most; past it the least recently seen one is forgotten (a forgotten
   * visitor starts with a full bucket). Default 10000.
   */
  maxVisitors?: number;
}

export interface VisitorLimiter {
  /** Takes one token of `visitor`: `{ok: true}`, or `{ok: false, retryAfterSeconds}` when the bucket is empty. */
  take(visitor: string): { ok: true } | { ok: false; retryAfterSeconds: number };
  /** Visitors remembered now. */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

function positive(name: string, value: number, integer: boolean): number {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isSafeInteger(value)))
    throw new TypeError(`onramp-checkout/server: limit.${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return value;
}

/** A limiter; `now` (ms) is for tests. */
export function createVisitorLimiter(options: VisitorLimitOptions = {}, now: () => number = Date.now): VisitorLimiter {
  const burst = positive('burst', options.burst ?? 10, true);
  const perMs = positive('perMinute', options.perMinute ?? 10, false) / 60_000;
  const maxVisitors = positive('maxVisitors', options.maxVisitors ?? 10_000, true);
  // A Map iterates in insertion order: re-inserting on each visit keeps the least recent first.
  const buckets = new Map<string, Bucket>();
  return {
    take(visitor) {
      const time = now();
      const previous = buckets.get(visitor);
      const tokens = previous ? Math.min(burst, previous.tokens + Math.max(0, time - previous.at) * perMs) : burst;
      buckets.delete(visitor);
      if (tokens < 1) {
        buckets.set(visitor, { tokens, at: time });
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      }
      buckets.set(visitor, { tokens: tokens - 1, at: time });
      for (const oldest of buckets.keys()) {
        if (buckets.size <= maxVisitors) break;
        buckets.delete(oldest);
      }
      return { ok: true };
    },
    get size() {
      return buckets.size;
    },
  };
}
