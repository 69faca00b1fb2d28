/** GET /v1/transactions (pagination, every filter) and GET /v1/transactions/:id. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { transactionListSchema, transactionSchema } from '../../src/contract/write/transaction.js';
import {
  type TestSandbox,
  WALLET,
  WALLET_2,
  expectData,
  expectError,
  sessionBody,
  startTestSandbox,
} from './helpers.js';

/** A controllable clock: sessions are created at chosen times. */
let clock = Date.parse('2025-03-10T10:00:00Z');
let t: TestSandbox;
const created: { id: string; session: string; at: string }[] = [];

async function createAt(iso: string, overrides: Record<string, unknown> = {}): Promise<string> {
  clock = Date.parse(iso);
  const data = expectData(
    await t.call('POST', '/v1/onramp', { body: sessionBody(overrides) }),
    createdSessionSchema,
    201,
  );
  const status = await t.call('GET', `/v1/onramp?session_id=${data.session_id}`);
  const id = (status.json as { data: { id: string } }).data.id;
  created.push({ id, session: data.session_id, at: iso });
  return data.session_id;
}

const list = async (query = '') => expectData(await t.call('GET', `/v1/transactions${query}`), transactionListSchema);

before(async () => {
  t = await startTestSandbox({ now: () => clock, sweepIntervalMs: 60_000 });
  const advance = async (session_id: string, to: string) =>
    assert.equal((await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id, to } })).status, 200);
  await createAt('2025-03-10T10:00:00Z');
  await createAt('2025-03-11T09:00:00Z', { crypto_currency: 'USDC', network: 'polygon', wallet_address: WALLET_2 });
  await createAt('2025-03-11T23:59:59.500Z', { crypto_currency: 'MATIC' });
  const toComplete = await createAt('2025-03-12T00:00:00Z', { customer_email: 'buyer@example.com' });
  await advance(toComplete, 'processing');
  await advance(toComplete, 'completed');
  await advance(await createAt('2025-03-12T08:00:00Z'), 'failed');
  await createAt('2025-03-13T08:00:00Z', { wallet_address: WALLET_2, crypto_currency: 'USDT' });
  // Everything still pending expires once the clock passes 30 minutes after the last creation.
  clock = Date.parse('2025-03-13T08:29:00Z');
  // Extra sessions for pagination, newest of all, still pending.
  for (let i = 0; i < 25; i += 1)
    await createAt(`2025-03-14T00:00:${String(i).padStart(2, '0')}Z`, { crypto_currency: 'USDC' });
});
after(() => t.close());

