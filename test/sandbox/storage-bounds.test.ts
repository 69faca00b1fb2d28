/**
 * Strangers share one machine (issue 25): what one account may store and be answered is bounded.
 * Metadata within docs/design.md's bounds (50 keys, 8 KB as UTF-8 JSON), a page of 100 transactions
 * under a megabyte, events that refer to their session's metadata instead of copying it, an
 * account's deletion found through indexes, and a database of the previous schema upgraded.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { METADATA_LIMITS, jsonByteLength } from '../../src/contract/write/request-fields.js';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { transactionListSchema } from '../../src/contract/write/transaction.js';
import { ACCOUNT_PURGE } from '../../demo/onramp-api/db/accounts.js';
import { openDatabase } from '../../demo/onramp-api/db/database.js';
import { MIGRATIONS } from '../../demo/onramp-api/db/migrations.js';
import { eventBody } from '../../demo/onramp-api/domain/webhooks.js';
import { type TestSandbox, expectData, expectError, sessionBody, startFileTestSandbox } from './helpers.js';

/** `count` keys of `chars` CJK characters each (3 bytes apiece in UTF-8). */
const cjkMetadata = (count: number, chars: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${String(i).padStart(2, '0')}`, '漢'.repeat(chars)]));

/** The largest metadata of CJK text the bounds accept: 20 values of 130 characters, 7,982 bytes. */
const LARGEST_CJK = cjkMetadata(20, 130);

let t: TestSandbox & { dbPath: string };
before(async () => {
  t = await startFileTestSandbox('onramp-storage-');
});
after(() => t.close());

describe('metadata bounds (one rule, in the contract)', () => {
  it("refuses the review's 60 KB of metadata (50 values of 400 CJK characters, each within 500 characters) with VALIDATION_ERROR metadata", async () => {
    const flood = cjkMetadata(50, 400);
    assert.ok(jsonByteLength(flood) > 60_000);
    const reply = await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: flood }) });
    expectError(reply, 400, 'VALIDATION_ERROR', 'metadata');
    assert.match(
      (reply.json as { error: { message: string } }).error.message,
      /at most 50 keys.*at most 8 KB in all as UTF-8 JSON/,
    );
  });

  it('accepts metadata up to 8 KB as UTF-8 JSON and 50 keys, and refuses one byte or one key more', async () => {
    assert.ok(jsonByteLength(LARGEST_CJK) <= METADATA_LIMITS.jsonBytes);
    expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: LARGEST_CJK }) }),
      createdSessionSchema,
      201,
    );
    // The largest CJK metadata and an ASCII value that brings it to exactly 8,192 bytes, then 8,193.
    const filled = (bytes: number) => ({
      ...LARGEST_CJK,
      z: 'x'.repeat(bytes - jsonByteLength({ ...LARGEST_CJK, z: '' })),
    });
    assert.equal(jsonByteLength(filled(8192)), 8192);
    expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: filled(8192) }) }),
      createdSessionSchema,
      201,
    );
    expectError(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: filled(8193) }) }),
      400,
      'VALIDATION_ERROR',
      'metadata',
    );
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: fifty }) }),
      createdSessionSchema,
      201,
    );
    expectError(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: { ...fifty, k50: 1 } }) }),
      400,
      'VALIDATION_ERROR',
      'metadata',
    );
  });
});

describe('bounded answers and storage', () => {
  it('a page of 100 transactions, each with the largest metadata allowed, is under a megabyte', async () => {
    for (let i = 0; i < 100; i += 1) {
      expectData(
        await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: LARGEST_CJK }) }),
        createdSessionSchema,
        201,
      );
    }
    const reply = await t.call('GET', '/v1/transactions?limit=100');
    const list = expectData(reply, transactionListSchema);
    assert.equal(list.transactions.length, 100);
    const bytes = Buffer.byteLength(reply.text);
    assert.ok(bytes < 1024 * 1024, `the page is ${bytes} bytes`);
    assert.deepEqual(list.transactions[0]?.metadata, LARGEST_CJK);
  });

  it("a session's events refer to its metadata instead of copying it; the delivered body has it back", async () => {
    const session = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: LARGEST_CJK }) }),
      createdSessionSchema,
      201,
    );
    for (const to of ['processing', 'completed']) {
      assert.equal(
        (await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: session.session_id, to } }))
          .status,
        200,
      );
    }
    const db = new Database(t.dbPath, { readonly: true });
    try {
      const events = db
        .prepare('SELECT payload FROM webhook_events WHERE session_id = ? ORDER BY created_at')
        .all(session.session_id) as { payload: string }[];
      const { metadata } = db.prepare('SELECT metadata FROM sessions WHERE id = ?').get(session.session_id) as {
        metadata: string;
      };
      assert.equal(events.length, 3);
      for (const { payload } of events) {
        assert.ok(Buffer.byteLength(payload) < 2048, `an event stores ${Buffer.byteLength(payload)} bytes`);
        const body = JSON.parse(eventBody(payload, metadata)) as {
          data: { object: { metadata: unknown; session_id: string } };
        };
        assert.deepEqual(body.data.object.metadata, LARGEST_CJK);
        assert.equal(body.data.object.session_id, session.session_id);
      }
    } finally {
      db.close();
    }
  });

  it('deleting an account finds every row it deletes through an index (no statement scans a table)', () => {
    const db = openDatabase(':memory:');
    try {
      for (const sql of ACCOUNT_PURGE) {
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ id: 'acct_x' }) as { detail: string }[]).map(
          (row) => row.detail,
        );
        const scans = plan.filter((detail) => detail.startsWith('SCAN '));
        assert.deepEqual(scans, [], `${sql.replace(/\s+/g, ' ')}\n${plan.join('\n')}`);
      }
    } finally {
      db.close();
    }
  });
});

describe('upgrading a database file of the previous schema', () => {
  it('adds the index, slims stored events to a reference, and delivers the same body as before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'onramp-upgrade-'));
    const path = join(dir, 'old.db');
    try {
      // The schema of the previous release (three migrations), with an event that copies its metadata.
      const old = new Database(path);
      for (const sql of MIGRATIONS.slice(0, 3)) old.exec(sql);
      old.pragma('user_version = 3');
      const metadata = JSON.stringify({ order: 'A-1', note: '漢字' });
      old.prepare("INSERT INTO accounts (id, name, created_at, expires_at) VALUES ('acct_1', 'Old', 1, NULL)").run();
      old
        .prepare(
          `INSERT INTO sessions (id, transaction_id, account_id, environment, client_secret_hash, checkout_token_hash, status,
           wallet_address, crypto_currency, network, fiat_currency, fiat_amount, crypto_amount, exchange_rate, platform_fee,
           network_fee, processing_fee, metadata, created_at, updated_at, expires_at, quote_expires_at)
         VALUES ('ors_1', 'txn_1', 'acct_1', 'test', 'h', 'h', 'pending', '0x0', 'ETH', 'ethereum', 'USD', 10000, '1', '1',
           1, 1, 1, ?, 1, 1, 2, 2)`,
        )
        .run(metadata);
      const before = `{"id":"evt_1","type":"onramp.session.created","created":"2025-01-01T00:00:00.000Z","data":{"object":{"session_id":"ors_1","status":"pending","metadata":${metadata},"created_at":"2025-01-01T00:00:00.000Z"}}}`;
      old
        .prepare(
          "INSERT INTO webhook_events (id, account_id, environment, type, session_id, payload, created_at) VALUES ('evt_1', 'acct_1', 'test', 'onramp.session.created', 'ors_1', ?, 1)",
        )
        .run(before);
      old.close();

      const db = openDatabase(path);
      try {
        assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
        const indexes = (
          db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'webhook_events'").all() as {
            name: string;
          }[]
        ).map((r) => r.name);
        assert.ok(indexes.includes('webhook_events_by_account'), indexes.join(', '));
        const { payload } = db.prepare("SELECT payload FROM webhook_events WHERE id = 'evt_1'").get() as {
          payload: string;
        };
        assert.ok(!payload.includes('A-1'), payload);
        assert.equal(eventBody(payload, metadata), before, 'the delivered body is byte for byte the one stored before');
        assert.equal(
          (db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE id = 'ors_1'").get() as { n: number }).n,
          1,
          'the data stays',
        );
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
