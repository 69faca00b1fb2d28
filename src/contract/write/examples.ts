/**
 * One consistent story for the OpenAPI document's examples: one order, its session, its quote, its
 * transaction, a key and a webhook endpoint. Each value derives from the others (the client secret
 * starts with the session id, the redirect URL names the session, crypto = (amount − fees) / rate,
 * expiries are creation + the contract's lifetimes), so an example never contradicts another. Each
 * named schema takes its example from here (`named(schema, { id, example })`, `./named.ts`); a test
 * parses each with its schema. A shape outside the story may write its example inline instead.
 */
import { FIAT_MINOR_DIGITS, QUOTE_TTL_MS, SESSION_TTL_MS, defaultNetwork, type WebhookEventType } from '../product.js';
import { apiKeyPrefix } from '../credentials.js';
import { minorToDecimal, minorToMajorNumber, trimDecimal } from '../money.js';

const CREATED_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();

export const EXAMPLE_SESSION_ID = 'ors_Q7wN3kLp9XvB2mRt5ZyC8dHf';
export const EXAMPLE_CLIENT_SECRET = `${EXAMPLE_SESSION_ID}_secret_Jx4Vn8Ws2Pq6Tb9Ke3Rm7Yc5Ua1Lz0Gd`;
export const EXAMPLE_CHECKOUT_URL = 'https://checkout.onramp.example';
const CHECKOUT_TOKEN = 'tk_8Hn2Vq5Xw9Mb3Lc7Rj4Pz6Ty1';
const TRANSACTION_ID = 'txn_Bv6Qn1Xr8Kc3Wm5Tz9Lp2Hd4';
const KEY_ID = 'key_Ws3Yn7Lq1Bx9Kd4Vm6Rc2Tp8';
const WEBHOOK_ID = 'we_Fz5Kq2Nw8Lc1Vb7Xm3Rt9Hd6';
export const EXAMPLE_WEBHOOK_SECRET = 'whsec_Nq4Xw8Lb2Vk6Tm1Rz9Hc3Pd7Ys5Gf0Ja';
const EVENT_ID = 'evt_Pq4Lz8Vn2Wx6Kb1Tr9Hm3Cd7';
export const EXAMPLE_REQUEST_ID = 'req_Vb2Nq6Lx9Kw3Tm7Rz1Hc5Pd8';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = '0x8f3c5b2a9d1e4f7a6b0c3d2e1f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a';

const ORDER = {
  fiat_amount: 10_000,
  fiat_currency: 'USD',
  crypto_currency: 'ETH',
  network: defaultNetwork('ETH'),
} as const;
/** Fees in minor units (1 % platform, 2.49 % processing, a flat network fee), and their exact sum. */
const FEES = { platform_fee: 100, network_fee: 250, processing_fee: 249 };
const TOTAL_FEE = FEES.platform_fee + FEES.network_fee + FEES.processing_fee;
/** Rate in fiat minor units per crypto unit, and the crypto amount at the asset's 18 decimals. */
const RATE_MINOR = 315_025n;
const CRYPTO_AMOUNT = trimDecimal(
  minorToDecimal((BigInt(ORDER.fiat_amount - TOTAL_FEE) * 10n ** 18n) / RATE_MINOR, 18),
);
const EXCHANGE_RATE = Number(minorToDecimal(RATE_MINOR, FIAT_MINOR_DIGITS));

const major = (minor: number): number => minorToMajorNumber(minor, FIAT_MINOR_DIGITS);
const quotedFees = {
  platform_fee: major(FEES.platform_fee),
  network_fee: major(FEES.network_fee),
  processing_fee: major(FEES.processing_fee),
  total_fee: major(TOTAL_FEE),
};
const statusFees = {
  platform_fee: quotedFees.platform_fee,
  network_fee: quotedFees.network_fee,
  processing_fee: quotedFees.processing_fee,
};
const METADATA = { order_id: 'order_1042' };
const CREATED_AT = iso(CREATED_MS);
const EXPIRES_AT = iso(CREATED_MS + SESSION_TTL_MS);
const QUOTE_EXPIRES_AT = iso(CREATED_MS + QUOTE_TTL_MS);
const COMPLETED_AT = iso(CREATED_MS + 4 * 60 * 1000);
export const EXAMPLE_REDIRECT_URL = `${EXAMPLE_CHECKOUT_URL}/pay/${EXAMPLE_SESSION_ID}?t=${CHECKOUT_TOKEN}`;

const transactionBase = {
  id: TRANSACTION_ID,
  session_id: EXAMPLE_SESSION_ID,
  status: 'completed',
  wallet_address: WALLET,
  crypto_currency: ORDER.crypto_currency,
  crypto_amount: CRYPTO_AMOUNT,
  fiat_currency: ORDER.fiat_currency,
  fiat_amount: ORDER.fiat_amount,
  network: ORDER.network,
  tx_hash: TX_HASH,
  metadata: METADATA,
  created_at: CREATED_AT,
  completed_at: COMPLETED_AT,
};

const keyBase = {
  id: KEY_ID,
  name: 'Order server',
  environment: 'test',
  type: 'secret',
  prefix: `${apiKeyPrefix('onramp', 'test', 'secret')}Ab3dE9`,
  permissions: ['onramp:create', 'onramp:read', 'transactions:read'],
  created_at: CREATED_AT,
};

