/**
 * What a guest account may create through the API (sessions, keys, webhook endpoints): a
 * token bucket per client address and one per account (429 with `Retry-After`), and a cap per
 * account (403 `LIMIT_REACHED`). Accounts that never expire (an operator's own) are not limited here.
 * The buckets are kept in the database: a restart resets none.
 */
import type { Context } from 'hono';
import type { Db } from '../db/database.js';
import type { SandboxDeps } from '../deps.js';
import { enforce } from '../http/auth.js';
import { addressBucket, requestClientAddress } from '../../http-common/client-address.js';
import { ErrorAnswer } from '../http/errors.js';
import type { RateLimitOptions } from '../http/rate-limit.js';
import type { ApiEnv } from '../http/types.js';
import type { GuestQuotas } from './options.js';
import { StoredTokenBuckets } from './stored-buckets.js';

export type Creation = keyof GuestQuotas;

const NOUNS: Readonly<Record<Creation, string>> = {
  sessions: 'sessions',
  keys: 'active API keys',
  webhooks: 'webhook endpoints',
};

export class GuestCreationLimits {
  readonly quotas: GuestQuotas;
  readonly #perAddress: StoredTokenBuckets;
  readonly #perAccount: StoredTokenBuckets;

  /** The buckets live in `db` (a restart resets none); `now` is wall-clock epoch ms. */
  constructor(
    db: Db,
    now: () => number,
    quotas: GuestQuotas,
    perAddress: RateLimitOptions,
    perAccount: RateLimitOptions,
  ) {
    this.quotas = quotas;
    this.#perAddress = new StoredTokenBuckets(db, 'creations-per-address', perAddress, now);
    this.#perAccount = new StoredTokenBuckets(db, 'creations-per-account', perAccount, now);
  }

  /** Drops buckets idle long enough to be full again. */
  prune(): void {
    this.#perAddress.prune();
    this.#perAccount.prune();
  }

  /**
   * Throws the API error a creation of `what` meets, if any: the caller's address bucket, the
   * account's bucket, then the account's cap (`count` is what the account holds now).
   */
  check(c: Context<ApiEnv>, deps: SandboxDeps, what: Creation, count: () => number): void {
    const key = c.get('apiKey');
    if (deps.accounts.find(key.accountId)?.expires_at == null) return;
    enforce(
      this.#perAddress.take(addressBucket(requestClientAddress(c, deps.trustedProxies))),
      'demo creations from this address',
    );
    enforce(this.#perAccount.take(key.accountId), 'creations for this demo account');
    const cap = this.quotas[what];
    if (count() >= cap) {
      throw new ErrorAnswer(
        'LIMIT_REACHED',
        `A demo account holds at most ${cap} ${NOUNS[what]}; this one has reached it`,
      );
    }
  }
}

/** With guest accounts, checks a creation of `what` (no-op otherwise). */
export function checkGuestCreation(c: Context<ApiEnv>, deps: SandboxDeps, what: Creation): void {
  const guests = deps.guests;
  if (!guests) return;
  const { accountId, environment } = c.get('apiKey');
  guests.limits.check(c, deps, what, () =>
    what === 'sessions'
      ? deps.sessions.countOfAccount(accountId)
      : what === 'keys'
        ? deps.apiKeys.listActive(accountId, environment).length
        : deps.webhooks.listEndpoints(accountId, environment).length,
  );
}
