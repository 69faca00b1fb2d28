/**
 * Guest accounts' rules (the public demo's, docs/design.md "The public demo"): every guest gets a
 * test-only account of their own that is deleted with everything in it after a while; what a
 * guest may create is capped per account and rate-limited per account and per client address;
 * webhooks go to the owner's own receiver only, delivered in-process.
 */
import type { RateLimitOptions } from '../http/rate-limit.js';

/** The most a guest account may hold: sessions ever created, active keys, active webhook endpoints. */
export interface GuestQuotas {
  sessions: number;
  keys: number;
  webhooks: number;
}

/** The owner's webhook receiver: the one URL prefix a guest account's endpoint may have. */
export interface GuestWebhookReceiver {
  /** `https://<demo public host>/webhooks/`: endpoint URLs must start with it. */
  prefix: string;
  /** Delivers a signed event to the receiver in-process (the demo app's `fetch`). */
  fetch: (request: Request) => Promise<Response>;
}

export interface GuestAccountsOptions {
  /** How long a guest account lives, ms. */
  accountTtlMs: number;
  /**
   * Guest accounts alive at once. Past it, accounts older than 10 minutes that never made a
   * session give way; if none, a new guest is asked to come back later. Default 5000.
   */
  maxAccounts?: number;
  /** New guest accounts per client address (an IPv6 /64). Default 20 at once, then one a minute. */
  accountsPerAddress?: RateLimitOptions;
  quotas?: Partial<GuestQuotas>;
  /** Sessions, keys and webhook endpoints created per client address (an IPv6 /64). Default 60 at once, then one a second. */
  creationsPerAddress?: RateLimitOptions;
  /** The same per guest account. Default 20 at once, then one every 2 s. */
  creationsPerAccount?: RateLimitOptions;
  webhookReceiver: GuestWebhookReceiver;
}

export const DEFAULT_GUEST_QUOTAS: GuestQuotas = { sessions: 100, keys: 10, webhooks: 3 };
export const DEFAULT_MAX_GUEST_ACCOUNTS = 5000;
// Per address (an IPv6 /64): a room of colleagues behind one NAT at once, then one a minute.
export const DEFAULT_ACCOUNTS_PER_ADDRESS: RateLimitOptions = { burst: 20, perSecond: 1 / 60 };
export const DEFAULT_CREATIONS_PER_ADDRESS: RateLimitOptions = { burst: 60, perSecond: 1 };
export const DEFAULT_CREATIONS_PER_ACCOUNT: RateLimitOptions = { burst: 20, perSecond: 0.5 };
