/**
 * The whole access matrix, exhaustively: every environment (test, live) x key type (secret,
 * publishable) x permission set (none, each single permission, all; publishable keys may hold only
 * none or onramp:read) x every endpoint the server routes, against docs/design.md's rules written out
 * below as an oracle. Also: a revoked key of each kind is 401 everywhere, and another account's
 * objects are 404 on every endpoint that names an object, both ways, and absent from its lists.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KEY_ENVIRONMENTS, PERMISSIONS } from '../../src/contract/product.js';
import { apiKeyListSchema, createdApiKeySchema, revokedApiKeySchema } from '../../src/contract/write/api-key.js';
import { sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { transactionListSchema } from '../../src/contract/write/transaction.js';
import { addAccount } from './support/second-account.js';
import { expectData, expectError } from './helpers.js';
import {
  t,
  dir,
  admin,
  type MatrixKey,
  createKey,
  permissionSets,
  newSession,
  transactionIdOf,
  newVictimKey,
  newWebhook,
  otherEnv,
  fixtures,
  ENDPOINTS,
  served,
  active,
  outcome,
  pastTheGate,
  useMatrixSandbox,
} from './support/endpoint-matrix.js';

useMatrixSandbox();

describe('key type x permission x endpoint', () => {
  it('has a row for every route the server serves', () => {
    const rows = new Set(ENDPOINTS.map((e) => e.route));
    for (const route of served) assert.ok(rows.has(route), `no matrix row for ${route}`);
  });

  it('answers exactly as docs/design.md says, for every combination', async () => {
    for (const env of KEY_ENVIRONMENTS) fixtures.set(env, await newSession(env));
    const keys: MatrixKey[] = [];
    for (const environment of KEY_ENVIRONMENTS) {
      for (const type of ['secret', 'publishable'] as const) {
        for (const permissions of permissionSets(type)) keys.push(await createKey(environment, type, permissions));
      }
    }
    assert.equal(keys.length, 2 * (PERMISSIONS.length + 2 + 2));

    const mismatches: string[] = [];
    let checked = 0;
    for (const endpoint of active) {
      for (const k of keys) {
        const reply = await endpoint.call(k);
        const expected = endpoint.allowed(k)
          ? (endpoint.refusedAs?.(k) ?? String(endpoint.ok))
          : '403 INSUFFICIENT_PERMISSIONS';
        const actual = outcome(reply);
        const row = `${endpoint.route}${endpoint.variant ? ` (${endpoint.variant})` : ''} with ${k.label}`;
        checked += 1;
        const gateOnly = endpoint.gateOnly === true && endpoint.allowed(k);
        if (gateOnly ? !pastTheGate(reply) : actual !== expected)
          mismatches.push(`${row}: expected ${gateOnly ? 'an answer past the gate' : expected}, got ${actual}`);
        else if (reply.status < 300) {
          const wrong = endpoint.verify?.(k, reply);
          if (wrong) mismatches.push(`${row}: ${wrong}`);
        }
        if (reply.status >= 400)
          expectError(reply, reply.status, (reply.json as { error: { code: string } }).error.code);
      }
    }
    assert.deepEqual(mismatches, []);
    assert.equal(checked, active.length * keys.length);
  });

  it('refuses a publishable key permissions other than onramp:read, for each permission', async () => {
    for (const environment of KEY_ENVIRONMENTS) {
      for (const p of PERMISSIONS.filter((p) => p !== 'onramp:read')) {
        const reply = await t.call('POST', '/v1/keys', {
          key: admin(environment),
          body: { name: 'x', environment, type: 'publishable', permissions: [p] },
        });
        expectError(reply, 400, 'VALIDATION_ERROR', 'permissions');
      }
    }
  });

  it('reads a session with a publishable key only together with its client secret', async () => {
    for (const env of KEY_ENVIRONMENTS) {
      const s = await newSession(env);
      const pk = env === 'test' ? t.keys.test.publishable : t.keys.live.publishable;
      expectError(await t.call('GET', `/v1/onramp?session_id=${s.session_id}`, { key: pk }), 404, 'NOT_FOUND');
      const other = await newSession(env);
      const wrong = { 'X-Client-Secret': other.client_secret };
      expectError(
        await t.call('GET', `/v1/onramp?session_id=${s.session_id}`, { key: pk, headers: wrong }),
        404,
        'NOT_FOUND',
      );
      const right = { 'X-Client-Secret': s.client_secret };
      expectData(
        await t.call('GET', `/v1/onramp?session_id=${s.session_id}`, { key: pk, headers: right }),
        sessionStatusViewSchema,
      );
    }
  });

  it('answers a revoked key of every kind with 401 INVALID_API_KEY on every endpoint', async () => {
    for (const env of KEY_ENVIRONMENTS) fixtures.set(env, await newSession(env));
    for (const environment of KEY_ENVIRONMENTS) {
      for (const type of ['secret', 'publishable'] as const) {
        const k = await createKey(environment, type, type === 'secret' ? PERMISSIONS : ['onramp:read']);
        expectData(await t.call('DELETE', `/v1/keys/${k.id}`, { key: admin(environment) }), revokedApiKeySchema);
        for (const endpoint of active.filter((e) => !e.keyless))
          expectError(await endpoint.call(k), 401, 'INVALID_API_KEY');
      }
    }
  });

  it('keeps test and live apart: a key of one environment finds no object of the other', async () => {
    for (const env of KEY_ENVIRONMENTS) {
      const other = otherEnv(env);
      const s = await newSession(other);
      const txn = await transactionIdOf(s.session_id, admin(other));
      const victim = await newVictimKey(other);
      expectError(await t.call('GET', `/v1/onramp?session_id=${s.session_id}`, { key: admin(env) }), 404, 'NOT_FOUND');
      expectError(await t.call('GET', `/v1/transactions/${txn}`, { key: admin(env) }), 404, 'NOT_FOUND');
      const list = expectData(
        await t.call('GET', '/v1/transactions?limit=100', { key: admin(env) }),
        transactionListSchema,
      );
      assert.equal(
        list.transactions.some((tx) => tx.session_id === s.session_id),
        false,
      );
      // A key manages its own environment's keys only: the other environment's key is neither listed nor revocable.
      assert.equal(
        expectData(await t.call('GET', '/v1/keys', { key: admin(env) }), apiKeyListSchema).keys.some(
          (k) => k.id === victim,
        ),
        false,
      );
      expectError(await t.call('DELETE', `/v1/keys/${victim}`, { key: admin(env) }), 404, 'NOT_FOUND', 'id');
      assert.ok(
        expectData(await t.call('GET', '/v1/keys', { key: admin(other) }), apiKeyListSchema).keys.some(
          (k) => k.id === victim,
        ),
      );
    }
    const live = await newSession('live');
    expectError(
      await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: live.session_id, to: 'failed' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('key management: a key cannot escalate', () => {
  it('refuses a key the other environment, or permissions it does not hold, naming what it lacks', async () => {
    for (const env of KEY_ENVIRONMENTS) {
      const manager = await createKey(env, 'secret', ['keys:manage']);
      const other = otherEnv(env);
      const crossing = await t.call('POST', '/v1/keys', {
        key: manager.key,
        body: { name: 'x', environment: other, permissions: ['keys:manage'] },
      });
      expectError(crossing, 403, 'INSUFFICIENT_PERMISSIONS');
      assert.match((crossing.json as { error: { message: string } }).error.message, new RegExp(`${other} keys`));
      // Omitted permissions mean the defaults, which this key does not hold either.
      for (const [type, lacking] of [
        ['secret', ['onramp:create', 'onramp:read', 'transactions:read']],
        ['publishable', ['onramp:read']],
      ] as const) {
        const reply = await t.call('POST', '/v1/keys', {
          key: manager.key,
          body: { name: 'x', environment: env, type },
        });
        expectError(reply, 403, 'INSUFFICIENT_PERMISSIONS', 'permissions');
        const text = (reply.json as { error: { message: string } }).error.message;
        for (const p of lacking) assert.ok(text.includes(p), text);
      }
      const stronger = await t.call('POST', '/v1/keys', {
        key: manager.key,
        body: { name: 'x', environment: env, permissions: ['keys:manage', 'webhooks:manage'] },
      });
      expectError(stronger, 403, 'INSUFFICIENT_PERMISSIONS', 'permissions');
      assert.match((stronger.json as { error: { message: string } }).error.message, /webhooks:manage/);
      assert.doesNotMatch((stronger.json as { error: { message: string } }).error.message, /keys:manage/);
      // What it holds it may pass on, in its own environment.
      const same = expectData(
        await t.call('POST', '/v1/keys', {
          key: manager.key,
          body: { name: 'peer', environment: env, permissions: ['keys:manage'] },
        }),
        createdApiKeySchema,
        201,
      );
      assert.equal(same.environment, env);
      assert.deepEqual(same.permissions, ['keys:manage']);
    }
  });
});

describe("another account's objects", () => {
  it('are 404 NOT_FOUND on every endpoint that names an object, both ways, and absent from every list', async () => {
    // A second account written straight into the same database file (the API has no sign-up).
    const other = addAccount(dir, 'acct_matrix_other', PERMISSIONS);
    const webhooksServed = served.has('POST /v1/webhooks');

    for (const environment of KEY_ENVIRONMENTS) {
      const accounts = [
        {
          name: 'mine',
          sk: admin(environment),
          pk: environment === 'test' ? t.keys.test.publishable : t.keys.live.publishable,
        },
        { name: 'theirs', sk: other[environment].secret, pk: other[environment].publishable },
      ];
      for (const [owner, intruder] of [
        [accounts[0], accounts[1]],
        [accounts[1], accounts[0]],
      ] as const) {
        if (!owner || !intruder) continue;
        const where = `${environment}: ${intruder.name} reading ${owner.name}`;
        const s = await newSession(environment, owner.sk);
        const txn = await transactionIdOf(s.session_id, owner.sk);
        const victim = await newVictimKey(environment, owner.sk);
        const read = `/v1/onramp?session_id=${s.session_id}`;
        expectError(await t.call('GET', read, { key: intruder.sk }), 404, 'NOT_FOUND');
        // Even with the session's own client secret, another account's publishable key finds nothing.
        expectError(
          await t.call('GET', read, { key: intruder.pk, headers: { 'X-Client-Secret': s.client_secret } }),
          404,
          'NOT_FOUND',
        );
        expectError(await t.call('GET', `/v1/transactions/${txn}`, { key: intruder.sk }), 404, 'NOT_FOUND');
        expectError(await t.call('DELETE', `/v1/keys/${victim}`, { key: intruder.sk }), 404, 'NOT_FOUND');
        if (environment === 'test') {
          const advance = await t.call('POST', '/v1/test_helpers/onramp/advance', {
            key: intruder.sk,
            body: { session_id: s.session_id, to: 'failed' },
          });
          expectError(advance, 404, 'NOT_FOUND');
        }
        const txList = expectData(
          await t.call('GET', '/v1/transactions?limit=100', { key: intruder.sk }),
          transactionListSchema,
        );
        assert.equal(
          txList.transactions.some((tx) => tx.session_id === s.session_id),
          false,
          where,
        );
        const keyList = expectData(await t.call('GET', '/v1/keys', { key: intruder.sk }), apiKeyListSchema);
        assert.equal(
          keyList.keys.some((k) => k.id === victim),
          false,
          where,
        );
        if (webhooksServed) {
          const hook = await newWebhook(environment, owner.sk);
          expectError(await t.call('DELETE', `/v1/webhooks/${hook}`, { key: intruder.sk }), 404, 'NOT_FOUND');
          expectError(await t.call('GET', `/v1/webhooks/${hook}/deliveries`, { key: intruder.sk }), 404, 'NOT_FOUND');
          const hooks = await t.call('GET', '/v1/webhooks', { key: intruder.sk });
          assert.equal(hooks.status, 200, hooks.text);
          assert.equal(hooks.text.includes(hook), false, where);
        }
        // The owner still has all of it, untouched.
        assert.equal(
          expectData(await t.call('GET', read, { key: owner.sk }), sessionStatusViewSchema).status,
          'pending',
          where,
        );
        assert.ok(
          expectData(await t.call('GET', '/v1/keys', { key: owner.sk }), apiKeyListSchema).keys.some(
            (k) => k.id === victim,
          ),
          where,
        );
      }
    }
  });
});
