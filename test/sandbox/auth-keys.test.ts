/** API keys: /v1/keys, authentication, the permission matrix, revocation, environments and accounts. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_PERMISSIONS } from '../../src/contract/product.js';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '../../src/contract/write/api-key.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { parseApiKey } from '../../src/contract/credentials.js';
import { transactionListSchema } from '../../src/contract/write/transaction.js';
import { createAccountsRepo } from '../../demo/onramp-api/db/accounts.js';
import { createApiKeysRepo } from '../../demo/onramp-api/db/api-keys.js';
import { openDatabase } from '../../demo/onramp-api/db/database.js';
import { issueKey } from '../../demo/onramp-api/domain/keys.js';
import { type TestSandbox, startFileTestSandbox, expectData, expectError, sessionBody } from './helpers.js';

let t: TestSandbox & { dir: string };
let dir: string;

before(async () => {
  t = await startFileTestSandbox('sandbox-keys-');
  dir = t.dir;
});
after(() => t.close());

async function createKey(body: Record<string, unknown>, key = t.keys.test.secret) {
  return expectData(await t.call('POST', '/v1/keys', { body, key }), createdApiKeySchema, 201);
}

describe('POST /v1/keys', () => {
  it('creates a secret key with default permissions and shows the full key once', async () => {
    const created = await createKey({ name: 'Reporting', environment: 'test' });
    assert.deepEqual(parseApiKey(created.key), { brand: 'onramp', environment: 'test', type: 'secret' });
    assert.match(created.key, /^onramp_test_sk_[A-Za-z0-9]{32}$/);
    assert.equal(created.prefix, created.key.slice(0, 'onramp_test_sk_'.length + 6));
    assert.deepEqual(created.permissions, DEFAULT_PERMISSIONS.secret);
    assert.equal(created.type, 'secret');
    assert.match(created.id, /^key_/);
    const listed = expectData(await t.call('GET', '/v1/keys'), apiKeyListSchema).keys.find((k) => k.id === created.id);
    assert.ok(listed);
    assert.equal(listed.last_used_at, null);
    assert.equal('key' in listed, false);
    assert.equal(JSON.stringify(listed).includes(created.key), false);
  });

  it('creates publishable and live keys; a publishable key may hold only onramp:read', async () => {
    const pk = await createKey({ name: 'Widget', environment: 'live', type: 'publishable' }, t.keys.live.secret);
    assert.match(pk.key, /^onramp_live_pk_/);
    assert.deepEqual(pk.permissions, ['onramp:read']);
    const custom = await createKey(
      { name: 'All', environment: 'live', permissions: ['keys:manage', 'onramp:read', 'onramp:read'] },
      t.keys.live.secret,
    );
    assert.deepEqual(custom.permissions, ['onramp:read', 'keys:manage']);
    expectError(
      await t.call('POST', '/v1/keys', {
        body: { name: 'x', environment: 'test', type: 'publishable', permissions: ['onramp:create'] },
      }),
      400,
      'VALIDATION_ERROR',
      'permissions',
    );
  });

  it('validates the request', async () => {
    const cases: [unknown, string][] = [
      [{ environment: 'test' }, 'name'],
      [{ name: '', environment: 'test' }, 'name'],
      [{ name: 'x'.repeat(101), environment: 'test' }, 'name'],
      [{ name: 'x' }, 'environment'],
      [{ name: 'x', environment: 'prod' }, 'environment'],
      [{ name: 'x', environment: 'test', permissions: ['root'] }, 'permissions'],
      [{ name: 'x', environment: 'test', permissions: 'onramp:read' }, 'permissions'],
      [{ name: 'x', environment: 'test', type: 'admin' }, 'type'],
    ];
    for (const [body, param] of cases)
      expectError(await t.call('POST', '/v1/keys', { body }), 400, 'VALIDATION_ERROR', param);
  });
});

describe('GET /v1/keys and DELETE /v1/keys/:id', () => {
  it('lists the account keys with last_used_at, and revocation takes effect on the next request', async () => {
    const created = await createKey({ name: 'Short-lived', environment: 'test', permissions: ['transactions:read'] });
    expectData(await t.call('GET', '/v1/transactions', { key: created.key }), transactionListSchema);
    const listed = expectData(await t.call('GET', '/v1/keys'), apiKeyListSchema).keys;
    const entry = listed.find((k) => k.id === created.id);
    assert.ok(entry?.last_used_at);
    assert.ok(listed.length >= 4);
    assert.ok(
      listed.every((k) => k.environment === 'test'),
      'a test key lists test keys only',
    );
    for (const key of listed)
      expectData({ ...(await t.call('GET', '/v1/keys')), json: { success: true, data: key } }, apiKeySchema);

    expectData(await t.call('DELETE', `/v1/keys/${created.id}`), revokedApiKeySchema);
    expectError(await t.call('GET', '/v1/transactions', { key: created.key }), 401, 'INVALID_API_KEY');
    assert.equal(
      expectData(await t.call('GET', '/v1/keys'), apiKeyListSchema).keys.some((k) => k.id === created.id),
      false,
    );
    expectError(await t.call('DELETE', `/v1/keys/${created.id}`), 404, 'NOT_FOUND');
    expectError(await t.call('DELETE', '/v1/keys/key_nothing'), 404, 'NOT_FOUND');
  });
});

describe('authentication', () => {
  it('answers a missing or invalid key with 401', async () => {
    for (const [method, path] of [
      ['POST', '/v1/onramp'],
      ['GET', '/v1/onramp?session_id=ors_AAAAAAAAAAAAAAAAAAAAAAAA'],
      ['POST', '/v1/onramp/quote'],
      ['GET', '/v1/transactions'],
      ['GET', '/v1/transactions/txn_x'],
      ['GET', '/v1/keys'],
      ['POST', '/v1/keys'],
      ['DELETE', '/v1/keys/key_x'],
      ['POST', '/v1/test_helpers/onramp/advance'],
    ] as const) {
      const body = method === 'GET' ? {} : { body: {} };
      expectError(await t.call(method, path, { key: null, ...body }), 401, 'MISSING_API_KEY');
      expectError(await t.call(method, path, { key: '   ', ...body }), 401, 'MISSING_API_KEY');
      expectError(
        await t.call(method, path, { key: 'onramp_test_sk_wrongwrongwrongwrongwrongwrongwron', ...body }),
        401,
        'INVALID_API_KEY',
      );
      expectError(await t.call(method, path, { key: 'sk_test_123', ...body }), 401, 'INVALID_API_KEY');
      // A real key's random part under another brand is not a key of this sandbox.
      expectError(
        await t.call(method, path, { key: t.keys.test.secret.replace('onramp_', 'other_'), ...body }),
        401,
        'INVALID_API_KEY',
      );
    }
  });
});

describe('permissions per key type', () => {
  it('applies the permission matrix to every endpoint', async () => {
    const restricted = await createKey({ name: 'Read only', environment: 'test', permissions: ['transactions:read'] });
    const liveSession = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody(), key: t.keys.live.secret }),
      createdSessionSchema,
      201,
    );
    const testSession = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody() }),
      createdSessionSchema,
      201,
    );
    const K = {
      testSk: t.keys.test.secret,
      testPk: t.keys.test.publishable,
      liveSk: t.keys.live.secret,
      livePk: t.keys.live.publishable,
      restricted: restricted.key,
    };
    const envOf = (key: string) => (key.includes('_live_') ? 'live' : 'test');
    const sessionFor = (key: string) => (key === K.liveSk || key === K.livePk ? liveSession : testSession);
    type Check = (key: string) => Promise<{ status: number; code?: string }>;
    const outcome = async (reply: Awaited<ReturnType<typeof t.call>>) => ({
      status: reply.status,
      code: (reply.json as { error?: { code: string } }).error?.code,
    });
    const endpoints: Record<string, Check> = {
      'POST /v1/onramp': async (key) => outcome(await t.call('POST', '/v1/onramp', { key, body: sessionBody() })),
      'GET /v1/onramp': async (key) => {
        const s = sessionFor(key);
        return outcome(
          await t.call('GET', `/v1/onramp?session_id=${s.session_id}`, {
            key,
            headers: { 'X-Client-Secret': s.client_secret },
          }),
        );
      },
      'POST /v1/onramp/quote': async (key) =>
        outcome(
          await t.call('POST', '/v1/onramp/quote', {
            key,
            body: { fiat_amount: 2000, fiat_currency: 'GBP', crypto_currency: 'ETH' },
          }),
        ),
      'GET /v1/transactions': async (key) => outcome(await t.call('GET', '/v1/transactions', { key })),
      'GET /v1/transactions/:id': async (key) => {
        const status = await t.call('GET', `/v1/onramp?session_id=${sessionFor(key).session_id}`, {
          key: key.includes('_live_') ? K.liveSk : K.testSk,
        });
        return outcome(
          await t.call('GET', `/v1/transactions/${(status.json as { data: { id: string } }).data.id}`, { key }),
        );
      },
      'GET /v1/keys': async (key) => outcome(await t.call('GET', '/v1/keys', { key })),
      'POST /v1/keys': async (key) =>
        outcome(await t.call('POST', '/v1/keys', { key, body: { name: 'm', environment: envOf(key) } })),
      'DELETE /v1/keys/:id': async (key) => {
        const victim = await createKey(
          { name: 'victim', environment: envOf(key) },
          envOf(key) === 'live' ? K.liveSk : K.testSk,
        );
        return outcome(await t.call('DELETE', `/v1/keys/${victim.id}`, { key }));
      },
      'POST /v1/test_helpers/onramp/advance': async (key) => {
        const fresh = expectData(
          await t.call('POST', '/v1/onramp', {
            body: sessionBody(),
            key: key.includes('_live_') ? K.liveSk : K.testSk,
          }),
          createdSessionSchema,
          201,
        );
        return outcome(
          await t.call('POST', '/v1/test_helpers/onramp/advance', {
            key,
            body: { session_id: fresh.session_id, to: 'failed' },
          }),
        );
      },
    };
    const ok = (status = 200) => ({ status, code: undefined });
    const denied = { status: 403, code: 'INSUFFICIENT_PERMISSIONS' };
    const expected: Record<string, Record<keyof typeof K, { status: number; code?: string | undefined }>> = {
      'POST /v1/onramp': { testSk: ok(201), liveSk: ok(201), testPk: denied, livePk: denied, restricted: denied },
      'GET /v1/onramp': { testSk: ok(), liveSk: ok(), testPk: ok(), livePk: ok(), restricted: denied },
      'POST /v1/onramp/quote': { testSk: ok(), liveSk: ok(), testPk: ok(), livePk: ok(), restricted: ok() },
      'GET /v1/transactions': { testSk: ok(), liveSk: ok(), testPk: denied, livePk: denied, restricted: ok() },
      'GET /v1/transactions/:id': { testSk: ok(), liveSk: ok(), testPk: denied, livePk: denied, restricted: ok() },
      'GET /v1/keys': { testSk: ok(), liveSk: ok(), testPk: denied, livePk: denied, restricted: denied },
      'POST /v1/keys': { testSk: ok(201), liveSk: ok(201), testPk: denied, livePk: denied, restricted: denied },
      'DELETE /v1/keys/:id': { testSk: ok(), liveSk: ok(), testPk: denied, livePk: denied, restricted: denied },
      'POST /v1/test_helpers/onramp/advance': {
        testSk: ok(),
        liveSk: denied,
        testPk: denied,
        livePk: denied,
        restricted: ok(),
      },
    };
    for (const [endpoint, check] of Object.entries(endpoints)) {
      for (const [name, key] of Object.entries(K) as [keyof typeof K, string][]) {
        assert.deepEqual(await check(key), expected[endpoint]?.[name], `${endpoint} with ${name}`);
      }
    }
  });

  it('test keys see only test objects and live keys only live ones', async () => {
    const live = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody(), key: t.keys.live.secret }),
      createdSessionSchema,
      201,
    );
    expectError(await t.call('GET', `/v1/onramp?session_id=${live.session_id}`), 404, 'NOT_FOUND');
    expectData(
      await t.call('GET', `/v1/onramp?session_id=${live.session_id}`, { key: t.keys.live.secret }),
      sessionStatusViewSchema,
    );
    expectError(
      await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: live.session_id, to: 'failed' } }),
      404,
      'NOT_FOUND',
    );
    const testTotal = expectData(await t.call('GET', '/v1/transactions?limit=100'), transactionListSchema);
    assert.equal(
      testTotal.transactions.some((tx) => tx.session_id === live.session_id),
      false,
    );
  });

  it("another account's sessions, transactions and keys are NOT_FOUND", async () => {
    // A second account written straight into the same database file (the API has no sign-up).
    const db = openDatabase(join(dir, 'sandbox.db'));
    createAccountsRepo(db).insert({ id: 'acct_other', name: 'Other', created_at: Date.now(), expires_at: null });
    const other = issueKey(
      createApiKeysRepo(db),
      'onramp',
      {
        accountId: 'acct_other',
        name: 'o',
        environment: 'test',
        type: 'secret',
        permissions: ['onramp:create', 'onramp:read', 'transactions:read', 'keys:manage'],
      },
      Date.now(),
    );
    db.close();

    const mine = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    const theirs = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody(), key: other.key }),
      createdSessionSchema,
      201,
    );
    expectError(await t.call('GET', `/v1/onramp?session_id=${mine.session_id}`, { key: other.key }), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/v1/onramp?session_id=${theirs.session_id}`), 404, 'NOT_FOUND');
    const myTx = (await t.call('GET', `/v1/onramp?session_id=${mine.session_id}`)).json as { data: { id: string } };
    expectError(await t.call('GET', `/v1/transactions/${myTx.data.id}`, { key: other.key }), 404, 'NOT_FOUND');
    const theirList = expectData(await t.call('GET', '/v1/transactions', { key: other.key }), transactionListSchema);
    assert.deepEqual(
      theirList.transactions.map((tx) => tx.session_id),
      [theirs.session_id],
    );
    const theirKeys = expectData(await t.call('GET', '/v1/keys', { key: other.key }), apiKeyListSchema).keys;
    assert.deepEqual(
      theirKeys.map((k) => k.id),
      [other.record.id],
    );
    const myKeys = expectData(await t.call('GET', '/v1/keys'), apiKeyListSchema).keys;
    expectError(await t.call('DELETE', `/v1/keys/${myKeys[0]?.id}`, { key: other.key }), 404, 'NOT_FOUND');
    expectError(await t.call('DELETE', `/v1/keys/${other.record.id}`), 404, 'NOT_FOUND');
  });
});
