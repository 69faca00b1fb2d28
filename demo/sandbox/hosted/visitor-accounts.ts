/**
 * Visitor accounts of the hosted demo: created for a client address (rate-limited per address,
 * bounded in number), test keys only (no live environment exists for a visitor), and deleted with
 * everything in them once their time is up (`purgeExpired`, run by the sandbox's sweeper).
 */
import { PERMISSIONS, PUBLISHABLE_PERMISSIONS } from '../../../src/contract/index.js';
import type { AccountsRepo } from '../db/accounts.js';
import type { ApiKeysRepo } from '../db/api-keys.js';
import type { Clock } from '../domain/clock.js';
import { newAccountId } from '../domain/ids.js';
import { issueKey } from '../domain/keys.js';
import { type RateLimitOptions, TokenBuckets } from '../http/rate-limit.js';

export interface VisitorAccount {
  accountId: string;
  /** Epoch ms when the account and everything in it is deleted. */
  expiresAt: number;
  /** Test keys: the secret one stays on the demo's server; the publishable one goes to the page. */
  keys: { secret: string; publishable: string };
}

export type VisitorAccountResult =
  | { ok: true; account: VisitorAccount }
  | { ok: false; reason: 'address' | 'full'; retryAfterSeconds: number };

export interface VisitorAccountsOptions {
  accounts: AccountsRepo;
  apiKeys: ApiKeysRepo;
  atomic: <T>(fn: () => T) => T;
  clock: Clock;
  brand: string;
  ttlMs: number;
  maxAccounts: number;
  perAddress: RateLimitOptions;
  keyRandomLength?: number;
}

/** Accounts deleted per sweep at most, so one sweep never holds the database for long. */
const PURGE_BATCH = 50;

export class VisitorAccounts {
  readonly #o: VisitorAccountsOptions;
  readonly #perAddress: TokenBuckets;

  constructor(options: VisitorAccountsOptions) {
    this.#o = options;
    this.#perAddress = new TokenBuckets(options.perAddress);
  }

  /** How long a visitor's account lives, ms. */
  get ttlMs(): number {
    return this.#o.ttlMs;
  }

  /** A new account for a visitor at `address`, with a test secret and a test publishable key. */
  create(address: string): VisitorAccountResult {
    const { accounts, apiKeys, brand, clock, ttlMs } = this.#o;
    if (accounts.countExpiring() >= this.#o.maxAccounts) return { ok: false, reason: 'full', retryAfterSeconds: 60 };
    const decision = this.#perAddress.take(address);
    if (!decision.allowed) return { ok: false, reason: 'address', retryAfterSeconds: decision.retryAfterSeconds };
    const now = clock.now();
    const account = this.#o.atomic(() => {
      const accountId = newAccountId();
      const expiresAt = now + ttlMs;
      accounts.insert({ id: accountId, name: 'Demo visitor', created_at: now, expires_at: expiresAt });
      const key = (type: 'secret' | 'publishable') =>
        issueKey(
          apiKeys,
          brand,
          {
            accountId,
            name: `Demo ${type} key`,
            environment: 'test',
            type,
            permissions: type === 'secret' ? PERMISSIONS : PUBLISHABLE_PERMISSIONS,
          },
          now,
          this.#o.keyRandomLength,
        ).key;
      return { accountId, expiresAt, keys: { secret: key('secret'), publishable: key('publishable') } };
    });
    return { ok: true, account };
  }

  /** True while the account exists and its time is not up. */
  isAlive(accountId: string): boolean {
    const row = this.#o.accounts.find(accountId);
    return row !== undefined && row.expires_at !== null && row.expires_at > this.#o.clock.now();
  }

  /** Deletes accounts whose time is up, with everything in them; returns how many. */
  purgeExpired(): number {
    const ids = this.#o.accounts.expiredIds(this.#o.clock.now(), PURGE_BATCH);
    for (const id of ids) this.#o.accounts.deleteWithEverything(id);
    return ids.length;
  }
}