describe('GET /v1/transactions', () => {
  it('lists newest first with default pagination', async () => {
    const page1 = await list();
    assert.deepEqual(page1.pagination, { page: 1, limit: 20, total: 31, pages: 2 });
    assert.equal(page1.transactions.length, 20);
    const times = page1.transactions.map((tx) => Date.parse(tx.created_at));
    assert.deepEqual(
      [...times].sort((a, b) => b - a),
      times,
    );
    const page2 = await list('?page=2');
    assert.equal(page2.transactions.length, 11);
    assert.equal(page2.transactions.at(-1)?.id, created[0]?.id);
    const ids = new Set([...page1.transactions, ...page2.transactions].map((tx) => tx.id));
    assert.equal(ids.size, 31);
    const beyond = await list('?page=9');
    assert.deepEqual(beyond.transactions, []);
    assert.equal(beyond.pagination.total, 31);
    const small = await list('?limit=5&page=3');
    assert.deepEqual(small.pagination, { page: 3, limit: 5, total: 31, pages: 7 });
    assert.equal((await list('?limit=100')).transactions.length, 31);
  });

  it('list items carry a flat platform_fee and no exchange_rate or customer_email', async () => {
    const item = (await list('?limit=100')).transactions.find((tx) => tx.status === 'completed');
    assert.ok(item);
    assert.equal(item.platform_fee, 100);
    assert.equal('fees' in item, false);
    assert.equal('exchange_rate' in item, false);
    assert.equal('customer_email' in item, false);
    assert.match(item.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
    assert.ok(item.completed_at);
  });

  it('filters by status; expired sessions show as failed', async () => {
    clock = Date.parse('2025-03-14T00:10:00Z');
    assert.equal((await list('?status=completed')).pagination.total, 1);
    // 1 failed by helper + 4 expired (created 10th..13th, pending past 30 minutes).
    const failed = await list('?status=failed&limit=100');
    assert.equal(failed.pagination.total, 5);
    assert.ok(failed.transactions.every((tx) => tx.status === 'failed'));
    assert.equal((await list('?status=pending')).pagination.total, 25);
    assert.equal((await list('?status=processing')).pagination.total, 0);
  });

  it('filters by from/to, date-only (whole UTC days) and full timestamps', async () => {
    assert.equal((await list('?from=2025-03-11&to=2025-03-11')).pagination.total, 2);
    assert.equal((await list('?from=2025-03-12&to=2025-03-13')).pagination.total, 3);
    assert.equal((await list('?to=2025-03-10')).pagination.total, 1);
    assert.equal((await list('?from=2025-03-14')).pagination.total, 25);
    assert.equal((await list('?from=2025-03-11T09:00:00Z&to=2025-03-12T00:00:00Z')).pagination.total, 3);
    assert.equal((await list('?from=2025-03-11T10:00:00%2B01:00&to=2025-03-11T23:59:59Z')).pagination.total, 1);
    assert.equal((await list('?from=2025-03-13&to=2025-03-12')).pagination.total, 0);
  });

  it('filters by wallet_address (any case) and crypto_currency, combined with others', async () => {
    assert.equal((await list(`?wallet_address=${WALLET_2}`)).pagination.total, 2);
    assert.equal((await list(`?wallet_address=${WALLET_2.toLowerCase()}`)).pagination.total, 2);
    assert.equal((await list(`?wallet_address=${WALLET}&limit=100`)).pagination.total, 29);
    assert.equal((await list('?crypto_currency=USDC')).pagination.total, 26);
    assert.equal((await list('?crypto_currency=MATIC')).pagination.total, 1);
    assert.equal((await list(`?crypto_currency=USDT&wallet_address=${WALLET_2}&status=failed`)).pagination.total, 1);
    assert.equal((await list('?crypto_currency=USDC&status=failed')).pagination.total, 1);
  });

  it('rejects malformed queries with VALIDATION_ERROR naming the parameter', async () => {
    const cases: [string, string, string?][] = [
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?status=expired', 'status'],
      ['?status=done', 'status'],
      ['?from=yesterday', 'from'],
      ['?from=2025-13-01', 'from'],
      ['?to=2025-02-30', 'to'],
      ['?to=2025-03-11T10:00:00', 'to'],
      ['?crypto_currency=BTC', 'crypto_currency'],
      ['?wallet_address=0x12', 'wallet_address', 'INVALID_WALLET_ADDRESS'],
    ];
    for (const [query, param, code = 'VALIDATION_ERROR'] of cases) {
      expectError(await t.call('GET', `/v1/transactions${query}`), 400, code, param);
    }
  });
});

describe('GET /v1/transactions/:id', () => {
  it('returns the full transaction with integer fees', async () => {
    const entry = created[3];
    assert.ok(entry);
    const tx = expectData(await t.call('GET', `/v1/transactions/${entry.id}`), transactionSchema);
    assert.equal(tx.id, entry.id);
    assert.equal(tx.session_id, entry.session);
    assert.equal(tx.status, 'completed');
    assert.equal(tx.customer_email, 'buyer@example.com');
    assert.deepEqual(tx.fees, { platform_fee: 100, network_fee: 250, processing_fee: 249 });
    assert.ok(tx.exchange_rate > 0);
    assert.equal(tx.created_at, new Date(entry.at).toISOString());
  });

  it('shows an expired session as failed, and 404s unknown or live ids', async () => {
    const expired = created[0];
    assert.ok(expired);
    const tx = expectData(await t.call('GET', `/v1/transactions/${expired.id}`), transactionSchema);
    assert.equal(tx.status, 'failed');
    assert.equal(tx.tx_hash, undefined);
    expectError(await t.call('GET', '/v1/transactions/txn_unknown'), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/v1/transactions/${expired.id}`, { key: t.keys.live.secret }), 404, 'NOT_FOUND');
    assert.equal((await list()).pagination.total, 31);
    const live = expectData(
      await t.call('GET', '/v1/transactions', { key: t.keys.live.secret }),
      transactionListSchema,
    );
    assert.equal(live.pagination.total, 0);
  });
});
