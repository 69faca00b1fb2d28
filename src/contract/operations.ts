/**
 * Every operation of the API as data: method, path, who may call it (key types, permission), what
 * it reads and answers, and which error codes each status carries. The OpenAPI document
 * (`demo/onramp-api/openapi/`) is generated from this table and the schemas it names, the API registers
 * its routes from it (`demo/onramp-api/http/operation-routes.ts`); the server client
 * (`src/server-client/`) takes its paths and methods from it. Plain data, no schema: importing it costs a
 * bundle only these strings.
 */
import type { Permission } from './product.js';
import { SESSION_ID_PATTERN } from './credentials.js';
import type { ErrorCode } from './write/envelope.js';
import type * as write from './write/shapes.js';
import type { NameOf } from './write/named.js';

/**
 * Names of the contract's schemas an operation reads or answers: each schema of `./write/` given a
 * name (`named(schema, { id, example })`, `./write/named.ts`), read off their types. The import is of
 * types only: this module stays free of zod for the server client that imports it.
 */
export type SchemaName = NameOf<(typeof write)[keyof typeof write]>;

export type OperationId =
  | 'createSession'
  | 'retrieveSession'
  | 'createQuote'
  | 'listTransactions'
  | 'retrieveTransaction'
  | 'createApiKey'
  | 'listApiKeys'
  | 'revokeApiKey'
  | 'createWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'deleteWebhookEndpoint'
  | 'listWebhookDeliveries'
  | 'advanceTestSession';

export interface Operation {
  id: OperationId;
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI path template (`{id}`). */
  path: string;
  tag: 'Sessions' | 'Quotes' | 'Transactions' | 'API keys' | 'Webhook endpoints' | 'Test helpers';
  summary: string;
  description: string;
  /** Key types accepted; `test` means test-mode secret keys only. */
  keys: 'secret' | 'secret+publishable' | 'test-secret';
  /** Permission the key must hold; none for quotes and the test helpers. */
  permission?: Permission;
  body?: SchemaName;
  /** Query parameters, from this schema's properties. */
  query?: SchemaName | { name: string; description: string; required: boolean; schema: Record<string, unknown> }[];
  pathParam?: { name: string; description: string };
  /** Honours `Idempotency-Key` (replays the first success, 409 on another body). */
  idempotent?: boolean;
  /** Reads `X-Client-Secret` (required with a publishable key). */
  clientSecret?: boolean;
  /** Creations a hosted-demo account may make only so many of (403 `LIMIT_REACHED`). */
  limited?: boolean;
  success: { status: 200 | 201; schema: SchemaName; description: string };
  /** Error codes of this operation beyond those every operation can answer. */
  errors: readonly ErrorCode[];
}

