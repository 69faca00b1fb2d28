/**
 * The OpenAPI 3.1 document of the API, generated from the contract: the operations table
 * (`contract/operations.ts`), the zod schemas through `z.toJSONSchema` (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1), the error codes and their statuses (`ERROR_STATUS`), the webhook events.
 * The sandbox serves it at `GET /v1/openapi.json`; `npm run build` writes it into the package.
 */
import * as z from 'zod/mini';
import { ASSET_NETWORKS, NETWORKS, PERMISSIONS } from '../../../src/contract/product.js';
import { CLIENT_SECRET_PATTERN } from '../../../src/contract/credentials.js';
import { OPERATIONS, type Operation, operationErrors } from '../../../src/contract/operations.js';
import { ERROR_STATUS, type ErrorCode } from '../../../src/contract/write/envelope.js';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../src/contract/write/webhook.js';
import { ERROR_MEANINGS } from './errors.js';
import { EXAMPLE_CLIENT_SECRET, EXAMPLE_REQUEST_ID, exampleEvent, exampleSignature } from './examples.js';
import { DELIVERY_LOG_LIMIT_MAX } from '../routes/webhooks.js';
import { API_DESCRIPTION, KEY_DESCRIPTIONS, TAGS } from './prose.js';
import { EXAMPLES, NAMED_SCHEMAS, documentRegistry } from './schemas.js';

export type JsonObject = Record<string, unknown>;

export interface OpenApiDocumentOptions {
  /** The API's base URL (`servers[0].url`). Default: the local sandbox, `http://127.0.0.1:8787`. */
  serverUrl?: string;
  /** `info.version`. Default: the package's version at build time. */
  version?: string;
}

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const JSON_TYPE = 'application/json';

/** Schemas an operation reads as its query parameters and none as a body or an answer: never components. */
const QUERY_SCHEMAS = new Set<string>(
  OPERATIONS.flatMap((operation) => (typeof operation.query === 'string' ? [operation.query] : [])).filter(
    (name) => !OPERATIONS.some((operation) => operation.body === name || operation.success.schema === name),
  ),
);

/** The components' JSON Schemas, converted from the contract's zod schemas. */
function componentSchemas(): Record<string, JsonObject> {
  const components = Object.fromEntries(
    Object.entries(NAMED_SCHEMAS).filter(([name]) => !QUERY_SCHEMAS.has(name)),
  ) as Record<string, z.ZodMiniType>;
  const registry = documentRegistry(components);
  const { schemas } = z.toJSONSchema(registry, {
    metadata: registry,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'throw',
  });
  const result: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
    result[name] = withAssetNetworks(withMetadataRefs(rest));
  }
  return result;
}

/**
 * The views echo `metadata` as it was validated on creation; their schemas leave it unchecked
 * (`z.unknown()`), so the document points them at the request's `Metadata` schema.
 */
function withMetadataRefs(schema: JsonObject): JsonObject {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    const properties = out.properties as JsonObject | undefined;
    const metadata = properties?.metadata as JsonObject | undefined;
    if (properties && metadata && Object.keys(metadata).length === 0) properties.metadata = ref('Metadata');
    else if (properties && metadata && isNullableAny(metadata))
      properties.metadata = { anyOf: [ref('Metadata'), { type: 'null' }] };
    return out;
  };
  return visit(schema) as JsonObject;
}

/**
 * The networks each asset may be delivered on (`ASSET_NETWORKS`, docs/design.md's table): the routes
 * refuse another pair (400 `UNSUPPORTED_NETWORK`) and never write one, which the zod schemas leave to
 * the routes. The document says it on each object that has both fields, as the pairs it may not hold
 * (`not`/`anyOf`: validators check it, type generators leave it out; Redocly's example check
 * misreads an `if`/`then` beside `additionalProperties: false`).
 */
function withAssetNetworks(schema: JsonObject): JsonObject {
  const unsupported = Object.entries(ASSET_NETWORKS).flatMap(([asset, networks]) => {
    const others = NETWORKS.filter((network) => !networks.includes(network));
    return others.length === 0
      ? []
      : [
          {
            properties: { crypto_currency: { const: asset }, network: { enum: others } },
            required: ['crypto_currency', 'network'],
          },
        ];
  });
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    const properties = out.properties as JsonObject | undefined;
    if (properties?.crypto_currency && properties.network) out.not = { anyOf: structuredClone(unsupported) };
    return out;
  };
  return visit(schema) as JsonObject;
}

const isNullableAny = (schema: JsonObject): boolean =>
  Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && Object.keys(schema.anyOf[0] as object).length === 0;

/**
 * Query parameters whose schema the document states in types rather than as URL text: a client
 * sends a number (`?limit=10`), which the route reads off the URL and checks as the route does.
 */
