/** What `startSandbox` accepts: ports, storage, clocks, limits, webhooks and guest accounts. */
import type { TrustedProxies } from '../http-common/client-address.js';
import type { AccountPurgeHook } from './db/accounts.js';
import type { Db } from './db/database.js';
import type { SessionRow } from './db/sessions.js';
import type { HostResolver } from './domain/webhook-targets.js';
import type { CallerLimitOptions, RateLimitOptions } from './http/rate-limit.js';
import type { SandboxShapes } from './http/spec-shapes.js';
import type { GuestAccountsOptions } from './guest-accounts/options.js';

/**
 * The API's database and a seal for secrets kept at rest (AES-256-GCM under the server's seal key),
 * handed to a program beside the API: it keeps its own tables there, with its own migrations and
 * version record (`PRAGMA user_version` is the API's), and deletes its rows of an account when the
 * account is purged (`beforeAccountPurge`).
 */
export interface SharedStore {
  db: Db;
  seal(plaintext: string): string;
  /** Null when the data was altered or sealed under another key. */
  unseal(sealed: string): string | null;
  /** Runs `hook` inside every account purge, in its transaction, before the account's own rows go. */
  beforeAccountPurge(hook: AccountPurgeHook): void;
}

export const DEFAULT_MERCHANT_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

export interface StartSandboxOptions {
  /** API port; 0 picks a free one. Default 8787. */
  port?: number;
  /** Hosted checkout port; 0 picks a free one. Default 8788. */
  checkoutPort?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** SQLite file path or `:memory:`. Default `.sandbox-data/sandbox.db`. */
  db?: string;
  /** Where first-start keys are written; `null` writes none. Default `.sandbox-data/keys.json`, or null for `:memory:`. */
  keysFile?: string | null;
  /** Key brand (`<brand>_test_sk_...`). Default `onramp`. */
  brand?: string;
  /** Origins allowed to frame the checkout and receive its messages (`*` port wildcard allowed). */
  merchantOrigins?: readonly string[];
  /** Token bucket per account and environment, for secret keys. Default 100 burst, 25 per second. */
  rateLimit?: RateLimitOptions;
  /** The other buckets (publishable keys per address and per session, failed authentication per address). */
  callerLimits?: Partial<Omit<CallerLimitOptions, 'secret'>>;
  /**
   * The clock the rate limits refill by. Default: the monotonic `performance.now`. A bench that
   * compresses a session's half hour into seconds passes its simulated clock, so the buckets see
   * the pace a real page would have.
   */
  rateLimitClock?: () => number;
  /** Proxies trusted to name the client in `X-Forwarded-For` (`TRUSTED_PROXIES`). Default: none. */
  trustedProxies?: TrustedProxies;
  /** Delay from payment to delivery, ms. Default 3000. */
  deliveryMs?: number;
  /** Clock for lifecycles (expiry, delivery, timestamps). Default `Date.now`. */
  now?: () => number;
  /** Clock of the price curve: a fixed time (ms) or a function. Default: `now`. */
  priceTime?: number | (() => number);
  /** Session lifetime, ms. Default 30 minutes. */
  sessionTtlMs?: number;
  /** Quote lifetime, ms. Default 5 minutes. */
  quoteTtlMs?: number;
  /** How often the sweeper runs, ms. Default 1000. */
  sweepIntervalMs?: number;
  /** Largest accepted request body, bytes. Default 64 KiB. */
  bodyLimitBytes?: number;
  /**
   * Called once the database is open, before anything runs (the sweeper's first purge): a program
   * beside the API that keeps tables of its own in the database migrates them and registers its
   * `beforeAccountPurge` hook here. The same store is the handle's `sharedStore`.
   */
  onStoreOpen?: (store: SharedStore) => void;
  /** Log sink for internal errors. Default `console.error`. */
  log?: (line: string) => void;
  /** Called after every session status change (payment, delivery, expiry, helper). */
  onSessionChange?: (session: { session_id: string; status: SessionRow['status'] }) => void;
  /** Webhook retries: delay before the second attempt, doubling each time (with jitter). Default 30000. */
  webhookRetryBaseMs?: number;
  /** Webhook retries: largest delay between attempts. Default 1 hour. */
  webhookRetryMaxDelayMs?: number;
  /** Webhook attempts in all before a delivery is marked failed. Default 8. */
  webhookMaxAttempts?: number;
  /** Timeout of one webhook attempt, ms. Default 5000. */
  webhookTimeoutMs?: number;
  /** Resolves webhook endpoint host names at each delivery (tests inject one). Default: the system resolver. */
  webhookResolver?: HostResolver;
  /**
   * Key that seals webhook signing secrets in the database. Default: for a file database, the
   * contents of `<db>.seal-key` (created on first start, mode 0600); for `:memory:`, a random key.
   */
  sealKey?: string;
  /**
   * `design` (default): docs/design.md's shapes, extensions included. `spec`: only what the spec shows,
   * short ids and keys, timestamps in another ISO 8601 form and an unknown field in every answer,
   * as another server that speaks the spec could answer (http/spec-shapes.ts).
   */
  shapes?: SandboxShapes;
  /** The API's public URL behind a proxy (`SANDBOX_PUBLIC_URL`): what pages are told. Default: the listening address. */
  publicApiUrl?: string;
  /** The hosted checkout's public URL (`CHECKOUT_PUBLIC_URL`): `redirect_url` is on it. Default: the listening address. */
  publicCheckoutUrl?: string;
  /** Only pages of these origins may call the browser endpoints (CORS; patterns as `merchantOrigins`). Default: any page. */
  corsOrigins?: readonly string[];
  /**
   * Guest accounts (the public demo's, docs/design.md "The public demo"): no merchant account is
   * made; guests get short-lived test accounts of their own through the handle's `guests`, capped
   * and deleted in time; webhooks go to the owner's receiver only. A database holding live keys is
   * refused.
   */
  guests?: GuestAccountsOptions;
}