const BODY_ERRORS = ['INVALID_JSON', 'VALIDATION_ERROR'] as const;

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'createSession',
    method: 'POST',
    path: '/v1/onramp',
    tag: 'Sessions',
    summary: 'Create an onramp session',
    description:
      'Creates a purchase session for a destination wallet, priced at once. The answer is the only place the `client_secret` appears: hand it to the widget (with a publishable key) or send the buyer to `redirect_url`. A mixed-case `wallet_address` must pass its EIP-55 checksum.',
    keys: 'secret',
    permission: 'onramp:create',
    body: 'CreateSessionRequest',
    idempotent: true,
    limited: true,
    success: {
      status: 201,
      schema: 'CreatedSession',
      description: 'The session, with its client secret (shown once).',
    },
    errors: [
      ...BODY_ERRORS,
      'INVALID_WALLET_ADDRESS',
      'UNSUPPORTED_NETWORK',
      'AMOUNT_OUT_OF_RANGE',
      'IDEMPOTENCY_CONFLICT',
      'LIMIT_REACHED',
    ],
  },
  {
    id: 'retrieveSession',
    method: 'GET',
    path: '/v1/onramp',
    tag: 'Sessions',
    summary: 'Retrieve a session’s status',
    description:
      'The session’s status and details. A publishable key reads a session only with that session’s `X-Client-Secret` (anything else is `NOT_FOUND`); with the right secret but a key of the other mode (live key, test session, or the reverse) it is `KEY_MODE_MISMATCH`, naming both modes. `redirect_url` is present only when the client secret was presented. `tx_hash` and `completed_at` are present once completed, never `null`.',
    keys: 'secret+publishable',
    permission: 'onramp:read',
    query: [
      {
        name: 'session_id',
        description: 'The session’s id (`ors_…`).',
        required: true,
        schema: { type: 'string', pattern: SESSION_ID_PATTERN.source },
      },
    ],
    clientSecret: true,
    success: { status: 200, schema: 'SessionStatus', description: 'The session.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'KEY_MODE_MISMATCH'],
  },
  {
    id: 'createQuote',
    method: 'POST',
    path: '/v1/onramp/quote',
    tag: 'Quotes',
    summary: 'Get a price quote',
    description:
      'Prices an order without creating a session. Any valid key, publishable included; no permission needed. `network` defaults to the asset’s default network. A quote creates nothing, so nothing of it is stored: ask again for a fresh one (an `Idempotency-Key` is ignored).',
    keys: 'secret+publishable',
    body: 'QuoteRequest',
    success: { status: 200, schema: 'Quote', description: 'The quote.' },
    errors: [...BODY_ERRORS, 'UNSUPPORTED_NETWORK', 'AMOUNT_OUT_OF_RANGE'],
  },
  {
    id: 'listTransactions',
    method: 'GET',
    path: '/v1/transactions',
    tag: 'Transactions',
    summary: 'List transactions',
    description:
      'The account’s transactions in the key’s mode, newest first, filtered and paginated. An expired session shows as `failed` here.',
    keys: 'secret',
    permission: 'transactions:read',
    query: 'TransactionListQuery',
    success: { status: 200, schema: 'TransactionList', description: 'One page of transactions and the pagination.' },
    errors: ['VALIDATION_ERROR', 'INVALID_WALLET_ADDRESS'],
  },
  {
    id: 'retrieveTransaction',
    method: 'GET',
    path: '/v1/transactions/{id}',
    tag: 'Transactions',
    summary: 'Retrieve a transaction',
    description: 'One transaction, with its fees in integer minor units.',
    keys: 'secret',
    permission: 'transactions:read',
    pathParam: { name: 'id', description: 'The transaction’s id.' },
    success: { status: 200, schema: 'Transaction', description: 'The transaction.' },
    errors: ['NOT_FOUND'],
  },
  {
    id: 'createApiKey',
    method: 'POST',
    path: '/v1/keys',
    tag: 'API keys',
    summary: 'Create an API key',
    description:
      'Creates a key of the calling key’s own environment, with at most the permissions the calling key holds (else 403 `INSUFFICIENT_PERMISSIONS` naming what it lacks). The full key is in this answer only. Omitted permissions: `onramp:create`, `onramp:read`, `transactions:read` for a secret key, `onramp:read` for a publishable one (which may hold no other).',
    keys: 'secret',
    permission: 'keys:manage',
    body: 'CreateApiKeyRequest',
    limited: true,
    success: { status: 201, schema: 'CreatedApiKey', description: 'The key, with its full value (shown once).' },
    errors: [...BODY_ERRORS, 'LIMIT_REACHED'],
  },
  {
    id: 'listApiKeys',
    method: 'GET',
    path: '/v1/keys',
    tag: 'API keys',
    summary: 'List API keys',
    description: 'The active keys of the calling key’s environment. Full keys are never returned.',
    keys: 'secret',
    permission: 'keys:manage',
    success: { status: 200, schema: 'ApiKeyList', description: 'The keys.' },
    errors: [],
  },
  {
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/v1/keys/{id}',
    tag: 'API keys',
    summary: 'Revoke an API key',
    description:
      'Revokes a key of the calling key’s environment, at once and for good: its next request is 401 `INVALID_API_KEY`.',
    keys: 'secret',
    permission: 'keys:manage',
    pathParam: { name: 'id', description: 'The key’s id.' },
    success: { status: 200, schema: 'RevokedApiKey', description: 'The key is revoked.' },
    errors: ['NOT_FOUND'],
  },
  {
    id: 'createWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhooks',
    tag: 'Webhook endpoints',
    summary: 'Create a webhook endpoint',
    description:
      'Subscribes a URL to session events of the key’s mode. A live endpoint must be https on a public address; a test endpoint may also be http or https on loopback. The signing secret (`whsec_…`) is in this answer only.',
    keys: 'secret',
    permission: 'webhooks:manage',
    body: 'CreateWebhookEndpointRequest',
    limited: true,
    success: {
      status: 201,
      schema: 'CreatedWebhookEndpoint',
      description: 'The endpoint, with its signing secret (shown once).',
    },
    errors: [...BODY_ERRORS, 'LIMIT_REACHED'],
  },
  {
    id: 'listWebhookEndpoints',
    method: 'GET',
    path: '/v1/webhooks',
    tag: 'Webhook endpoints',
    summary: 'List webhook endpoints',
    description: 'The endpoints of the key’s mode, without their secrets.',
    keys: 'secret',
    permission: 'webhooks:manage',
    success: { status: 200, schema: 'WebhookEndpointList', description: 'The endpoints.' },
    errors: [],
  },
  {
    id: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    tag: 'Webhook endpoints',
    summary: 'Delete a webhook endpoint',
    description: 'Stops deliveries to the endpoint; pending retries are cancelled.',
    keys: 'secret',
    permission: 'webhooks:manage',
    pathParam: { name: 'id', description: 'The endpoint’s id.' },
    success: { status: 200, schema: 'DeletedWebhookEndpoint', description: 'The endpoint is deleted.' },
    errors: ['NOT_FOUND'],
  },
  {
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhooks/{id}/deliveries',
    tag: 'Webhook endpoints',
    summary: 'List an endpoint’s deliveries',
    description:
      'The newest deliveries to the endpoint, each with every attempt: status code, duration, or the network error.',
    keys: 'secret',
    permission: 'webhooks:manage',
    pathParam: { name: 'id', description: 'The endpoint’s id.' },
    query: [
      {
        name: 'limit',
        description: 'How many deliveries, 1 to 100 (default 50).',
        required: false,
        schema: { type: 'string', pattern: '^\\d{1,3}$' },
      },
    ],
    success: { status: 200, schema: 'WebhookDeliveryList', description: 'The deliveries, newest first.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  },
  {
    id: 'advanceTestSession',
    method: 'POST',
    path: '/v1/test_helpers/onramp/advance',
    tag: 'Test helpers',
    summary: 'Advance a test session',
    description:
      'Forces a legal transition of a test-mode session (pending → processing, failed or expired; processing → completed or failed), so tests need not wait. Test-mode secret keys only.',
    keys: 'test-secret',
    body: 'AdvanceSessionRequest',
    success: { status: 200, schema: 'SessionStatus', description: 'The session after the transition.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
];

/**
 * Errors every operation can answer: an unreadable request (bad request line or headers: 400
 * `VALIDATION_ERROR`), authentication, permission, oversized headers or body, rate limits, a crash.
 */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'INSUFFICIENT_PERMISSIONS',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
];

/** Every error code an operation can answer. */
export function operationErrors(operation: Operation): ErrorCode[] {
  return [...new Set([...COMMON_ERRORS, ...operation.errors])];
}