const QUERY_PARAMETER_SCHEMAS: Partial<Record<Operation['id'], Record<string, z.ZodMiniType>>> = {
  listWebhookDeliveries: { limit: z.int().check(z.gte(1), z.lte(DELIVERY_LOG_LIMIT_MAX)) },
};

const parameterSchema = (schema: z.ZodMiniType): JsonObject => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { unrepresentable: 'throw' }) as JsonObject;
  return json;
};

/** Query parameters of an operation. */
function queryParameters(operation: Operation): JsonObject[] {
  if (operation.query === undefined) return [];
  if (Array.isArray(operation.query)) {
    const typed = QUERY_PARAMETER_SCHEMAS[operation.id] ?? {};
    return operation.query.map((parameter) => {
      const schema = typed[parameter.name];
      return { in: 'query', ...parameter, ...(schema ? { schema: parameterSchema(schema) } : {}) };
    });
  }
  // The query schema's output: what its strings mean (`page` and `limit` are integers).
  const json = z.toJSONSchema(NAMED_SCHEMAS[operation.query], {
    io: 'output',
    metadata: documentRegistry({}),
    unrepresentable: 'throw',
  }) as JsonObject;
  const required = new Set((json.required as string[] | undefined) ?? []);
  const descriptions: Record<string, string> = {
    page: 'Page number, from 1 (default 1).',
    limit: 'Page size, 1 to 100 (default 20).',
    status: 'Only transactions in this state.',
    from: 'From this date (`YYYY-MM-DD`) or instant (ISO 8601 with a zone), inclusive.',
    to: 'Up to this date (the whole UTC day) or instant, inclusive.',
    wallet_address: 'Only transactions to this wallet.',
    crypto_currency: 'Only transactions of this asset.',
  };
  return Object.entries(json.properties as Record<string, JsonObject>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    description: descriptions[name] ?? name,
    schema,
  }));
}

function parameters(operation: Operation): JsonObject[] {
  const list: JsonObject[] = [];
  if (operation.pathParam)
    list.push({ in: 'path', required: true, schema: { type: 'string', minLength: 1 }, ...operation.pathParam });
  list.push(...queryParameters(operation));
  if (operation.clientSecret) list.push({ $ref: '#/components/parameters/ClientSecret' });
  if (operation.idempotent) list.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return list;
}

function security(operation: Operation): JsonObject[] {
  const roles = operation.permission ? [operation.permission] : [];
  if (operation.keys === 'secret+publishable') return [{ SecretKey: roles }, { PublishableKey: roles }];
  return [{ SecretKey: roles }];
}

const KEY_LINES: Record<Operation['keys'], string> = {
  secret:
    'Secret keys only (`<brand>_live_sk_…`, `<brand>_test_sk_…`); a publishable key is 403 `INSUFFICIENT_PERMISSIONS`.',
  'secret+publishable':
    'Secret or publishable keys (`…_sk_…`, `…_pk_…`); this is one of the two endpoints a browser may call.',
  'test-secret': 'Test-mode secret keys only (`<brand>_test_sk_…`); any other key is 403 `INSUFFICIENT_PERMISSIONS`.',
};

/** Error responses of an operation: one per status, with the codes that status carries here. */
function errorResponses(operation: Operation, envelope: JsonObject): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrors(operation))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<string, JsonObject> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code].when}`).join('\n\n'),
      headers: {
        'Request-Id': { $ref: '#/components/headers/RequestId' },
        ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      content: {
        [JSON_TYPE]: {
          schema: withCodes(envelope, codes),
          examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorExample(code) }])),
        },
      },
    };
  }
  return responses;
}

/**
 * The error envelope with `code` narrowed to these codes. A copy rather than `allOf` with the
 * component: the envelope closes its objects (`additionalProperties: false`), which a second
 * subschema cannot reopen.
 */
function withCodes(envelope: JsonObject, codes: readonly ErrorCode[]): JsonObject {
  const copy = structuredClone(envelope) as { properties: { error: { properties: Record<string, unknown> } } };
  copy.properties.error.properties.code = {
    type: 'string',
    enum: codes,
    description: 'What went wrong; clients should also accept codes they do not know.',
  };
  return copy;
}

function errorExample(code: ErrorCode): JsonObject {
  const { example, param } = ERROR_MEANINGS[code];
  return {
    success: false,
    error: { code, message: example, ...(param === undefined ? {} : { param }), request_id: EXAMPLE_REQUEST_ID },
  };
}

function operationObject(operation: Operation, envelope: JsonObject): JsonObject {
  const permission = operation.permission ? `Permission: \`${operation.permission}\`.` : 'No permission needed.';
  const body = operation.body;
  return {
    operationId: operation.id,
    tags: [operation.tag],
    summary: operation.summary,
    description: `${operation.description}\n\n${KEY_LINES[operation.keys]} ${permission}`,
    'x-key-types':
      operation.keys === 'secret+publishable'
        ? ['secret', 'publishable']
        : operation.keys === 'secret'
          ? ['secret']
          : ['secret (test mode)'],
    ...(operation.permission ? { 'x-permission': operation.permission } : {}),
    security: security(operation),
    parameters: parameters(operation),
    ...(body
      ? { requestBody: { required: true, content: { [JSON_TYPE]: { schema: ref(body), example: EXAMPLES[body] } } } }
      : {}),
    responses: {
      [String(operation.success.status)]: {
        description: operation.success.description,
        headers: {
          'Request-Id': { $ref: '#/components/headers/RequestId' },
          ...(operation.idempotent
            ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } }
            : {}),
        },
        content: {
          [JSON_TYPE]: {
            schema: {
              type: 'object',
              required: ['success', 'data'],
              properties: { success: { const: true }, data: ref(operation.success.schema) },
              additionalProperties: false,
            },
            example: { success: true, data: EXAMPLES[operation.success.schema] },
          },
        },
      },
      ...errorResponses(operation, envelope),
    },
  };
}

