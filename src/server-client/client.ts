/**
 * `onramp-checkout/server`: a typed client of the onramp API for the merchant's server. Methods,
 * paths and types come from the contract (`contract/operations.ts`, the zod schemas' types): the same
 * source as the OpenAPI document.
 */
import type { CryptoCurrency, TransactionStatus } from '../contract/product.js';
import { parseApiKey } from '../contract/credentials.js';
import { OPERATIONS, type OperationId } from '../contract/operations.js';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../contract/write/api-key.js';
import type { Quote } from '../contract/write/quote.js';
import type { QuoteRequest } from '../contract/write/quote-request.js';
import type { CreateSessionRequest } from '../contract/write/session-request.js';
import type { CreatedSession, SessionStatusView } from '../contract/write/session.js';
import type { AdvanceSessionRequest } from '../contract/write/test-helpers.js';
import type { Transaction, TransactionList, TransactionListItem } from '../contract/write/transaction.js';
import type {
  CreateWebhookEndpointRequest,
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
} from '../contract/write/webhook.js';
import { type CallOptions, type Request, send } from './transport.js';

export interface OnrampClientOptions {
  /** A secret key (`<brand>_live_sk_…` or `<brand>_test_sk_…`). A publishable key is refused. */
  apiKey: string;
  /** The API's base URL, such as `https://api.onramp.example` or the sandbox's `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** Timeout of each attempt, ms. Default 30000. */
  timeoutMs?: number;
  /** Retries of 429, 5xx and network errors after the first attempt. Default 2. */
  maxRetries?: number;
  /** Longest wait before a retry, ms; a longer `Retry-After` is not waited for. Default 60000. */
  maxRetryDelayMs?: number;
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch;
  /**
   * Headers sent with every request, such as a proxy's `X-Forwarded-For` or a tracing header. The
   * ones the client sets itself (`X-API-Key`, `Idempotency-Key`, `Content-Type`, `Accept`) are refused.
   */
  headers?: Record<string, string>;
}

/** Headers the client writes itself: a caller's value would replace the key or break a retry. */
const OWN_HEADERS = ['accept', 'content-type', 'x-api-key', 'idempotency-key'];

/** The extra headers, checked once (names and values as `fetch` would check them, the client's own refused). */
function extraHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const checked = new Headers(headers);
  const own = [...checked.keys()].filter((name) => OWN_HEADERS.includes(name));
  if (own.length)
    throw new TypeError(
      `onramp-checkout/server sets ${own.join(', ')} itself: leave ${own.length === 1 ? 'it' : 'them'} out of headers`,
    );
  return Object.fromEntries(checked);
}

/** Filters and page of `transactions.list`. */
export interface TransactionListParams {
  page?: number;
  /** 1 to 100, default 20. */
  limit?: number;
  status?: TransactionStatus;
  /** `YYYY-MM-DD` or an ISO 8601 timestamp with a zone. */
  from?: string;
  to?: string;
  wallet_address?: string;
  crypto_currency?: CryptoCurrency;
}

export type { CallOptions } from './transport.js';

function operation(id: OperationId, pathParam?: string): Pick<Request, 'method' | 'path'> {
  const found = OPERATIONS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`unknown operation ${id}`);
  return {
    method: found.method,
    path: pathParam === undefined ? found.path : found.path.replace(/\{\w+\}/, encodeURIComponent(pathParam)),
  };
}

/**
 * The client. Every method resolves to the answer's `data`, or rejects with an `OnrampApiError`
 * (`code`, `status`, `requestId`, `param`).
 *
 * ```ts
 * const onramp = createOnrampClient({ apiKey: process.env.ONRAMP_SECRET_KEY!, baseUrl: 'http://127.0.0.1:8787' });
 * const session = await onramp.sessions.create({ wallet_address, crypto_currency: 'ETH', fiat_amount: 10000, fiat_currency: 'USD' });
 * ```
 */
