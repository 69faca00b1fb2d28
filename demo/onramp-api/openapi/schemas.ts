/**
 * The contract's schemas as the document names them. They are plain zod (src/contract/write/), so
 * `z.toJSONSchema` converts them as they are; their descriptions are the contract's own metadata.
 */
import * as z from 'zod/mini';
import type { SchemaName } from '../../../src/contract/operations.js';
import {
  apiKeyListSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '../../../src/contract/write/api-key.js';
import { errorEnvelopeSchema } from '../../../src/contract/write/envelope.js';
import { quoteRequestSchema } from '../../../src/contract/write/quote-request.js';
import { quoteSchema } from '../../../src/contract/write/quote.js';
import { metadataSchema } from '../../../src/contract/write/request-fields.js';
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

/**
 * The registry `z.toJSONSchema` reads: an `id` per component (a component, referenced by `$ref`),
 * over the contract's own metadata (descriptions and formats registered in `z.globalRegistry` beside
 * each schema, src/contract/write/).
 */
export function documentRegistry(
  components: Readonly<Record<string, z.ZodMiniType>>,
): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const registry = new ContractRegistry();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  return registry;
}

/** The document's ids, with what the contract says of each schema in the global registry beneath them. */
class ContractRegistry extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get<S extends z.core.$ZodType>(schema: S): z.core.$replace<z.core.GlobalMeta, S> | undefined {
    const contract = z.globalRegistry.get(schema);
    const own = super.get(schema);
    return contract || own ? { ...contract, ...own } : undefined;
  }
}