function webhooks(): JsonObject {
  const entries = WEBHOOK_EVENT_TYPES.map((type) => {
    const status = type.slice('onramp.session.'.length);
    return [
      type,
      {
        post: {
          operationId: `${type.replaceAll('.', '_')}_event`,
          tags: ['Webhook events'],
          summary: `Session ${status}`,
          description: `Sent to each endpoint subscribed to \`${type}\` (or \`*\`) when a session of its mode is ${status}. Answer 2xx within 5 s; anything else is retried with exponential backoff and jitter. The event's \`id\` is the same on every attempt: use it to drop duplicates.`,
          security: [],
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description: `\`t=<unix seconds>,v1=<hex HMAC-SHA256(endpoint secret, t + "." + raw body)>\`. Verify the raw body before parsing it, and refuse a \`t\` more than ${WEBHOOK_TOLERANCE_SECONDS} s from your clock (\`verifyWebhookSignature\` from \`onramp-checkout/webhooks\` does both).`,
              schema: { type: 'string', pattern: '^t=\\d+(,[a-z0-9]+=[0-9a-f]+)+$' },
              example: exampleSignature(exampleEvent(type)),
            },
          ],
          requestBody: {
            required: true,
            content: { [JSON_TYPE]: { schema: ref('WebhookEvent'), example: exampleEvent(type) } },
          },
          responses: {
            '200': { description: 'Received: no retry.' },
            '400': { description: 'The signature did not verify: the delivery is retried, then marked failed.' },
          },
        },
      },
    ] as const;
  });
  return Object.fromEntries(entries);
}

/** The OpenAPI 3.1 document of the API. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): JsonObject {
  const schemas = componentSchemas();
  // Each error response carries its own copy, its codes narrowed (withCodes): no component is left to refer to it.
  const { ErrorEnvelope: envelope, ...components } = schemas;
  if (!envelope) throw new Error('the error envelope has no schema');
  const paths: Record<string, JsonObject> = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method.toLowerCase()]: operationObject(operation, envelope),
    };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Onramp API',
      version: options.version ?? '0.1.0',
      summary: 'Sell crypto for fiat: sessions, quotes, transactions, API keys and webhooks.',
      description: API_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:8787', description: 'The sandbox' }],
    tags: TAGS,
    security: [{ SecretKey: [] }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas: components,
      securitySchemes: {
        SecretKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: KEY_DESCRIPTIONS.secret },
        PublishableKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: KEY_DESCRIPTIONS.publishable },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the first success of a key is stored for 24 hours and replayed byte for byte (`Idempotent-Replayed: true`) to a request with the same key and body; the same key with another body is 409 `IDEMPOTENCY_CONFLICT`. Errors are not stored.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
          example: 'order-1042-create',
        },
        ClientSecret: {
          name: 'X-Client-Secret',
          in: 'header',
          required: false,
          description:
            'The session’s client secret. Required with a publishable key (else 404 `NOT_FOUND`); with it the answer carries `redirect_url`.',
          schema: { type: 'string', pattern: CLIENT_SECRET_PATTERN.source },
          example: EXAMPLE_CLIENT_SECRET,
        },
      },
      headers: {
        RequestId: {
          description: 'The request’s id, also in an error’s `request_id`: quote it to support.',
          schema: { type: 'string', pattern: '^req_' },
        },
        RetryAfter: {
          description: 'Seconds to wait before the next request.',
          schema: { type: 'integer', minimum: 0 },
        },
        IdempotentReplayed: {
          description:
            '`true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
    'x-permissions': PERMISSIONS,
  };
}
