/**
 * The contract's schemas as the document names them, and the JSON Schema of the contract's own
 * schema kinds. The response shapes are built from `z.unknown()` with check functions (kinds.ts:
 * fewer bytes in the widget), which JSON Schema cannot see into; their JSON Schema is given here from
 * the same constants they check against (catalogue lists, the patterns' own source), as metadata of
 * a registry that `z.toJSONSchema` merges in. Nothing here restates a value.
 */
import * as z from 'zod/mini';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS, SESSION_STATUSES } from '../../../src/contract/catalog.js';
import { CLIENT_SECRET_PATTERN, SESSION_ID_PATTERN } from '../../../src/contract/credentials.js';
import type { SchemaName } from '../../../src/contract/operations.js';
import {
  apiKeyListSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '../../../src/contract/write/api-key.js';
import { errorEnvelopeSchema } from '../../../src/contract/write/envelope.js';
import {
  DECIMAL_STRING_PATTERN,
  TIMESTAMP_PATTERN,
  WALLET_ADDRESS_PATTERN,
  clientSecretSchema,
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatCurrencySchema,
  integerSchema,
  majorAmountSchema,
  minorUnitsSchema,
  networkSchema,
  sessionIdSchema,
  sessionStatusSchema,
  timestampSchema,
  walletAddressSchema,
} from '../../../src/contract/write/primitives.js';
import { quoteRequestSchema } from '../../../src/contract/write/quote-request.js';
import { quoteSchema } from '../../../src/contract/write/quote.js';
import { fiatAmountSchema, metadataSchema } from '../../../src/contract/write/request-fields.js';
import { createSessionRequestSchema } from '../../../src/contract/write/session-request.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../../src/contract/write/session.js';
import { advanceSessionRequestSchema } from '../../../src/contract/write/test-helpers.js';
import {
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
} from '../../../src/contract/write/transaction.js';
import {
  createWebhookEndpointRequestSchema,
  createdWebhookEndpointSchema,
  deletedWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEventSchema,
} from '../../../src/contract/write/webhook.js';

/** Every schema the operations name, by its name in `components.schemas`. */
export const NAMED_SCHEMAS: Readonly<Record<SchemaName, z.ZodMiniType>> = {
  CreateSessionRequest: createSessionRequestSchema,
  CreatedSession: createdSessionSchema,
  SessionStatus: sessionStatusViewSchema,
  QuoteRequest: quoteRequestSchema,
  Quote: quoteSchema,
  TransactionList: transactionListSchema,
  Transaction: transactionSchema,
  CreateApiKeyRequest: createApiKeyRequestSchema,
  CreatedApiKey: createdApiKeySchema,
  ApiKeyList: apiKeyListSchema,
  RevokedApiKey: revokedApiKeySchema,
  CreateWebhookEndpointRequest: createWebhookEndpointRequestSchema,
  CreatedWebhookEndpoint: createdWebhookEndpointSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  DeletedWebhookEndpoint: deletedWebhookEndpointSchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  AdvanceSessionRequest: advanceSessionRequestSchema,
  TransactionListQuery: transactionListQuerySchema,
};

/** Schemas that are components of their own though no operation answers them alone. */
export const EXTRA_SCHEMAS = {
  ErrorEnvelope: errorEnvelopeSchema,
  WebhookEvent: webhookEventSchema,
  Metadata: metadataSchema,
} as const;

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of each check-built contract schema (kinds.ts), from the values it checks against. */
function kindSchemas(): [z.ZodMiniType, JsonSchema][] {
  const pattern = (regex: RegExp) => regex.source;
  return [
    [cryptoCurrencySchema, { type: 'string', enum: [...CRYPTO_CURRENCIES], description: 'Crypto asset symbol.' }],
    [networkSchema, { type: 'string', enum: [...NETWORKS], description: 'Delivery network.' }],
    [fiatCurrencySchema, { type: 'string', enum: [...FIAT_CURRENCIES], description: 'ISO 4217 fiat currency.' }],
    [sessionStatusSchema, { type: 'string', enum: [...SESSION_STATUSES] }],
    [
      timestampSchema,
      {
        type: 'string',
        format: 'date-time',
        pattern: pattern(TIMESTAMP_PATTERN),
        description: 'ISO 8601 timestamp with a zone.',
      },
    ],
    [
      walletAddressSchema,
      {
        type: 'string',
        pattern: pattern(WALLET_ADDRESS_PATTERN),
        description: '`0x` and 40 hex digits; a mixed-case address must pass its EIP-55 checksum.',
      },
    ],
    [
      decimalStringSchema,
      {
        type: 'string',
        pattern: pattern(DECIMAL_STRING_PATTERN),
        description: 'A non-negative decimal string at the asset’s precision (never a float).',
      },
    ],
    [integerSchema, { type: 'integer' }],
    [minorUnitsSchema, { type: 'integer', minimum: 0, description: 'Integer minor units (cents).' }],
    [
      majorAmountSchema,
      { type: 'number', minimum: 0, description: 'Decimal number in major units of the fiat currency.' },
    ],
    [exchangeRateSchema, { type: 'number', exclusiveMinimum: 0, description: 'Fiat major units per one crypto unit.' }],
    [
      sessionIdSchema,
      {
        type: 'string',
        pattern: pattern(SESSION_ID_PATTERN),
        description: 'Session id: `ors_` and letters and digits of no fixed length.',
      },
    ],
    [
      clientSecretSchema,
      {
        type: 'string',
        pattern: pattern(CLIENT_SECRET_PATTERN),
        description:
          'The session’s client secret, `<session_id>_secret_<random>`: hand it to the widget, never log it.',
      },
    ],
    [errorEnvelopeSchema.shape.success, { const: false }],
  ];
}

/**
 * The registry `z.toJSONSchema` reads: an `id` per component (a component, referenced by `$ref`),
 * the JSON Schema of the check-built kinds, and what the request's fiat amount means.
 */
export function documentRegistry(components: Readonly<Record<string, z.ZodMiniType>>): z.core.$ZodRegistry<JsonSchema> {
  const registry = z.registry<JsonSchema>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  for (const [schema, json] of kindSchemas()) registry.add(schema, json);
  registry.add(fiatAmountSchema, {
    description: 'Integer minor units (cents) of the fiat currency: 10.00 to 10,000.00.',
  });
  return registry;
}
