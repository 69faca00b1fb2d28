/**
 * The permission matrix's fixtures and oracle: keys of every environment, type and permission set,
 * the objects each endpoint needs, and the table of endpoints (how to call each, which key may).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { type KeyEnvironment, type KeyType, PERMISSIONS, type Permission } from '../../../src/contract/product.js';
import { apiKeyListSchema, createdApiKeySchema } from '../../../src/contract/write/api-key.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../../src/contract/write/session.js';
import { honoPath, operationPaths } from '../../../demo/onramp-api/http/operation-routes.js';
import { OPENAPI_PATH } from '../../../demo/onramp-api/routes/openapi.js';
import { OPERATIONS, type Operation } from '../../../src/contract/operations.js';
import { type Reply, type TestSandbox, startFileTestSandbox, expectData, sessionBody } from '../helpers.js';

/** The sandbox the matrix runs against (a live binding: set before the file's tests, by `useMatrixSandbox`). */
export let t: TestSandbox & { dir: string };
/** Its database folder. */
export let dir: string;

/** Starts the file-backed sandbox before the calling file's tests and closes it after them. */
export function useMatrixSandbox(): void {
  before(async () => {
    t = await startFileTestSandbox('sandbox-matrix-');
    dir = t.dir;
  });
  after(() => t.close());
}

/** The bootstrapped secret key of an environment: every permission, used to make fixtures. */
export const admin = (env: KeyEnvironment): string => (env === 'test' ? t.keys.test.secret : t.keys.live.secret);

export interface MatrixKey {
  label: string;
  environment: KeyEnvironment;
  type: KeyType;
  permissions: readonly Permission[];
  key: string;
  id: string;
}

export async function createKey(
  environment: KeyEnvironment,
  type: KeyType,
  permissions: readonly Permission[],
): Promise<MatrixKey> {
  const created = expectData(
    await t.call('POST', '/v1/keys', {
      key: admin(environment),
      body: { name: `matrix ${environment} ${type}`, environment, type, permissions },
    }),
    createdApiKeySchema,
    201,
  );
  assert.deepEqual([...created.permissions].sort(), [...permissions].sort());
  const set =
    permissions.length === 0 ? 'none' : permissions.length === PERMISSIONS.length ? 'all' : permissions.join('+');
  return { label: `${environment} ${type} [${set}]`, environment, type, permissions, key: created.key, id: created.id };
}

/** Every permission set the matrix covers, per key type. */
export function permissionSets(type: KeyType): Permission[][] {
  if (type === 'publishable') return [[], ['onramp:read']];
  return [[], ...PERMISSIONS.map((p) => [p]), [...PERMISSIONS]];
}

// ---- fixtures, made with the admin key of the right environment ----

export async function newSession(env: KeyEnvironment, key = admin(env)) {
  return expectData(await t.call('POST', '/v1/onramp', { key, body: sessionBody() }), createdSessionSchema, 201);
}
export async function transactionIdOf(sessionId: string, key: string): Promise<string> {
  return expectData(await t.call('GET', `/v1/onramp?session_id=${sessionId}`, { key }), sessionStatusViewSchema).id;
}
export async function newVictimKey(env: KeyEnvironment, key = admin(env)): Promise<string> {
  return expectData(
    await t.call('POST', '/v1/keys', { key, body: { name: 'victim', environment: env } }),
    createdApiKeySchema,
    201,
  ).id;
}
export const WEBHOOK_BODY = { url: 'https://merchant.example/hooks', events: ['onramp.session.completed'] };
export async function newWebhook(env: KeyEnvironment, key = admin(env)): Promise<string> {
  const reply = await t.call('POST', '/v1/webhooks', { key, body: WEBHOOK_BODY });
  assert.equal(reply.status, 201, reply.text);
  return (reply.json as { data: { id: string } }).data.id;
}

// ---- the endpoints: how to call each, and which key may (docs/design.md) ----

export interface Endpoint {
  /** `METHOD path`, the path in Hono's syntax (`/v1/keys/:id`). */
  route: string;
  /** What this row tries, when a route has several rows. */
  variant?: string;
  call(k: MatrixKey): Promise<Reply>;
  /** The success status, when the key may call it. */
  ok: number;
  /** docs/design.md's rule: may this key call it? */
  allowed(k: MatrixKey): boolean;
  /** The answer when allowed past the permission check but refused on other grounds (least privilege). */
  refusedAs?(k: MatrixKey): string | undefined;
  /** Further checks of a successful answer; returns what is wrong, if anything. */
  verify?(k: MatrixKey, reply: Reply): string | undefined;
  /** Public: answers without looking at the key (a revoked one included). */
  keyless?: boolean;
  /** A row made from the contract (below): a key let through may get any answer past the gate. */
  gateOnly?: boolean;
}

