/**
 * Starts the sandbox in-process: the API server and the hosted checkout server on their own ports,
 * one SQLite database, the first-start account and keys, and the sweeper that expires sessions and
 * delivers paid ones, and the webhook dispatcher. The demo (`main.ts`) and the tests both use `startSandbox`; port 0 picks a
 * free port.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { getRequestListener, serve } from '@hono/node-server';
import { createCheckoutApp } from './checkout/app.js';
import { createAccountsRepo } from './db/accounts.js';
import { createApiKeysRepo } from './db/api-keys.js';
import { type Db, openDatabase } from './db/database.js';
import { createIdempotencyRepo } from './db/idempotency.js';
import { type SessionRow, createSessionsRepo } from './db/sessions.js';
import { createWebhooksRepo } from './db/webhooks.js';
import type { SandboxDeps } from './deps.js';
import type { Clock } from './domain/clock.js';
import { seal, unseal } from './domain/ids.js';
import { type SandboxKeys, bootstrapAccount } from './domain/keys.js';
import { SessionService } from './domain/sessions.js';
import { DEFAULT_WEBHOOK_RETRY, DEFAULT_WEBHOOK_TIMEOUT_MS, WebhookDispatcher } from './domain/webhook-dispatcher.js';
import { type HostResolver, systemResolver } from './domain/webhook-targets.js';
import { WebhookService } from './domain/webhooks.js';
import { createApiApp } from './http/app.js';
import { IDEMPOTENCY_RETENTION_MS } from './http/idempotency.js';
import { answerClientError, unreadableRequestResponse } from './http/node-errors.js';
import { LOOPBACK_PROXIES, type TrustedProxies, parseTrustedProxies } from './http/client-address.js';
import { CallerLimits, type CallerLimitOptions, DEFAULT_CALLER_LIMITS, type RateLimitOptions } from './http/rate-limit.js';
import { SPEC_SHAPES_ID_LENGTH, type SandboxShapes, withSpecShapes } from './http/spec-shapes.js';
import { HostedCreationLimits } from './hosted/creation-limits.js';
import {
  DEFAULT_ACCOUNTS_PER_ADDRESS,
  DEFAULT_CREATIONS_PER_ACCOUNT,
  DEFAULT_CREATIONS_PER_ADDRESS,
  DEFAULT_HOSTED_QUOTAS,
  DEFAULT_MAX_VISITOR_ACCOUNTS,
  type HostedSandboxOptions,
} from './hosted/options.js';
import { VisitorAccounts } from './hosted/visitor-accounts.js';

export type { SandboxKeys } from './domain/keys.js';

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
   * The hosted demo (docs/design.md "The hosted demo"): no merchant account is made; visitors get
   * accounts of their own through `visitors`, capped and deleted in time; webhooks go to the demo's
   * receiver only. A database holding live keys is refused.
   */
  hosted?: HostedSandboxOptions;
}

export interface SandboxHandle {
  /** The API's URL as pages reach it (the public one when set). */
  apiUrl: string;
  /** The API's listening address, for calls from this machine (the demo's server). */
  internalApiUrl: string;
  /** The hosted checkout's URL as browsers reach it. */
  checkoutUrl: string;
  /** The merchant account (none in hosted mode). */
  accountId: string | null;
  /** The account's keys: from this start when it created them, else from the keys file, else null. */
  keys: SandboxKeys | null;
  /** True when this start created the account and its keys. */
  keysCreated: boolean;
  keysFile: string | null;
  dbPath: string;
  shapes: SandboxShapes;
  /** Hosted mode: makes visitor accounts. */
  visitors: VisitorAccounts | null;
  /**
   * Hosted mode: the database and the seal (the webhook secrets' key) the demo keeps its visitors
   * with (demo/server/visitor-store.ts), so a restart ends no visit.
   */
  hostedStore: HostedStore | null;
  close(): Promise<void>;
}

