/**
 * A page of transactions is streamed a slice at a time with each item's metadata as its stored
 * bytes (demo/onramp-api/domain/transaction-page.ts): the bytes are those of the whole page written
 * at once, as the API wrote it before; a HEAD, or a reader that goes away, ends the page's turn.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { successBody } from '../../demo/http-common/envelope.js';
import type { SessionRow } from '../../demo/onramp-api/db/sessions.js';
import { transactionListItemAnswer } from '../../demo/onramp-api/domain/answers.js';
import { PAGE_SLICE } from '../../demo/onramp-api/domain/transaction-page.js';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { type TestSandbox, expectData, sessionBody, startTestSandbox } from './helpers.js';

/** Metadata whose JSON text has everything JSON.stringify escapes or keeps as it is. */
const METADATA: Record<string, string | number | boolean | null>[] = [
  { order: 'A-1', '10': 'integer-like keys come first', 'é漢😀': 'non-ASCII keys' },
  { quote: 'a "quoted" \\ back\\slash', control: 'tab\tnew\nline\u0001\u001f', lone: 'x\ud800y', emoji: '😀漢字' },
  { int: 42, negative: -7, float: 0.1, tiny: 1e-7, big: 1e21, yes: true, no: false, none: null },
  { script: '</script><!-- \u2028 \u2029 -->', empty: '' },
  Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${String(i).padStart(2, '0')}`, '漢'.repeat(130)])),
];

let t: TestSandbox;
const ROWS = PAGE_SLICE * 2 + 3;

before(async () => {
  t = await startTestSandbox();
  for (let i = 0; i < ROWS; i += 1) {
    const metadata = i % 6 === 5 ? undefined : METADATA[i % 6];
    const created = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody(metadata ? { metadata } : {}) }),
      createdSessionSchema,
      201,
    );
    if (i % 4 === 0) {
      for (const to of ['processing', 'completed'])
        await t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: created.session_id, to } });
    }
    if (i % 7 === 3)
      await t.call('POST', '/v1/test_helpers/onramp/advance', {
        body: { session_id: created.session_id, to: 'failed' },
      });
  }
});
after(() => t.close());

/** The page as the API wrote it before pages were streamed: every row parsed, the envelope written at once. */
function wholePage(query: { limit: number; page: number; status?: string }): string {
  const db = t.sandbox.sharedStore.db;
  const all = db
    .prepare("SELECT * FROM sessions WHERE environment = 'test' ORDER BY created_at DESC, id DESC")
    .all() as SessionRow[];
  const rows = all.filter(
    (row) =>
      query.status === undefined ||
      (query.status === 'failed' ? ['failed', 'expired'] : [query.status]).includes(row.status),
  );
  return successBody({
    transactions: rows.slice((query.page - 1) * query.limit, query.page * query.limit).map(transactionListItemAnswer),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: rows.length,
      pages: Math.ceil(rows.length / query.limit),
    },
  });
}

/** Equal texts, or where they part (a page is most of a megabyte: no diff of it all). */
function assertSameText(actual: string, expected: string, what: string): void {
  if (actual === expected) return;
  let at = 0;
  while (actual[at] === expected[at]) at += 1;
  assert.fail(
    `${what}: differs at ${at}: ${JSON.stringify(actual.slice(at - 40, at + 40))} for ${JSON.stringify(expected.slice(at - 40, at + 40))}`,
  );
}

describe('a streamed page of transactions', () => {
  it('is the same bytes as the page written at once, for every page and filter', async () => {
    for (const query of [
      { limit: 100, page: 1 },
      { limit: PAGE_SLICE, page: 2 },
      { limit: 7, page: 4 },
      { limit: 100, page: 2 },
      { limit: 100, page: 1, status: 'completed' },
      { limit: 100, page: 1, status: 'failed' },
    ]) {
      const path = `/v1/transactions?limit=${query.limit}&page=${query.page}${query.status ? `&status=${query.status}` : ''}`;
      const reply = await t.call('GET', path);
      assert.equal(reply.status, 200, reply.text);
      assert.equal(reply.headers.get('Content-Type'), 'application/json; charset=utf-8');
      assert.ok(reply.headers.get('Request-Id'), 'a request id');
      assertSameText(reply.text, wholePage(query), path);
    }
  });

  it('HEAD answers without a body and ends its turn (one page per account at a time)', async () => {
    for (let i = 0; i < 3; i += 1) {
      const head = await fetch(`${t.sandbox.apiUrl}/v1/transactions?limit=100`, {
        method: 'HEAD',
        headers: { 'X-API-Key': t.keys.test.secret },
      });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
    }
    assert.equal((await t.call('GET', '/v1/transactions?limit=1')).status, 200);
  });

  it('a reader that goes away mid-page ends its turn', async () => {
    const url = new URL(`${t.sandbox.apiUrl}/v1/transactions?limit=100`);
    for (let i = 0; i < 3; i += 1) {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            headers: { 'X-API-Key': t.keys.test.secret },
          },
          (res) => {
            res.once('data', () => {
              res.destroy();
              resolve();
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
    }
    const reply = await t.call('GET', '/v1/transactions?limit=100');
    assert.equal(reply.status, 200);
    assertSameText(reply.text, wholePage({ limit: 100, page: 1 }), 'the page after');
  });
});
