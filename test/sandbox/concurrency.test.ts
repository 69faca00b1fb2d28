/**
 * Load on one sandbox: 500 concurrent session creations (none lost, none duplicated), bursts of
 * concurrent polls, one Idempotency-Key sent many times at once, and the rate limit under a burst.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { transactionListSchema } from '../../src/contract/write/transaction.js';
import {
  type Reply,
  type TestSandbox,
  startFileTestSandbox,
  expectData,
  expectError,
  sessionBody,
  startTestSandbox,
} from './helpers.js';

let t: TestSandbox & { dir: string };
let dir: string;

before(async () => {
  // A file database (WAL), as the real process uses; a bucket large enough that nothing is 429'd.
  t = await startFileTestSandbox('sandbox-load-', { rateLimit: { burst: 100_000, perSecond: 100_000 } }, 'load.db');
  dir = t.dir;
});
after(() => t.close());

/** Every transaction of a key, page by page (limit 100), in the list's order. */
async function listAll(t: TestSandbox, key = t.keys.test.secret): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total: number;
  for (let page = 1; ; page += 1) {
    const data = expectData(
      await t.call('GET', `/v1/transactions?limit=100&page=${page}`, { key }),
      transactionListSchema,
    );
    total = data.pagination.total;
    ids.push(...data.transactions.map((tx) => tx.session_id));
    if (page >= data.pagination.pages) break;
  }
  return { ids, total };
}

/** A sandbox of its own (its own account), so a test counts only its own sessions. */
async function withSandbox(name: string, fn: (t: TestSandbox) => Promise<void>): Promise<void> {
  const own = await startTestSandbox({
    db: join(dir, `${name}.db`),
    rateLimit: { burst: 100_000, perSecond: 100_000 },
  });
  try {
    await fn(own);
  } finally {
    await own.close();
  }
}

describe('concurrent writes', () => {
  it('500 concurrent session creations: all acknowledged, all listed exactly once', () =>
    withSandbox('create-500', async (t) => {
      const replies = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: { n: i } }) }),
        ),
      );
      const created = replies.map((reply) => expectData(reply, createdSessionSchema, 201));
      const createdIds = created.map((s) => s.session_id);
      assert.equal(new Set(createdIds).size, 500, 'every creation got its own session id');
      assert.equal(new Set(created.map((s) => s.client_secret)).size, 500);

      const listed = await listAll(t);
      assert.equal(listed.total, 500);
      assert.equal(listed.ids.length, 500, 'no session listed twice across pages, none missing');
      assert.equal(new Set(listed.ids).size, 500);
      assert.deepEqual([...listed.ids].sort(), [...createdIds].sort());
    }));

  it('a burst of concurrent polls answers consistently, also while the session moves', async () => {
    const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    const poll = () => t.call('GET', `/v1/onramp?session_id=${s.session_id}`);
    const still = await Promise.all(Array.from({ length: 200 }, poll));
    const bodies = new Set(still.map((reply) => JSON.stringify(expectData(reply, sessionStatusViewSchema))));
    assert.equal(bodies.size, 1, 'a session nobody touches reads the same to every concurrent poll');
    assert.equal(
      new Set(still.map((reply) => reply.headers.get('Request-Id'))).size,
      200,
      'one request id per request',
    );

    // Polls racing two transitions: every answer is a whole, valid view of one of the states.
    const racing = [
      ...Array.from({ length: 100 }, poll),
      t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: s.session_id, to: 'processing' } }),
      ...Array.from({ length: 100 }, poll),
      t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: s.session_id, to: 'completed' } }),
      ...Array.from({ length: 100 }, poll),
    ];
    const answers = await Promise.all(racing);
    for (const reply of answers) {
      const view = expectData(reply, sessionStatusViewSchema);
      assert.ok(['pending', 'processing', 'completed'].includes(view.status), view.status);
      assert.equal(view.tx_hash !== undefined, view.status === 'completed', 'tx_hash is set exactly when completed');
    }
    const final = expectData(await poll(), sessionStatusViewSchema);
    assert.equal(final.status, 'completed');
  });
});

