/**
 * Token buckets kept in the database (`rate_buckets`), for guest accounts' limits that must
 * outlive a restart (docs/design.md "The public demo"): new accounts per address, creations per address
 * and per account. Refilled by wall-clock time (epoch ms), since a restart resets any monotonic
 * clock. Each take is one read and one write of one row, by its primary key.
 */
import type { Db } from '../db/database.js';
import { type RateDecision, type RateLimitOptions, takeToken } from '../http/rate-limit.js';

export class StoredTokenBuckets {
  readonly #options: RateLimitOptions;
  readonly #now: () => number;
  readonly #read;
  readonly #write;
  readonly #prune;
  readonly #scope: string;

  /** `scope` names this set of buckets in the table; `now` is wall-clock epoch ms. */
  constructor(db: Db, scope: string, options: RateLimitOptions, now: () => number) {
    this.#scope = scope;
    this.#options = options;
    this.#now = now;
    this.#read = db.prepare<[string, string], { tokens: number; at: number }>(
      'SELECT tokens, at FROM rate_buckets WHERE scope = ? AND id = ?',
    );
    this.#write = db.prepare<[string, string, number, number]>(
      `INSERT INTO rate_buckets (scope, id, tokens, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (scope, id) DO UPDATE SET tokens = excluded.tokens, at = excluded.at`,
    );
    this.#prune = db.prepare<[string, number]>('DELETE FROM rate_buckets WHERE scope = ? AND at < ?');
  }

  take(id: string): RateDecision {
    const now = this.#now();
    const { tokens, decision } = takeToken(this.#read.get(this.#scope, id), now, this.#options);
    this.#write.run(this.#scope, id, tokens, now);
    return decision;
  }

  /** Drops buckets idle long enough to be full again (they would start full anyway). */
  prune(): number {
    const { burst, perSecond } = this.#options;
    const refillMs = perSecond > 0 ? (burst / perSecond) * 1000 : Number.POSITIVE_INFINITY;
    if (!Number.isFinite(refillMs)) return 0;
    return this.#prune.run(this.#scope, this.#now() - refillMs).changes;
  }
}