export function createOnrampClient(options: OnrampClientOptions) {
  const key = typeof options.apiKey === 'string' ? parseApiKey(options.apiKey.trim()) : null;
  // Checked before any request, and never quoted: the key stays out of every message.
  if (!key) throw new TypeError('onramp-checkout/server: apiKey is not an API key (<brand>_<live|test>_sk_…)');
  if (key.type !== 'secret') {
    throw new TypeError(
      'onramp-checkout/server takes a secret key (…_sk_…); a publishable key (…_pk_…) belongs in the browser, with the widget',
    );
  }
  const transport = {
    apiKey: options.apiKey.trim(),
    headers: extraHeaders(options.headers),
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    sleep: (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
  };
  const call = <T>(request: Request, callOptions?: CallOptions) => send<T>(transport, request, callOptions);

  const transactions = {
    /** One page of transactions, newest first (`GET /v1/transactions`). */
    list: (params: TransactionListParams = {}, callOptions?: CallOptions) =>
      call<TransactionList>({ ...operation('listTransactions'), query: { ...params } }, callOptions),
    /** One transaction (`GET /v1/transactions/{id}`). */
    retrieve: (id: string, callOptions?: CallOptions) =>
      call<Transaction>(operation('retrieveTransaction', id), callOptions),
    /** Every transaction matching `params`, page after page (`for await (const txn of onramp.transactions.iterate())`). */
    async *iterate(
      params: Omit<TransactionListParams, 'page'> = {},
      callOptions?: CallOptions,
    ): AsyncGenerator<TransactionListItem, void, undefined> {
      for (let page = 1; ; page += 1) {
        const result = await transactions.list({ ...params, page }, callOptions);
        yield* result.transactions;
        if (page >= result.pagination.pages || result.transactions.length === 0) return;
      }
    },
  };

  return {
    sessions: {
      /** Creates a session (`POST /v1/onramp`); its `client_secret` is in this answer only. */
      create: (body: CreateSessionRequest, callOptions?: CallOptions) =>
        call<CreatedSession>({ ...operation('createSession'), body }, callOptions),
      /** A session's status and details (`GET /v1/onramp`). */
      retrieve: (sessionId: string, callOptions?: CallOptions) =>
        call<SessionStatusView>({ ...operation('retrieveSession'), query: { session_id: sessionId } }, callOptions),
    },
    quotes: {
      /** A price without a session (`POST /v1/onramp/quote`). */
      create: (body: QuoteRequest, callOptions?: CallOptions) =>
        call<Quote>({ ...operation('createQuote'), body }, callOptions),
    },
    transactions,
    keys: {
      /** Creates a key of this key's environment, with at most its permissions; the full `key` is in this answer only. */
      create: (body: CreateApiKeyRequest, callOptions?: CallOptions) =>
        call<CreatedApiKey>({ ...operation('createApiKey'), body }, callOptions),
      list: async (callOptions?: CallOptions) =>
        (await call<{ keys: ApiKey[] }>(operation('listApiKeys'), callOptions)).keys,
      /** Revokes a key at once, for good. */
      revoke: (id: string, callOptions?: CallOptions) =>
        call<{ message: string }>(operation('revokeApiKey', id), callOptions),
    },
    webhookEndpoints: {
      /** Subscribes a URL to session events; the signing `secret` (`whsec_…`) is in this answer only. */
      create: (body: CreateWebhookEndpointRequest, callOptions?: CallOptions) =>
        call<CreatedWebhookEndpoint>({ ...operation('createWebhookEndpoint'), body }, callOptions),
      list: async (callOptions?: CallOptions) =>
        (await call<{ webhooks: WebhookEndpoint[] }>(operation('listWebhookEndpoints'), callOptions)).webhooks,
      delete: (id: string, callOptions?: CallOptions) =>
        call<{ id: string; deleted: true }>(operation('deleteWebhookEndpoint', id), callOptions),
      /** The newest deliveries to an endpoint, each with its attempts. */
      deliveries: async (id: string, params: { limit?: number } = {}, callOptions?: CallOptions) =>
        (
          await call<{ deliveries: WebhookDelivery[] }>(
            { ...operation('listWebhookDeliveries', id), query: { ...params } },
            callOptions,
          )
        ).deliveries,
    },
    testHelpers: {
      /** Test mode: forces a legal transition of a session (`POST /v1/test_helpers/onramp/advance`). */
      advance: (body: AdvanceSessionRequest, callOptions?: CallOptions) =>
        call<SessionStatusView>({ ...operation('advanceTestSession'), body }, callOptions),
    },
  };
}

export type OnrampClient = ReturnType<typeof createOnrampClient>;
