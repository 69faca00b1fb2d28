/**
 * The OpenAPI document generated from the contract: it covers every route the sandbox answers, its
 * examples agree with its schemas, with the contract's zod schemas and with each other, and the
 * sandbox serves it (no key, any origin) in a form Redocly lints clean.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import * as z from 'zod/mini';
import { operationPaths } from '../../demo/onramp-api/http/operation-routes.js';
import { OPENAPI_PATH } from '../../demo/onramp-api/routes/openapi.js';
import { OPERATIONS } from '../../src/contract/operations.js';
import { sessionIdFromClientSecret } from '../../src/contract/credentials.js';
import { WEBHOOK_EVENT_TYPES, webhookEventSchema } from '../../src/contract/write/webhook.js';
import { buildOpenApiDocument } from '../../demo/onramp-api/openapi/document.js';
import { exampleEvent, exampleSignature } from '../../demo/onramp-api/openapi/examples.js';
import { EXAMPLES, NAMED_SCHEMAS } from '../../demo/onramp-api/openapi/schemas.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';
import { type TestSandbox, startTestSandbox } from '../sandbox/helpers.js';
import { DOCUMENT, DocumentValidator } from '../openapi/validator.js';

type Json = Record<string, unknown>;
const root = resolve(import.meta.dirname, '../..');
const paths = DOCUMENT.paths as Record<string, Json>;
const validator = new DocumentValidator();

/** Every `example`/`examples` in the document with the JSON pointer of the schema beside it. */
function examplesOf(node: unknown, pointer = ''): { pointer: string; value: unknown }[] {
  if (node === null || typeof node !== 'object') return [];
  const found: { pointer: string; value: unknown }[] = [];
  const object = node as Json;
  if ('schema' in object && 'example' in object) found.push({ pointer: `${pointer}/schema`, value: object.example });
  if ('schema' in object && object.examples && typeof object.examples === 'object') {
    for (const example of Object.values(object.examples as Record<string, { value: unknown }>))
      found.push({ pointer: `${pointer}/schema`, value: example.value });
  }
  for (const [key, value] of Object.entries(object))
    found.push(...examplesOf(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`));
  return found;
}

describe('the OpenAPI document', () => {
  test('describes every operation the sandbox routes, and nothing it does not', () => {
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routed = [...operationPaths()].flatMap(([path, methods]) =>
      methods
        .filter((method) => !['HEAD', 'OPTIONS'].includes(method))
        .map((method) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`),
    );
    assert.deepEqual(documented.sort(), routed.sort());
    assert.equal(new Set(OPERATIONS.map((operation) => operation.id)).size, OPERATIONS.length);
    assert.deepEqual(Object.keys(DOCUMENT.webhooks as Json), [...WEBHOOK_EVENT_TYPES]);
  });

  test('says which key types and permission each operation takes, and every status with its codes', () => {
    for (const operation of OPERATIONS) {
      const object = paths[operation.path]?.[operation.method.toLowerCase()] as Json;
      const schemes = (object.security as Json[]).flatMap((requirement) => Object.keys(requirement));
      assert.deepEqual(
        schemes,
        operation.keys === 'secret+publishable' ? ['SecretKey', 'PublishableKey'] : ['SecretKey'],
        operation.id,
      );
      if (operation.permission) assert.deepEqual((object.security as Json[])[0], { SecretKey: [operation.permission] });
      const statuses = Object.keys(object.responses as Json);
      for (const status of ['401', '403', '413', '429', '500'])
        assert.ok(statuses.includes(status), `${operation.id} documents ${status}`);
      if (operation.body) assert.ok(statuses.includes('400'), `${operation.id} documents its body errors`);
      const retry = (object.responses as Record<string, Json>)['429']?.headers as Json;
      assert.ok(retry['Retry-After'], `${operation.id}: 429 carries Retry-After`);
    }
    const retrieve = paths['/v1/onramp']?.get as Json;
    assert.ok(JSON.stringify(retrieve.parameters).includes('#/components/parameters/ClientSecret'));
    // A key of the other mode holding the session's secret is told so (docs/design.md §7).
    const notFound = (retrieve.responses as Record<string, Json>)['404'];
    const schema = (notFound?.content as Record<string, { schema: Json }>)['application/json']?.schema;
    assert.deepEqual(
      (schema as { properties: { error: { properties: { code: { enum: string[] } } } } }).properties.error.properties
        .code.enum,
      ['NOT_FOUND', 'KEY_MODE_MISMATCH'],
    );
    const create = paths['/v1/onramp']?.post as Json;
    assert.ok(JSON.stringify(create.parameters).includes('#/components/parameters/IdempotencyKey'));
  });

  test('has no schema that accepts anything: every contract kind is described', () => {
    const empty: string[] = [];
    const visit = (node: unknown, pointer: string): void => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        const inSchema = ['properties', 'items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'schema'].some(
          (word) => pointer.endsWith(`/${word}`) || key === word,
        );
        if (inSchema && value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
          empty.push(`${pointer}/${key}`);
        if (Array.isArray(value))
          (value as unknown[]).forEach((item, index) => visit({ [index]: item }, `${pointer}/${key}`));
        else visit(value, `${pointer}/${key}`);
      }
    };
    visit(DOCUMENT.components, '#/components');
    visit(DOCUMENT.paths, '#/paths');
    assert.deepEqual(empty, []);
  });

  test('every example agrees with the schema beside it (Ajv) and with the contract (zod)', () => {
    const examples = examplesOf(DOCUMENT);
    assert.ok(examples.length > 50, `found ${examples.length} examples`);
    for (const { pointer, value } of examples) {
      const validate = validator.schemaAt(pointer);
      assert.ok(validate(value), `${pointer}: ${JSON.stringify(validate.errors)}`);
    }
    for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
      const parsed = z.safeParse(schema, EXAMPLES[name as keyof typeof EXAMPLES]);
      assert.ok(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`);
    }
    for (const type of WEBHOOK_EVENT_TYPES)
      assert.ok(z.safeParse(webhookEventSchema, exampleEvent(type)).success, type);
  });

  test('examples tell one story: the client secret names the session, amounts and expiries agree', async () => {
    const created = EXAMPLES.CreatedSession as {
      session_id: string;
      client_secret: string;
      redirect_url: string;
      estimated_crypto_amount: string;
      exchange_rate: number;
      expires_at: string;
      quote_expires_at: string;
      fees: Json;
    };
    const status = EXAMPLES.SessionStatus as Json;
    const quote = EXAMPLES.Quote as Json;
    assert.equal(sessionIdFromClientSecret(created.client_secret), created.session_id);
    assert.ok(created.redirect_url.includes(`/pay/${created.session_id}?`));
    assert.equal(status.session_id, created.session_id);
    assert.equal(status.redirect_url, created.redirect_url);
    assert.equal(status.estimated_crypto_amount, created.estimated_crypto_amount);
    assert.equal(quote.crypto_amount, created.estimated_crypto_amount);
    assert.equal(quote.exchange_rate, created.exchange_rate);
    assert.equal(Date.parse(created.expires_at) - Date.parse(String(status.created_at)), 30 * 60 * 1000);
    assert.equal(Date.parse(created.quote_expires_at) - Date.parse(String(status.created_at)), 5 * 60 * 1000);
    assert.equal((EXAMPLES.AdvanceSessionRequest as Json).session_id, created.session_id);
    assert.equal((EXAMPLES.Transaction as Json).session_id, created.session_id);
    const secret = (EXAMPLES.CreatedWebhookEndpoint as { secret: string }).secret;
    for (const type of WEBHOOK_EVENT_TYPES) {
      const event = exampleEvent(type);
      const verified = await verifyWebhookSignature(JSON.stringify(event), exampleSignature(event), secret, {
        now: Date.parse(String(event.created)),
      });
      assert.ok(verified.ok, `${type}: the example signature verifies with the example endpoint's secret`);
    }
  });
});