const endpointBase = {
  id: WEBHOOK_ID,
  url: 'https://shop.example/hooks/onramp',
  events: ['onramp.session.completed', 'onramp.session.failed'],
  environment: 'test',
  created_at: CREATED_AT,
};

// The story, shape by shape (each named where its schema is declared).

export const createSessionRequestExample = {
  wallet_address: WALLET,
  ...ORDER,
  customer_email: 'buyer@example.com',
  metadata: METADATA,
  return_url: 'https://shop.example/orders/1042',
};

export const createdSessionExample = {
  session_id: EXAMPLE_SESSION_ID,
  client_secret: EXAMPLE_CLIENT_SECRET,
  redirect_url: EXAMPLE_REDIRECT_URL,
  expires_at: EXPIRES_AT,
  estimated_crypto_amount: CRYPTO_AMOUNT,
  fees: quotedFees,
  exchange_rate: EXCHANGE_RATE,
  quote_expires_at: QUOTE_EXPIRES_AT,
};

export const sessionStatusExample = {
  id: TRANSACTION_ID,
  session_id: EXAMPLE_SESSION_ID,
  status: 'pending',
  wallet_address: WALLET,
  crypto_currency: ORDER.crypto_currency,
  crypto_amount: CRYPTO_AMOUNT,
  fiat_currency: ORDER.fiat_currency,
  fiat_amount: ORDER.fiat_amount,
  network: ORDER.network,
  fees: statusFees,
  metadata: METADATA,
  created_at: CREATED_AT,
  expires_at: EXPIRES_AT,
  quote_expires_at: QUOTE_EXPIRES_AT,
  exchange_rate: EXCHANGE_RATE,
  estimated_crypto_amount: CRYPTO_AMOUNT,
  redirect_url: EXAMPLE_REDIRECT_URL,
};

export const quoteRequestExample = ORDER;

export const quoteExample = {
  ...ORDER,
  crypto_amount: CRYPTO_AMOUNT,
  exchange_rate: EXCHANGE_RATE,
  fees: quotedFees,
  expires_at: QUOTE_EXPIRES_AT,
};

export const transactionListExample = {
  transactions: [{ ...transactionBase, platform_fee: FEES.platform_fee }],
  pagination: { page: 1, limit: 20, total: 1, pages: 1 },
};

export const transactionExample = {
  ...transactionBase,
  fees: FEES,
  exchange_rate: EXCHANGE_RATE,
  customer_email: 'buyer@example.com',
};

export const transactionListQueryExample = { status: 'completed', limit: '20' };

export const createApiKeyRequestExample = {
  name: keyBase.name,
  environment: 'test',
  permissions: keyBase.permissions,
  type: 'secret',
};

export const createdApiKeyExample = { ...keyBase, key: `${keyBase.prefix}Tq7Lm2Xw9Vb4Nc8Rk1Pz5Hd3Ys6Gf0` };

export const apiKeyListExample = { keys: [{ ...keyBase, last_used_at: COMPLETED_AT }] };

export const revokedApiKeyExample = {
  message: `Key ${KEY_ID} revoked; requests with it now fail with INVALID_API_KEY`,
};

export const createWebhookEndpointRequestExample = { url: endpointBase.url, events: endpointBase.events };

export const createdWebhookEndpointExample = { ...endpointBase, secret: EXAMPLE_WEBHOOK_SECRET };

export const webhookEndpointListExample = { webhooks: [endpointBase] };

export const deletedWebhookEndpointExample = { id: WEBHOOK_ID, deleted: true };

export const webhookDeliveryListExample = {
  deliveries: [
    {
      id: 'whd_Lc8Vn3Qx6Kw1Tb9Rm4Hz2Pd5',
      endpoint_id: WEBHOOK_ID,
      event_id: EVENT_ID,
      event_type: 'onramp.session.completed',
      status: 'succeeded',
      attempts: [{ attempt: 1, attempted_at: COMPLETED_AT, duration_ms: 84, status_code: 200, error: null }],
      next_attempt_at: null,
      created_at: COMPLETED_AT,
    },
  ],
};

export const advanceSessionRequestExample = { session_id: EXAMPLE_SESSION_ID, to: 'processing' };

export const metadataExample = METADATA;

export const errorEnvelopeExample = {
  success: false,
  error: {
    code: 'NOT_FOUND',
    message: `No session ${EXAMPLE_SESSION_ID}`,
    param: 'session_id',
    request_id: EXAMPLE_REQUEST_ID,
  },
};

/** The session as a delivery carries it: without `redirect_url` (no client secret was presented). */
const { redirect_url: _redirectUrl, ...deliveredSession } = sessionStatusExample;

/** The event a delivery of `type` carries: the session in the status the event names. */
export function webhookEventExample(type: WebhookEventType): Record<string, unknown> {
  const named = type.slice('onramp.session.'.length);
  const status = named === 'created' ? 'pending' : named;
  const completed = status === 'completed' ? { tx_hash: TX_HASH, completed_at: COMPLETED_AT } : {};
  return {
    id: EVENT_ID,
    type,
    created: status === 'pending' ? CREATED_AT : COMPLETED_AT,
    data: { object: { ...deliveredSession, status, ...completed } },
  };
}
