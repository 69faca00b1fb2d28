import { addressBucket } from '../../http-common/client-address.js';

/** In-memory token buckets by id (the caller picks it: account and environment): `burst` tokens, refilled at `perSecond`. */
export interface RateLimitOptions {
  burst: number;
  perSecond: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Past this many buckets, full ones (idle long enough to refill) are dropped: a flood of new ids cannot grow memory for ever. */
const PRUNE_AT = 10_000;

/**
 * One take from a bucket that held `tokens` at `at` (ms), refilled to `now`: the decision and the
 * tokens left. The arithmetic of every bucket here, in memory or stored; a clock set back never
 * adds tokens.
 */
export function takeToken(
  bucket: { tokens: number; at: number } | undefined,
  now: number,
  { burst, perSecond }: RateLimitOptions,
): { tokens: number; decision: RateDecision } {
  const tokens = bucket ? Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond) : burst;
  if (tokens >= 1) return { tokens: tokens - 1, decision: { allowed: true } };
  const seconds = perSecond > 0 ? (1 - tokens) / perSecond : 3600;
  return { tokens, decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) } };
}

export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #options: RateLimitOptions;
  readonly #now: () => number;

  constructor(options: RateLimitOptions, now: () => number = () => performance.now()) {
    this.#options = options;
    this.#now = now;
  }

  take(id: string): RateDecision {
    const now = this.#now();
    if (this.#buckets.size >= PRUNE_AT && !this.#buckets.has(id)) this.#prune(now);
    const { tokens, decision } = takeToken(this.#buckets.get(id), now, this.#options);
    this.#buckets.set(id, { tokens, at: now });
    return decision;
  }

  #prune(now: number): void {
    const { burst, perSecond } = this.#options;
    for (const [id, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= burst) this.#buckets.delete(id);
    }
  }
}

/** The buckets of docs/design.md "Rate limits": by who is calling. */
export interface CallerLimitOptions {
  /** Secret keys: one bucket per account and environment, used by secret keys only. */
  secret: RateLimitOptions;
  /** Publishable keys (public: in every page): a bucket per client address… */
  publishableAddress: RateLimitOptions;
  /** …and one per session a publishable key reads. */
  publishableSession: RateLimitOptions;
  /** Failed authentication (no key, an unknown or revoked one): a bucket per client address. */
  failedAuth: RateLimitOptions;
}

export const DEFAULT_CALLER_LIMITS: CallerLimitOptions = {
  secret: { burst: 100, perSecond: 25 },
  // A widget reads at most once a second; a shop's visitors may share one address (a NAT).
  publishableAddress: { burst: 120, perSecond: 20 },
  publishableSession: { burst: 30, perSecond: 3 },
  failedAuth: { burst: 30, perSecond: 1 },
};

/**
 * Who may call how often. A flood through the public key drains only its sender's buckets (its
 * address, the session it names), never the merchant's (secret keys draw from their own) nor
 * another buyer's.
 */
export class CallerLimits {
  readonly #secret: TokenBuckets;
  readonly #address: TokenBuckets;
  readonly #session: TokenBuckets;
  readonly #failed: TokenBuckets;

  constructor(options: CallerLimitOptions = DEFAULT_CALLER_LIMITS, now?: () => number) {
    this.#secret = new TokenBuckets(options.secret, now);
    this.#address = new TokenBuckets(options.publishableAddress, now);
    this.#session = new TokenBuckets(options.publishableSession, now);
    this.#failed = new TokenBuckets(options.failedAuth, now);
  }

  /** A secret-key call of `account` in `environment`. */
  secret(account: string, environment: string): RateDecision {
    return this.#secret.take(`${account}:${environment}`);
  }

  /** A publishable-key call from `address` (an IPv6 address counts with its /64). */
  publishable(address: string | undefined): RateDecision {
    return this.#address.take(addressBucket(address));
  }

  /**
   * A publishable-key read of `session`, counted once its client secret matched: callers who only
   * know a session's id cannot drain its buyer's bucket.
   */
  publishableSession(session: string): RateDecision {
    return this.#session.take(session);
  }

  /** A failed authentication from `address`. */
  failedAuth(address: string | undefined): RateDecision {
    return this.#failed.take(addressBucket(address));
  }
}