export const otherEnv = (env: KeyEnvironment): KeyEnvironment => (env === 'test' ? 'live' : 'test');

export const secretWith = (p: Permission) => (k: MatrixKey) => k.type === 'secret' && k.permissions.includes(p);

export const fixtures = new Map<KeyEnvironment, Awaited<ReturnType<typeof newSession>>>();
export const sessionOf = (env: KeyEnvironment) => {
  const s = fixtures.get(env);
  assert.ok(s);
  return s;
};

const WRITTEN_ROWS: Endpoint[] = [
  {
    // The OpenAPI document is public: any key (or none) reads it.
    route: 'GET /v1/openapi.json',
    call: (k) => t.call('GET', '/v1/openapi.json', { key: k.key }),
    ok: 200,
    allowed: () => true,
    keyless: true,
  },
  {
    route: 'POST /v1/onramp',
    call: (k) => t.call('POST', '/v1/onramp', { key: k.key, body: sessionBody() }),
    ok: 201,
    allowed: secretWith('onramp:create'),
  },
  {
    route: 'GET /v1/onramp',
    call: (k) => {
      const s = sessionOf(k.environment);
      return t.call('GET', `/v1/onramp?session_id=${s.session_id}`, {
        key: k.key,
        headers: { 'X-Client-Secret': s.client_secret },
      });
    },
    ok: 200,
    // Secret or publishable, with onramp:read (a publishable key together with the client secret).
    allowed: (k) => k.permissions.includes('onramp:read'),
  },
  {
    route: 'POST /v1/onramp/quote',
    call: (k) =>
      t.call('POST', '/v1/onramp/quote', {
        key: k.key,
        body: { fiat_amount: 2000, fiat_currency: 'GBP', crypto_currency: 'ETH' },
      }),
    ok: 200,
    // Any valid key, no particular permission.
    allowed: () => true,
  },
  {
    route: 'GET /v1/transactions',
    call: (k) => t.call('GET', '/v1/transactions', { key: k.key }),
    ok: 200,
    allowed: secretWith('transactions:read'),
  },
  {
    route: 'GET /v1/transactions/:id',
    call: async (k) =>
      t.call(
        'GET',
        `/v1/transactions/${await transactionIdOf(sessionOf(k.environment).session_id, admin(k.environment))}`,
        { key: k.key },
      ),
    ok: 200,
    allowed: secretWith('transactions:read'),
  },
  {
    route: 'GET /v1/keys',
    variant: 'lists its own environment only',
    call: (k) => t.call('GET', '/v1/keys', { key: k.key }),
    ok: 200,
    allowed: secretWith('keys:manage'),
    verify: (k, reply) => {
      const keys = expectData(reply, apiKeyListSchema).keys;
      if (!keys.some((listed) => listed.id === k.id)) return 'its own key is not listed';
      const foreign = keys.filter((listed) => listed.environment !== k.environment);
      return foreign.length > 0 ? `lists ${foreign.length} ${otherEnv(k.environment)} keys` : undefined;
    },
  },
  {
    route: 'POST /v1/keys',
    variant: 'grants what it holds, in its own environment',
    call: (k) =>
      t.call('POST', '/v1/keys', {
        key: k.key,
        body: { name: 'made by matrix', environment: k.environment, permissions: k.permissions },
      }),
    ok: 201,
    allowed: secretWith('keys:manage'),
  },
  {
    route: 'POST /v1/keys',
    variant: 'grants every permission',
    call: (k) =>
      t.call('POST', '/v1/keys', {
        key: k.key,
        body: { name: 'stronger', environment: k.environment, permissions: PERMISSIONS },
      }),
    ok: 201,
    allowed: secretWith('keys:manage'),
    refusedAs: (k) => (k.permissions.length === PERMISSIONS.length ? undefined : '403 INSUFFICIENT_PERMISSIONS'),
  },
  {
    route: 'POST /v1/keys',
    variant: 'creates a key of the other environment',
    call: (k) =>
      t.call('POST', '/v1/keys', {
        key: k.key,
        body: { name: 'crossing', environment: otherEnv(k.environment), permissions: ['keys:manage'] },
      }),
    ok: 201,
    allowed: secretWith('keys:manage'),
    refusedAs: () => '403 INSUFFICIENT_PERMISSIONS',
  },
  {
    route: 'DELETE /v1/keys/:id',
    variant: 'revokes a key of its own environment',
    call: async (k) => t.call('DELETE', `/v1/keys/${await newVictimKey(k.environment)}`, { key: k.key }),
    ok: 200,
    allowed: secretWith('keys:manage'),
  },
  {
    route: 'DELETE /v1/keys/:id',
    variant: 'revokes a key of the other environment',
    call: async (k) => t.call('DELETE', `/v1/keys/${await newVictimKey(otherEnv(k.environment))}`, { key: k.key }),
    ok: 200,
    allowed: secretWith('keys:manage'),
    refusedAs: () => '404 NOT_FOUND',
  },
  {
    route: 'POST /v1/webhooks',
    call: (k) => t.call('POST', '/v1/webhooks', { key: k.key, body: WEBHOOK_BODY }),
    ok: 201,
    allowed: secretWith('webhooks:manage'),
  },
  {
    route: 'GET /v1/webhooks',
    call: (k) => t.call('GET', '/v1/webhooks', { key: k.key }),
    ok: 200,
    allowed: secretWith('webhooks:manage'),
  },
  {
    route: 'DELETE /v1/webhooks/:id',
    call: async (k) => t.call('DELETE', `/v1/webhooks/${await newWebhook(k.environment)}`, { key: k.key }),
    ok: 200,
    allowed: secretWith('webhooks:manage'),
  },
  {
    route: 'GET /v1/webhooks/:id/deliveries',
    call: async (k) => t.call('GET', `/v1/webhooks/${await newWebhook(k.environment)}/deliveries`, { key: k.key }),
    ok: 200,
    allowed: secretWith('webhooks:manage'),
  },
  {
    route: 'POST /v1/test_helpers/onramp/advance',
    call: async (k) => {
      const fresh = await newSession(k.environment);
      return t.call('POST', '/v1/test_helpers/onramp/advance', {
        key: k.key,
        body: { session_id: fresh.session_id, to: 'failed' },
      });
    },
    ok: 200,
    // Test-mode secret keys only, whatever their permissions.
    allowed: (k) => k.type === 'secret' && k.environment === 'test',
  },
];

