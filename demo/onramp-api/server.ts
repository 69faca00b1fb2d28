/**
 * Starts the sandbox in-process: the API server and the hosted checkout server on their own ports,
 * one SQLite database, the first-start account and keys, and the sweeper that expires sessions and
 * delivers paid ones, and the webhook dispatcher. The demo (`main.ts`) and the tests both use `startSandbox`; port 0 picks a
 * free port.
 */
import type { Server } from 'node:http';
import { LOOPBACK_PROXIES, parseTrustedProxies } from '../http-common/client-address.js';
import { createCheckoutApp } from '../hosted-checkout/app.js';
import { createAccountsRepo } from './db/accounts.js';
import { createApiKeysRepo } from './db/api-keys.js';
import { openDatabase } from './db/database.js';
import { createIdempotencyRepo } from './db/idempotency.js';
import { type SessionRow, createSessionsRepo } from './db/sessions.js';
import { createWebhooksRepo } from './db/webhooks.js';
import type { SandboxDeps } from './deps.js';
import type { Clock } from './domain/clock.js';
import { seal, unseal } from './domain/ids.js';
import { type SandboxKeys, bootstrapAccount } from './domain/keys.js';
import { SessionService } from './domain/sessions.js';
import { DEFAULT_WEBHOOK_RETRY, DEFAULT_WEBHOOK_TIMEOUT_MS, WebhookDispatcher } from './domain/webhook-dispatcher.js';
import { systemResolver } from './domain/webhook-targets.js';
import { WebhookService } from './domain/webhooks.js';
import { createApiApp } from './http/app.js';
import { IDEMPOTENCY_RETENTION_MS } from './http/idempotency.js';
import { CallerLimits, DEFAULT_CALLER_LIMITS } from './http/rate-limit.js';
import { SpareTime } from './http/spare-time.js';
import { Turns } from '../http-common/turns.js';
import { SPEC_SHAPES_ID_LENGTH, type SandboxShapes, withSpecShapes } from './http/spec-shapes.js';
import { GuestCreationLimits } from './guest-accounts/creation-limits.js';
import {
  DEFAULT_ACCOUNTS_PER_ADDRESS,
  DEFAULT_CREATIONS_PER_ACCOUNT,
  DEFAULT_CREATIONS_PER_ADDRESS,
  DEFAULT_GUEST_QUOTAS,
  DEFAULT_MAX_GUEST_ACCOUNTS,
} from './guest-accounts/options.js';
import { GuestAccounts } from './guest-accounts/accounts.js';
import { loadSealKey, readKeysFile, writeKeysFile } from './keys-file.js';
import { closeServer, listen, listenApi, urlHost } from './listen.js';
import { DEFAULT_MERCHANT_ORIGINS, type SharedStore, type StartSandboxOptions } from './options.js';

export type { SandboxKeys } from './domain/keys.js';

export interface SandboxHandle {
  /** The API's URL as pages reach it (the public one when set). */
  apiUrl: string;
  /** The API's listening address, for calls from this machine (the demo's server). */
  internalApiUrl: string;
  /** The hosted checkout's URL as browsers reach it. */
  checkoutUrl: string;
  /** The merchant account (none with guest accounts). */
  accountId: string | null;
  /** The account's keys: from this start when it created them, else from the keys file, else null. */
  keys: SandboxKeys | null;
  /** True when this start created the account and its keys. */
  keysCreated: boolean;
  keysFile: string | null;
  dbPath: string;
  shapes: SandboxShapes;
  /** With guest accounts (`guests`): makes them. */
  guests: GuestAccounts | null;
  /**
   * The database and the seal (the webhook secrets' key) for a program beside the API that keeps
   * rows of its own per account (the public demo's visitors, so a restart ends no visit).
   */
  sharedStore: SharedStore;
  close(): Promise<void>;
}

const DEFAULT_DB = '.sandbox-data/sandbox.db';
const DEFAULT_KEYS_FILE = '.sandbox-data/keys.json';

