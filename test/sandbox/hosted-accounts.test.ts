/**
 * The sandbox in hosted-demo mode, over HTTP: visitor accounts get test keys only (no merchant account,
 * no live environment) and are kept apart from each other.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle, GuestAccount } from '../../demo/onramp-api/index.js';
import { call, expectError, sessionBody } from './helpers.js';
import { startHosted } from './support/hosted-sandbox.js';

describe('hosted mode: visitor accounts', () => {
  let sandbox: SandboxHandle;
  let visitor: (address?: string) => GuestAccount;
  before(async () => ({ sandbox, visitor } = await startHosted()));
  after(() => sandbox.close());

  it('makes no merchant account, and a visitor gets a test secret and a test publishable key', async () => {
    assert.equal(sandbox.keys, null);
    assert.equal(sandbox.accountId, null);
    const account = visitor();
    assert.match(account.keys.secret, /^onramp_test_sk_/);
    assert.match(account.keys.publishable, /^onramp_test_pk_/);
    const keys = await call(sandbox.apiUrl, 'GET', '/v1/keys', { key: account.keys.secret });
    assert.equal(keys.status, 200);
    assert.deepEqual(
      (keys.json as { data: { keys: { environment: string }[] } }).data.keys.map((key) => key.environment),
      ['test', 'test'],
    );
  });

  it('has no live environment: a visitor key cannot make a live key', async () => {
    const account = visitor();
    const reply = await call(sandbox.apiUrl, 'POST', '/v1/keys', {
      key: account.keys.secret,
      body: { name: 'live', environment: 'live' },
    });
    expectError(reply, 403, 'INSUFFICIENT_PERMISSIONS', 'environment');
  });

  it('keeps visitors apart: one visitor sees nothing of another', async () => {
    const a = visitor();
    const b = visitor();
    const created = await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: a.keys.secret, body: sessionBody() });
    assert.equal(created.status, 201);
    const id = (created.json as { data: { session_id: string } }).data.session_id;
    expectError(
      await call(sandbox.apiUrl, 'GET', `/v1/onramp?session_id=${id}`, { key: b.keys.secret }),
      404,
      'NOT_FOUND',
    );
    const list = await call(sandbox.apiUrl, 'GET', '/v1/transactions', { key: b.keys.secret });
    assert.deepEqual((list.json as { data: { transactions: unknown[] } }).data.transactions, []);
  });
});