/** A database and a seal for secrets kept at rest (AES-256-GCM under the server's seal key). */
export interface HostedStore {
  db: Db;
  seal(plaintext: string): string;
  /** Null when the data was altered or sealed under another key. */
  unseal(sealed: string): string | null;
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
    receiver: options.hosted?.webhookReceiver,
    log,
  });
  const webhookService = new WebhookService({ repo: webhooks, clock, sealKey, onDeliveriesStored: () => dispatcher.kick() });
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

  const hosted = options.hosted;
  if (hosted && apiKeys.countActive('live') > 0) {
    db.close();
    throw new Error(`The database ${dbPath} holds live keys; the hosted demo has no live environment: give it a database of its own (SANDBOX_DB)`);
  }
  // The hosted demo has no merchant account: every visitor gets one of their own.
  const { accountId, createdKeys } = hosted
    ? { accountId: null, createdKeys: null }
    : db.transaction(() => bootstrapAccount(accounts, apiKeys, brand, clock.now(), idRandomLength))();
  let keys = createdKeys;
  if (createdKeys && keysFile) writeKeysFile(keysFile, createdKeys);
  if (!createdKeys && keysFile && !hosted) keys = readKeysFile(keysFile);
  const visitors = hosted
    ? new VisitorAccounts({
        db,
        accounts,
        apiKeys,
        atomic: (fn) => db.transaction(fn)(),
        clock,
        brand,
        ttlMs: hosted.accountTtlMs,
        maxAccounts: hosted.maxAccounts ?? DEFAULT_MAX_VISITOR_ACCOUNTS,
        perAddress: hosted.accountsPerAddress ?? DEFAULT_ACCOUNTS_PER_ADDRESS,
        webhooks: webhookService,
        receiverPrefix: hosted.webhookReceiver.prefix,
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
    limits: new CallerLimits({ ...DEFAULT_CALLER_LIMITS, ...options.callerLimits, secret: options.rateLimit ?? DEFAULT_CALLER_LIMITS.secret }, options.rateLimitClock),
    // Hosted, the demo's own server (on this machine) forwards its visitor's address: loopback is
    // trusted beside TRUSTED_PROXIES, else every visitor would share the demo server's buckets.
    trustedProxies: hosted ? parseTrustedProxies([...(options.trustedProxies?.entries ?? []), ...LOOPBACK_PROXIES]) : (options.trustedProxies ?? parseTrustedProxies(undefined)),
    log,
    ...(hosted
      ? {
          hosted: {
            limits: new HostedCreationLimits(
              db,
              clock.now,
              { ...DEFAULT_HOSTED_QUOTAS, ...hosted.quotas },
              hosted.creationsPerAddress ?? DEFAULT_CREATIONS_PER_ADDRESS,
              hosted.creationsPerAccount ?? DEFAULT_CREATIONS_PER_ACCOUNT,
            ),
            webhookPrefix: hosted.webhookReceiver.prefix,
          },
        }
      : {}),
  };

  const sweep = (): void => {
    try {
      sessionService.sweep();
      visitors?.purgeExpired();
      deps.hosted?.limits.prune();
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
      visitors,
      hostedStore: hosted ? { db, seal: (text) => seal(text, sealKey), unseal: (sealed) => unseal(sealed, sealKey) } : null,
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

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

function listen(servers: Server[], fetch: Fetch, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => resolve(info.port)) as Server;
    servers.push(server);
    server.once('error', reject);
  });
}

/** The API server: also requests the app never sees (unparsable HTTP, unreadable URLs) get the envelope. */
function listenApi(servers: Server[], fetch: Fetch, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer(getRequestListener(fetch, { hostname, errorHandler: unreadableRequestResponse }));
    server.on('clientError', answerClientError);
    servers.push(server);
    server.once('error', reject);
    server.listen(port, hostname, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function writeKeysFile(path: string, keys: SandboxKeys): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * The key sealing webhook signing secrets at rest, kept outside the database so the database file
 * alone reveals no secret: `<db>.seal-key` beside a file database (created once, mode 0600).
 */
function loadSealKey(dbPath: string): string {
  if (dbPath === ':memory:') return randomBytes(32).toString('base64url');
  const path = `${dbPath}.seal-key`;
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return key;
}

function readKeysFile(path: string): SandboxKeys | null {
  if (!existsSync(path)) return null;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as SandboxKeys;
    return typeof value.test?.secret === 'string' && typeof value.live?.publishable === 'string' ? value : null;
  } catch {
    return null;
  }
}