describe('idempotency under concurrency', () => {
  const N = 50;

  it('one Idempotency-Key sent N times at once: one session, identical responses', () =>
    withSandbox('idem-same', async (t) => {
      const headers = { 'Idempotency-Key': `race-${Date.now()}` };
      const replies = await Promise.all(
        Array.from({ length: N }, () => t.call('POST', '/v1/onramp', { body: sessionBody(), headers })),
      );
      for (const reply of replies) expectData(reply, createdSessionSchema, 201);
      assert.equal(
        new Set(replies.map((reply) => reply.text)).size,
        1,
        'every reply carries the same body, byte for byte',
      );
      const originals = replies.filter((reply) => reply.headers.get('Idempotent-Replayed') !== 'true');
      assert.equal(originals.length, 1, 'exactly one request did the work; the others are replays');
      const listed = await listAll(t);
      assert.equal(listed.total, 1);
      assert.deepEqual(listed.ids, [(replies[0]?.json as { data: { session_id: string } }).data.session_id]);
    }));

  it('one Idempotency-Key sent at once with different bodies: one wins, the others are IDEMPOTENCY_CONFLICT', () =>
    withSandbox('idem-bodies', async (t) => {
      const headers = { 'Idempotency-Key': `race-bodies-${Date.now()}` };
      const replies = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          t.call('POST', '/v1/onramp', { body: sessionBody({ fiat_amount: 1000 + i }), headers }),
        ),
      );
      const won = replies.filter((reply) => reply.status === 201);
      assert.equal(won.length, 1, 'exactly one body is stored under the key');
      for (const reply of replies)
        if (reply.status !== 201) expectError(reply, 409, 'IDEMPOTENCY_CONFLICT', 'Idempotency-Key');
      assert.equal((await listAll(t)).total, 1);
      // The stored body is the winner's: sending it again replays the winner's response.
      const winner = won[0];
      assert.ok(winner);
      const index = replies.indexOf(winner);
      const replay = await t.call('POST', '/v1/onramp', { body: sessionBody({ fiat_amount: 1000 + index }), headers });
      assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
      assert.equal(replay.text, winner.text);
    }));

  it('concurrent quotes under one key are each simply answered (a quote stores nothing to replay)', async () => {
    const headers = { 'Idempotency-Key': `quote-race-${Date.now()}` };
    const body = { fiat_amount: 5000, fiat_currency: 'EUR', crypto_currency: 'USDC', network: 'polygon' };
    const replies = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('POST', '/v1/onramp/quote', { key: t.keys.test.publishable, body, headers }),
      ),
    );
    for (const reply of replies) {
      assert.equal(reply.status, 200, reply.text);
      assert.equal(reply.headers.get('Idempotent-Replayed'), null);
    }
  });
});

describe('rate limit under a burst', () => {
  it('a tiny bucket lets exactly `burst` requests through; the rest are 429 RATE_LIMITED with an integer Retry-After', async () => {
    const small = await startTestSandbox({ db: join(dir, 'small.db'), rateLimit: { burst: 5, perSecond: 0.01 } });
    try {
      const replies: Reply[] = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? small.call('GET', '/v1/transactions')
            : small.call('POST', '/v1/onramp', { body: sessionBody() }),
        ),
      );
      const passed = replies.filter((reply) => reply.status !== 429);
      assert.equal(passed.length, 5, `exactly the burst passes; got ${passed.map((r) => r.status).join(',')}`);
      for (const reply of passed) assert.ok(reply.status === 200 || reply.status === 201, reply.text);
      for (const reply of replies.filter((r) => r.status === 429)) {
        expectError(reply, 429, 'RATE_LIMITED');
        const retryAfter = reply.headers.get('Retry-After') ?? '';
        assert.match(retryAfter, /^[1-9]\d*$/, 'Retry-After is a positive whole number of seconds');
        // The token refills at 0.01/s: the next one is due in about 100 s.
        assert.ok(Number(retryAfter) >= 90 && Number(retryAfter) <= 100, retryAfter);
      }
      // Rejected requests wrote nothing: only the sessions that passed exist (read from the file).
      const created = passed.filter((reply) => reply.status === 201).length;
      const reader = new Database(join(dir, 'small.db'), { readonly: true });
      try {
        assert.equal((reader.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n, created);
      } finally {
        reader.close();
      }
    } finally {
      await small.close();
    }
  });
});