describe("the sandbox suite's check of every answer", () => {
  test('refuses an undocumented status, a code the status does not carry, and a body off its schema', () => {
    const envelope = (code: string) => ({ success: false, error: { code, message: 'm', request_id: 'req_1' } });
    assert.equal(validator.check('GET', '/v1/keys', 200, { success: true, data: { keys: [] } }), null);
    assert.match(
      String(validator.check('GET', '/v1/keys', 404, envelope('NOT_FOUND'))),
      /does not document status 404/,
    );
    assert.match(String(validator.check('POST', '/v1/onramp', 400, envelope('NOT_FOUND'))), /allowed values/);
    assert.match(
      String(validator.check('GET', '/v1/transactions/txn_1', 200, { success: true, data: { id: 'txn_1' } })),
      /required/,
    );
    assert.equal(validator.check('GET', '/nowhere', 404, envelope('NOT_FOUND')), undefined);
  });
});

describe('GET /v1/openapi.json', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  test('answers the document without a key, to any origin, naming this sandbox as its server', async () => {
    const response = await fetch(`${t.sandbox.apiUrl}${OPENAPI_PATH}`, {
      headers: { Origin: 'https://api-explorer.example' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/);
    const served = (await response.json()) as Json;
    assert.deepEqual(served.servers, [{ url: t.sandbox.apiUrl, description: 'The sandbox' }]);
    assert.deepEqual(
      { ...served, servers: null },
      { ...buildOpenApiDocument({ serverUrl: t.sandbox.apiUrl }), servers: null },
    );
    assert.equal((await t.call('POST', OPENAPI_PATH)).status, 405);
  });

  test('passes `redocly lint` (recommended-strict) as served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, await (await fetch(`${t.sandbox.apiUrl}${OPENAPI_PATH}`)).text());
      const { stdout, stderr } = await promisify(execFile)(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--config', join(root, 'redocly.yaml')],
        {
          cwd: root,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      assert.match(`${stdout}${stderr}`, /Your API description is valid/);
      assert.doesNotMatch(`${stdout}${stderr}`, /You have \d+ (warning|error)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
