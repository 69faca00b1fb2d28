/** Everything the API and checkout apps share: configuration, clock, repositories, services. */
import type { AccountsRepo } from './db/accounts.js';
import type { ApiKeysRepo } from './db/api-keys.js';
import type { IdempotencyRepo } from './db/idempotency.js';
import type { SessionsRepo } from './db/sessions.js';
import type { WebhooksRepo } from './db/webhooks.js';
import type { Clock } from './domain/clock.js';
import type { SessionService } from './domain/sessions.js';
import type { WebhookService } from './domain/webhooks.js';
import type { TrustedProxies } from '../http-common/client-address.js';
import type { CallerLimits } from './http/rate-limit.js';
import type { SpareTime } from './http/spare-time.js';
import type { Turns } from '../http-common/turns.js';
import type { GuestCreationLimits } from './guest-accounts/creation-limits.js';

/** The rules of guest accounts (absent when the sandbox runs for one merchant). */
export interface GuestRules {
  limits: GuestCreationLimits;
  /** The only URL prefix a webhook endpoint may have: the receiver the guests' owner named. */
  webhookPrefix: string;
}

export interface SandboxDeps {
  brand: string;
  /** Base URL of the API as its callers reach it (set once its server listens). */
  apiUrl: string;
  /** Base URL of the hosted checkout (set once its server listens). */
  checkoutUrl: string;
  /** Allowed merchant origins (patterns such as `http://localhost:*`). */
  merchantOrigins: readonly string[];
  /** Origins whose pages may call the browser endpoints (CORS); undefined: any page. */
  corsOrigins?: readonly string[] | undefined;
  bodyLimitBytes: number;
  clock: Clock;
  accounts: AccountsRepo;
  apiKeys: ApiKeysRepo;
  sessions: SessionsRepo;
  idempotency: IdempotencyRepo;
  sessionService: SessionService;
  webhooks: WebhooksRepo;
  webhookService: WebhookService;
  /** Rate limits by who is calling (docs/design.md "Rate limits"). */
  limits: CallerLimits;
  /** Transaction pages in the works, one per account and environment at a time (http-common/turns.ts). */
  pageTurns: Turns;
  /** When the slices of a page after its first may go: the event loop's spare time (http/spare-time.ts). */
  spareTime: SpareTime;
  /** Proxies whose `X-Forwarded-For` names the client (none: the socket's peer is the client). */
  trustedProxies: TrustedProxies;
  log: (line: string) => void;
  guests?: GuestRules;
}
