/** In-memory token buckets by id (the caller picks it: account and environment): `burst` tokens, refilled at `perSecond`. */
export interface RateLimitOptions {
  burst: number;
  perSecond: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #options: RateLimitOptions;
  readonly #now: () => number;

  constructor(options: RateLimitOptions, now: () => number = () => performance.now()) {
    this.#options = options;
    this.#now = now;
  }

  take(id: string): RateDecision {
    const { burst, perSecond } = this.#options;
    const now = this.#now();
    const bucket = this.#buckets.get(id) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    const seconds = perSecond > 0 ? (1 - bucket.tokens) / perSecond : 3600;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
  }
}