export async function startSandbox(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  const dbPath = options.db ?? DEFAULT_DB;
  const keysFile = options.keysFile !== undefined ? options.keysFile : dbPath === ':memory:' ? null : DEFAULT_KEYS_FILE;
  const brand = options.brand ?? 'onramp';
  const shapes = options.shapes ?? 'design';
  const idRandomLength = shapes === 'spec' ? SPEC_SHAPES_ID_LENGTH : undefined;
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => Date.now());
  const priceTime = options.priceTime;
  const clock: Clock = {
    now,
    priceNow: typeof priceTime === 'number' ? () => priceTime : (priceTime ?? now),
  };

  const db = openDatabase(dbPath);
  const accounts = createAccountsRepo(db);
  const apiKeys = createApiKeysRepo(db);
  const sessions = createSessionsRepo(db);
  const idempotency = createIdempotencyRepo(db);
  const webhooks = createWebhooksRepo(db);
  const sealKey = options.sealKey ?? loadSealKey(dbPath);
  const sharedStore: SharedStore = {
    db,
    seal: (text) => seal(text, sealKey),
    unseal: (sealed) => unseal(sealed, sealKey),
    beforeAccountPurge: (hook) => accounts.beforePurge(hook),
  };
  try {
    // Before anything can purge an account (the sweeper's first run below).
    options.onStoreOpen?.(sharedStore);
  } catch (error) {
    db.close();
    throw error;
  }
  const dispatcher = new WebhookDispatcher({
    repo: webhooks,
    clock,
    sealKey,
    retry: {
      maxAttempts: options.webhookMaxAttempts ?? DEFAULT_WEBHOOK_RETRY.maxAttempts,
      baseDelayMs: options.webhookRetryBaseMs ?? DEFAULT_WEBHOOK_RETRY.baseDelayMs,
      maxDelayMs: options.webhookRetryMaxDelayMs ?? DEFAULT_WEBHOOK_RETRY.maxDelayMs,
    },
    timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    resolve: options.webhookResolver ?? systemResolver,
    receiver: options.guests?.webhookReceiver,
    log,
  });
  const webhookService = new WebhookService({
    repo: webhooks,
    clock,
    sealKey,
    onDeliveriesStored: () => dispatcher.kick(),
  });
  const onChange = options.onSessionChange;
  const sessionService = new SessionService({
    repo: sessions,
    clock,
    deliveryMs: options.deliveryMs ?? 3000,
    ...(options.sessionTtlMs === undefined ? {} : { sessionTtlMs: options.sessionTtlMs }),
    ...(options.quoteTtlMs === undefined ? {} : { quoteTtlMs: options.quoteTtlMs }),
    events: webhookService,
    atomic: (fn) => db.transaction(fn)(),
    ...(idRandomLength === undefined ? {} : { idRandomLength }),
    ...(onChange ? { onChange: (row: SessionRow) => onChange({ session_id: row.id, status: row.status }) } : {}),
  });

  const guests = options.guests;
  if (guests && apiKeys.countActive('live') > 0) {
    db.close();
    throw new Error(
      `The database ${dbPath} holds live keys; the hosted demo has no live environment: give it a database of its own (SANDBOX_DB)`,
    );
  }
  // With guest accounts there is no merchant account: every guest gets one of their own.
  const { accountId, createdKeys } = guests
    ? { accountId: null, createdKeys: null }
    : db.transaction(() => bootstrapAccount(accounts, apiKeys, brand, clock.now(), idRandomLength))();
  let keys = createdKeys;
  if (createdKeys && keysFile) writeKeysFile(keysFile, createdKeys);
  if (!createdKeys && keysFile && !guests) keys = readKeysFile(keysFile);
  const guestAccounts = guests
    ? new GuestAccounts({
        db,
        accounts,
        apiKeys,
        atomic: (fn) => db.transaction(fn)(),
        clock,
        brand,
        ttlMs: guests.accountTtlMs,
        maxAccounts: guests.maxAccounts ?? DEFAULT_MAX_GUEST_ACCOUNTS,
        perAddress: guests.accountsPerAddress ?? DEFAULT_ACCOUNTS_PER_ADDRESS,
        webhooks: webhookService,
        receiverPrefix: guests.webhookReceiver.prefix,
        ...(idRandomLength === undefined ? {} : { keyRandomLength: idRandomLength }),
      })
    : null;

  const deps: SandboxDeps = {
    brand,
    apiUrl: '',
    checkoutUrl: '',
    merchantOrigins: options.merchantOrigins ?? DEFAULT_MERCHANT_ORIGINS,
    corsOrigins: options.corsOrigins,
    bodyLimitBytes: options.bodyLimitBytes ?? 64 * 1024,
    clock,
    accounts,
    apiKeys,
    sessions,
    idempotency,
    sessionService,
    webhooks,
    webhookService,
    limits: new CallerLimits(
      { ...DEFAULT_CALLER_LIMITS, ...options.callerLimits, secret: options.rateLimit ?? DEFAULT_CALLER_LIMITS.secret },
      options.rateLimitClock,
    ),
    pageTurns: new Turns(),
    spareTime: new SpareTime(),
    // With guest accounts, their owner's server (on this machine) forwards its guest's address: loopback
    // is trusted beside TRUSTED_PROXIES, else every guest would share that server's buckets.
    trustedProxies: guests
      ? parseTrustedProxies([...(options.trustedProxies?.entries ?? []), ...LOOPBACK_PROXIES])
      : (options.trustedProxies ?? parseTrustedProxies(undefined)),
    log,
    ...(guests
      ? {
          guests: {
            limits: new GuestCreationLimits(
              db,
              () => clock.now(),
              { ...DEFAULT_GUEST_QUOTAS, ...guests.quotas },
              guests.creationsPerAddress ?? DEFAULT_CREATIONS_PER_ADDRESS,
              guests.creationsPerAccount ?? DEFAULT_CREATIONS_PER_ACCOUNT,
            ),
            webhookPrefix: guests.webhookReceiver.prefix,
          },
        }
      : {}),
  };

  const sweep = (): void => {
    try {
      sessionService.sweep();
      guestAccounts?.purgeExpired();
      deps.guests?.limits.prune();
      idempotency.pruneOlderThan(clock.now() - IDEMPOTENCY_RETENTION_MS);
    } catch (error) {
      log(`[sandbox] sweeper failed: ${String(error)}`);
    }
  };
  sweep();
  const servers: Server[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const checkoutPort = await listen(servers, createCheckoutApp(deps).fetch, options.checkoutPort ?? 8788, host);
    deps.checkoutUrl = options.publicCheckoutUrl ?? `http://${urlHost(host)}:${checkoutPort}`;
    const api = createApiApp(deps).fetch;
    const apiPort = await listenApi(servers, shapes === 'spec' ? withSpecShapes(api) : api, options.port ?? 8787, host);
    const internalApiUrl = `http://${urlHost(host)}:${apiPort}`;
    deps.apiUrl = options.publicApiUrl ?? internalApiUrl;
    timer = setInterval(sweep, options.sweepIntervalMs ?? 1000);
    timer.unref();
    dispatcher.start();
    return {
      apiUrl: deps.apiUrl,
      internalApiUrl,
      checkoutUrl: deps.checkoutUrl,
      accountId,
      keys,
      keysCreated: createdKeys !== null,
      keysFile,
      dbPath,
      shapes,
      guests: guestAccounts,
      sharedStore,
      close: async () => {
        clearInterval(timer);
        await Promise.all(servers.map(closeServer));
        await dispatcher.stop();
        db.close();
      },
    };
  } catch (error) {
    clearInterval(timer);
    await Promise.all(servers.map(closeServer));
    db.close();
    throw error;
  }
}