/**
 * The row of an operation the rows above do not list (a new endpoint, until it has rows of its own):
 * called with no body and `none` for each path parameter, it checks the gate the contract declares
 * (the operation's `keys` and `permission`, as docs/design.md reads them).
 */
function contractRow(operation: Operation): Endpoint {
  const path = operation.path.replace(/\{\w+\}/g, 'none');
  return {
    route: `${operation.method} ${honoPath(operation.path)}`,
    variant: 'its access as the contract declares it',
    call: (k) => t.call(operation.method, path, { key: k.key }),
    ok: operation.success.status,
    gateOnly: true,
    allowed: (k) =>
      (operation.keys === 'secret+publishable' || k.type === 'secret') &&
      (operation.keys !== 'test-secret' || k.environment === 'test') &&
      (operation.permission === undefined || k.permissions.includes(operation.permission)),
  };
}

const writtenRoutes = new Set(WRITTEN_ROWS.map((e) => e.route));
export const ENDPOINTS: Endpoint[] = [
  ...WRITTEN_ROWS,
  ...OPERATIONS.filter((o) => !writtenRoutes.has(`${o.method} ${honoPath(o.path)}`)).map(contractRow),
];

/** A key let through the gate: neither refused (401, 403 INSUFFICIENT_PERMISSIONS) nor unrouted (405), nor a crash. */
export function pastTheGate(reply: Reply): boolean {
  return ![401, 405].includes(reply.status) && reply.status < 500 && outcome(reply) !== '403 INSUFFICIENT_PERMISSIONS';
}

/** Routes the server has now (the contract's operations and the document), without HEAD and OPTIONS. */
export const served = new Set([
  ...[...operationPaths()].flatMap(([path, methods]) =>
    methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => `${m} ${path}`),
  ),
  `GET ${OPENAPI_PATH}`,
]);
/** Matrix rows for routes the server has; rows of routes still to come (webhooks) wait for them. */
export const active = ENDPOINTS.filter((e) => served.has(e.route));

export function outcome(reply: Reply): string {
  const code = (reply.json as { error?: { code?: string } } | undefined)?.error?.code;
  return code ? `${reply.status} ${code}` : String(reply.status);
}
