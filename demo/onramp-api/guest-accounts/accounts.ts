/**
 * Guest accounts (the public demo gives one to each visitor): created for a client address
 * (rate-limited per address, bounded in number), test keys only (no live environment exists for a
 * guest), and deleted with
 * everything in them once their time is up (`purgeExpired`, run by the sandbox's sweeper).
 */
import { PERMISSIONS, PUBLISHABLE_PERMISSIONS } from '../../../src/contract/product.js';
import { randomBytes } from 'node:crypto';
import type { AccountsRepo } from '../db/accounts.js';
import type { ApiKeysRepo } from '../db/api-keys.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../domain/clock.js';
import { newAccountId } from '../domain/ids.js';
import { issueKey } from '../domain/keys.js';
import type { WebhookService } from '../domain/webhooks.js';
import { addressBucket } from '../../http-common/client-address.js';
import type { RateLimitOptions } from '../http/rate-limit.js';
import { StoredTokenBuckets } from './stored-buckets.js';

export interface GuestAccount {
  accountId: string;
  /** Epoch ms when the account and everything in it is deleted. */
  expiresAt: number;
  /** Test keys: the secret one stays on the owner's server; the publishable one goes to the page. */
  keys: { secret: string; publishable: string };
  /** The account's endpoint at the owner's receiver (`<prefix><random id>`), every event, and its signing secret. */
  webhook: { id: string; url: string; secret: string };
}

export type GuestAccountResult =
  { ok: true; account: GuestAccount } | { ok: false; reason: 'address' | 'full'; retryAfterSeconds: number };

export interface GuestAccountsDeps {
  /** Where the per-address buckets are kept, so a restart resets no limit. */
  db: Db;
  accounts: AccountsRepo;
  apiKeys: ApiKeysRepo;
  atomic: <T>(fn: () => T) => T;
  clock: Clock;
  brand: string;
  ttlMs: number;
  maxAccounts: number;
  perAddress: RateLimitOptions;
  webhooks: WebhookService;
  /** The owner's receiver: each account's endpoint is this prefix and an id of its own. */
  receiverPrefix: string;
  keyRandomLength?: number;
}

/** Accounts deleted per sweep at most, so one sweep never holds the database for long. */
const PURGE_BATCH = 50;
/** When guest accounts are full, accounts this old that never made a session make room for new guests. */
const IDLE_AFTER_MS = 10 * 60_000;

export class GuestAccounts {
  readonly #o: GuestAccountsDeps;
  readonly #perAddress: StoredTokenBuckets;

  constructor(options: GuestAccountsDeps) {
    this.#o = options;
    // (The buckets' stored scope keeps its first name: a restart resets no limit.)
    this.#perAddress = new StoredTokenBuckets(options.db, 'visitor-accounts', options.perAddress, () =>
      options.clock.now(),
    );
  }

  /**
   * A new guest account for `address` (an IPv6 address counts with its /64): a test secret key, a
   * test publishable key and its endpoint at the owner's receiver, in one transaction.
   */
  create(address: string | undefined): GuestAccountResult {
    const { accounts, apiKeys, brand, clock, ttlMs } = this.#o;
    if (accounts.countExpiring() >= this.#o.maxAccounts) {
      // Full: accounts nobody used (a crawler's, a flood's) give way first.
      for (const id of accounts.idleIds(clock.now() - IDLE_AFTER_MS, PURGE_BATCH)) accounts.deleteWithEverything(id);
      if (accounts.countExpiring() >= this.#o.maxAccounts) return { ok: false, reason: 'full', retryAfterSeconds: 60 };
    }
    const decision = this.#perAddress.take(addressBucket(address));
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
      const endpoint = this.#o.webhooks.createEndpoint(
        accountId,
        'test',
        `${this.#o.receiverPrefix}${randomBytes(18).toString('base64url')}`,
        ['*'],
      );
      return {
        accountId,
        expiresAt,
        keys: { secret: key('secret'), publishable: key('publishable') },
        webhook: { id: endpoint.id, url: endpoint.url, secret: endpoint.secret },
      };
    });
    return { ok: true, account };
  }

  /** True while the account exists and its time is not up. */
  isAlive(accountId: string): boolean {
    const row = this.#o.accounts.find(accountId);
    return row !== undefined && row.expires_at !== null && row.expires_at > this.#o.clock.now();
  }

  /** Deletes accounts whose time is up, with everything in them; returns how many. Drops full buckets. */
  purgeExpired(): number {
    const ids = this.#o.accounts.expiredIds(this.#o.clock.now(), PURGE_BATCH);
    for (const id of ids) this.#o.accounts.deleteWithEverything(id);
    this.#perAddress.prune();
    return ids.length;
  }
}
