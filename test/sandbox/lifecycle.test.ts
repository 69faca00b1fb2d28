/** Session lifecycle: expiry by the sweeper alone, delivery after restart, test-helper transitions. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SESSION_STATUSES, SESSION_TTL_MS, canTransition } from '../../src/contract/product.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { transactionSchema } from '../../src/contract/write/transaction.js';
import {
  type TestSandbox,
  call,
  expectData,
  expectError,
  sessionBody,
  startOnDatabase,
  startTestSandbox,
  waitFor,
} from './helpers.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-life-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function create(t: TestSandbox, key?: string) {
  return expectData(
    await t.call('POST', '/v1/onramp', { body: sessionBody(), ...(key ? { key } : {}) }),
    createdSessionSchema,
    201,
  );
}
const statusOf = async (t: TestSandbox, id: string) =>
  expectData(await t.call('GET', `/v1/onramp?session_id=${id}`), sessionStatusViewSchema);

describe('expiry', () => {
  it('expires an unpaid session by itself once expires_at passes (no request needed)', async () => {
    let now = Date.parse('2025-05-01T10:00:00Z');
    const db = join(dir, 'expiry.db');
    const t = await startTestSandbox({ db, now: () => now, sweepIntervalMs: 10 });
    try {
      const s = await create(t);
      const paid = await create(t);
      await t.call('POST', '/v1/test_helpers/onramp/advance', {
        body: { session_id: paid.session_id, to: 'processing' },
      });
      now += SESSION_TTL_MS - 1;
      const reader = new Database(db, { readonly: true });
      const stored = () =>
        (reader.prepare('SELECT status FROM sessions WHERE id = ?').get(s.session_id) as { status: string }).status;
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(stored(), 'pending');
      now += 1;
      // Nobody calls the API: the sweeper alone moves it (read straight from the database file).
      await waitFor(() => (stored() === 'expired' ? true : undefined), 5000, 'the sweeper');
      reader.close();
      const status = await statusOf(t, s.session_id);
      assert.equal(status.status, 'expired');
      assert.equal((await statusOf(t, paid.session_id)).status, 'processing');
      const txn = expectData(await t.call('GET', `/v1/transactions/${status.id}`), transactionSchema);
      assert.equal(txn.status, 'failed');
      const page = await (await fetch(s.redirect_url)).text();
      assert.match(page, /expired/);
    } finally {
      await t.close();
    }
  });
});

describe('delivery', () => {
  it('is stored in the database, so a restart still completes a paid session', async () => {
    let now = Date.parse('2025-05-02T10:00:00Z');
    const db = join(dir, 'delivery.db');
    const first = await startTestSandbox({ db, now: () => now, deliveryMs: 60_000, sweepIntervalMs: 10 });
    const s = await create(first);
    const url = new URL(s.redirect_url);
    const res = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({
        t: url.searchParams.get('t') ?? '',
        card_number: '4242424242424242',
        card_expiry: '12/30',
        card_cvc: '123',
      }),
      redirect: 'manual',
    });
    assert.equal(res.status, 303);
    assert.equal((await statusOf(first, s.session_id)).status, 'processing');
    const secret = first.keys.test.secret;
    await first.close();

    now += 60_000;
    const second = await startOnDatabase(db, { now: () => now, sweepIntervalMs: 10 });
    try {
      assert.equal(second.keysCreated, false);
      assert.equal(second.keys, null);
      const done = expectData(
        await call(second.apiUrl, 'GET', `/v1/onramp?session_id=${s.session_id}`, { key: secret }),
        sessionStatusViewSchema,
      );
      assert.equal(done.status, 'completed');
      assert.match(done.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
      assert.equal(done.completed_at, new Date(now).toISOString());
    } finally {
      await second.close();
    }
  });
});

describe('POST /v1/test_helpers/onramp/advance', () => {
  let now = Date.parse('2025-05-03T10:00:00Z');
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ now: () => now, deliveryMs: 1000, sweepIntervalMs: 10 });
  });
  after(() => t.close());
  const advance = (session_id: string, to: string, key?: string) =>
    t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id, to }, ...(key ? { key } : {}) });

  it('allows exactly the legal transitions and answers others with 409 INVALID_TRANSITION', async () => {
    // Reach each state, then try every target from it.
    const reach: Record<string, string[]> = {
      pending: [],
      processing: ['processing'],
      completed: ['processing', 'completed'],
      failed: ['failed'],
      expired: ['expired'],
    };
    for (const from of SESSION_STATUSES) {
      for (const to of SESSION_STATUSES) {
        const s = await create(t);
        for (const step of reach[from] ?? []) assert.equal((await advance(s.session_id, step)).status, 200);
        const reply = await advance(s.session_id, to);
        if (canTransition(from, to)) {
          const view = expectData(reply, sessionStatusViewSchema);
          assert.equal(view.status, to, `${from} -> ${to}`);
        } else {
          expectError(reply, 409, 'INVALID_TRANSITION', 'to');
        }
      }
    }
  });

  it('sets tx_hash and completed_at on completed; processing via the helper delivers nothing by itself', async () => {
    const s = await create(t);
    await advance(s.session_id, 'processing');
    now += 10 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const still = await statusOf(t, s.session_id);
    assert.equal(still.status, 'processing');
    assert.equal(still.tx_hash, undefined);
    const done = expectData(await advance(s.session_id, 'completed'), sessionStatusViewSchema);
    assert.match(done.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
    assert.equal(done.completed_at, new Date(now).toISOString());
  });

  it('validates its body and refuses live and publishable keys', async () => {
    expectError(
      await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { to: 'failed' } }),
      400,
      'VALIDATION_ERROR',
      'session_id',
    );
    expectError(await advance('nope', 'failed'), 400, 'VALIDATION_ERROR', 'session_id');
    const s = await create(t);
    expectError(await advance(s.session_id, 'done'), 400, 'VALIDATION_ERROR', 'to');
    expectError(await advance(`ors_${'Z'.repeat(24)}`, 'failed'), 404, 'NOT_FOUND', 'session_id');
    expectError(await advance(s.session_id, 'failed', t.keys.test.publishable), 403, 'INSUFFICIENT_PERMISSIONS');
    const live = await create(t, t.keys.live.secret);
    expectError(await advance(live.session_id, 'failed', t.keys.live.secret), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await advance(live.session_id, 'failed', t.keys.live.publishable), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('re-prices a pending session on the hosted page once its quote has lapsed', async () => {
    const s = await create(t);
    now += 6 * 60_000;
    await fetch(s.redirect_url);
    const after = await statusOf(t, s.session_id);
    assert.equal(after.quote_expires_at, new Date(now + 5 * 60_000).toISOString());
    assert.equal(after.expires_at, s.expires_at);
  });
});
