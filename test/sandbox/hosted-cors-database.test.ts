/**
 * The sandbox in hosted-demo mode, over HTTP: CORS for the demo's own pages only; an account whose time
 * is up stops at once and is then deleted with everything in it; a database with live keys refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { call, expectError, sessionBody, startOnDatabase, waitFor } from './helpers.js';
import { DEMO_ORIGIN, RECEIVER, startHosted } from './support/hosted-sandbox.js';

describe('hosted mode: CORS and the database', () => {
  it('answers CORS for the demo origin only', async () => {
    const { sandbox } = await startHosted();
    try {
      const preflight = (origin: string) =>
        fetch(`${sandbox.apiUrl}/v1/onramp`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
        });
      assert.equal((await preflight(DEMO_ORIGIN)).headers.get('Access-Control-Allow-Origin'), DEMO_ORIGIN);
      assert.equal((await preflight('https://evil.example')).headers.get('Access-Control-Allow-Origin'), null);
    } finally {
      await sandbox.close();
    }
  });

  it('deletes an account whose time is up with everything in it: keys, sessions, events, deliveries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'onramp-hosted-'));
    let now = Date.now();
    const { sandbox, received, visitor } = await startHosted(
      { accountTtlMs: 60_000 },
      { db: join(dir, 'hosted.db'), now: () => now, sweepIntervalMs: 10, deliveryMs: 50 },
    );
    try {
      const account = visitor();
      await call(sandbox.apiUrl, 'POST', '/v1/webhooks', {
        key: account.keys.secret,
        body: { url: `${RECEIVER}gone`, events: ['*'] },
      });
      const created = await call(sandbox.apiUrl, 'POST', '/v1/onramp', {
        key: account.keys.secret,
        body: sessionBody(),
      });
      const id = (created.json as { data: { session_id: string } }).data.session_id;
      await waitFor(() => received.find((r) => r.body.includes(id)), 5000, 'a delivery');
      const db = new Database(join(dir, 'hosted.db'), { readonly: true });
      const rows = () =>
        [
          'accounts WHERE id = @a',
          'api_keys WHERE account_id = @a',
          'sessions WHERE account_id = @a',
          'webhook_endpoints WHERE account_id = @a',
          'webhook_events WHERE account_id = @a',
        ]
          .map(
            (from) =>
              (db.prepare(`SELECT COUNT(*) AS n FROM ${from}`).get({ a: account.accountId }) as { n: number }).n,
          )
          .reduce((sum, n) => sum + n, 0);
      assert.ok(rows() > 0);
      assert.ok(sandbox.guests!.isAlive(account.accountId));
      now += 60_001;
      await waitFor(() => (rows() === 0 ? true : undefined), 5000, 'the account to be deleted');
      assert.equal((db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as { n: number }).n, 0);
      db.close();
      assert.ok(!sandbox.guests!.isAlive(account.accountId));
      expectError(await call(sandbox.apiUrl, 'GET', '/v1/keys', { key: account.keys.secret }), 401, 'INVALID_API_KEY');
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a visitor's keys stop at the account's time, before the sweeper has deleted anything", async () => {
    let now = Date.now();
    const { sandbox, visitor } = await startHosted(
      { accountTtlMs: 60_000 },
      { now: () => now, sweepIntervalMs: 3_600_000 },
    );
    try {
      const account = visitor();
      assert.equal((await call(sandbox.apiUrl, 'GET', '/v1/keys', { key: account.keys.secret })).status, 200);
      now += 60_000;
      expectError(await call(sandbox.apiUrl, 'GET', '/v1/keys', { key: account.keys.secret }), 401, 'INVALID_API_KEY');
      const quote = { fiat_amount: 5000, fiat_currency: 'USD', crypto_currency: 'ETH' };
      expectError(
        await call(sandbox.apiUrl, 'POST', '/v1/onramp/quote', { key: account.keys.publishable, body: quote }),
        401,
        'INVALID_API_KEY',
      );
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a database that holds live keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'onramp-hosted-live-'));
    try {
      const local = await startOnDatabase(join(dir, 'sandbox.db'));
      await local.close();
      await assert.rejects(startHosted({}, { db: join(dir, 'sandbox.db') }), /holds live keys/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
