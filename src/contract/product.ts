/**
 * What the onramp API sells and its rules, as data: assets, networks, fiat currencies, permissions,
 * key prefixes and limits. The widget and the sandbox both read these; nothing here is repeated
 * elsewhere. Values follow the service interface and the decisions summarised in `docs/design.md`.
 */

export const CRYPTO_CURRENCIES = ['ETH', 'USDC', 'USDT', 'MATIC'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const NETWORKS = ['ethereum', 'polygon', 'base'] as const;
export type Network = (typeof NETWORKS)[number];

export const FIAT_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

/** Networks each asset may be delivered on; the first one is the default (docs/design.md table). */
export const ASSET_NETWORKS: Readonly<Record<CryptoCurrency, readonly [Network, ...Network[]]>> = {
  ETH: ['ethereum', 'base'],
  USDC: ['ethereum', 'polygon', 'base'],
  USDT: ['ethereum', 'polygon'],
  MATIC: ['polygon', 'ethereum'],
};

export function defaultNetwork(crypto: CryptoCurrency): Network {
  return ASSET_NETWORKS[crypto][0];
}

export function isSupportedPair(crypto: CryptoCurrency, network: Network): boolean {
  return ASSET_NETWORKS[crypto].includes(network);
}

/** Decimal places of each asset; crypto amounts are decimal strings at this precision. */
export const CRYPTO_DECIMALS: Readonly<Record<CryptoCurrency, number>> = {
  ETH: 18,
  USDC: 6,
  USDT: 6,
  MATIC: 18,
};

/** Every fiat currency of the product list has two minor-unit digits. */
export const FIAT_MINOR_DIGITS = 2;

/** Allowed `fiat_amount`, in minor units (10.00 to 10,000.00 of the currency). */
export const FIAT_AMOUNT_MIN = 1000;
export const FIAT_AMOUNT_MAX = 1_000_000;

export const SESSION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'expired'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Final session states: nothing moves a session out of them. */
export const FINAL_SESSION_STATUSES: readonly SessionStatus[] = ['completed', 'failed', 'expired'];

export function isFinalStatus(status: SessionStatus): boolean {
  return FINAL_SESSION_STATUSES.includes(status);
}

/** The transaction views know four states; an expired session shows as `failed` there. */
export const TRANSACTION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const PERMISSIONS = [
  'onramp:create',
  'onramp:read',
  'transactions:read',
  'keys:manage',
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type KeyEnvironment = (typeof KEY_ENVIRONMENTS)[number];

export const KEY_TYPES = ['secret', 'publishable'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** The event kinds: one per session status, the session being the event's object. */
export const WEBHOOK_EVENT_TYPES = [
  'onramp.session.created',
  'onramp.session.processing',
  'onramp.session.completed',
  'onramp.session.failed',
  'onramp.session.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Permissions a key gets when `permissions` is omitted on creation. */
export const DEFAULT_PERMISSIONS: Readonly<Record<KeyType, readonly Permission[]>> = {
  secret: ['onramp:create', 'onramp:read', 'transactions:read'],
  publishable: ['onramp:read'],
};

/** The only permissions a publishable key may hold. */
export const PUBLISHABLE_PERMISSIONS: readonly Permission[] = ['onramp:read'];

export const DEFAULT_BRAND = 'onramp';

/** Session lifetime and quote lifetime, from creation. */
export const SESSION_TTL_MS = 30 * 60 * 1000;
export const QUOTE_TTL_MS = 5 * 60 * 1000;

/** Page size limits of `GET /v1/transactions`. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Legal session transitions (docs/design.md); final states have none. */
export const SESSION_TRANSITIONS: Readonly<Record<SessionStatus, readonly SessionStatus[]>> = {
  pending: ['processing', 'failed', 'expired'],
  processing: ['completed', 'failed'],
  completed: [],
  failed: [],
  expired: [],
};

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return SESSION_TRANSITIONS[from].includes(to);
}
