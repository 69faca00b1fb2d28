/**
 * The real process (`tsx demo/onramp-api/main.ts`) on a file database, killed with SIGKILL in the
 * middle of a burst of writes, then restarted on the same file: every write it acknowledged (2xx)
 * is there, and retrying the unacknowledged ones with their Idempotency-Key creates each exactly once.
 * A write and its idempotency record commit together, so a crash between them cannot double a write.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiKeyListSchema, createdApiKeySchema } from '../../src/contract/write/api-key.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { transactionListSchema } from '../../src/contract/write/transaction.js';
import Database from 'better-sqlite3';
import {
  type SandboxProcess,
  call,
  expectData,
  expectError,
  sessionBody,
  spawnSandboxProcess,
  startTestSandbox,
} from './helpers.js';

type Running = SandboxProcess;

let dir: string;
const running: Running[] = [];
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-crash-'));
});
after(() => {
  for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startProcess(): Promise<Running> {
  const started = await spawnSandboxProcess({
    SANDBOX_DB: join(dir, 'sandbox.db'),
    SANDBOX_KEYS_FILE: join(dir, 'keys.json'),
    SANDBOX_RATE_LIMIT_BURST: '100000',
    SANDBOX_RATE_LIMIT_PER_SEC: '100000',
  });
  running.push(started);
  return started;
}

interface SessionWrite {
  kind: 'session';
  idempotencyKey: string;
  sessionId?: string;
  clientSecret?: string;
}
interface KeyWrite {
  kind: 'key';
  name: string;
  id?: string;
  key?: string;
}

describe('SIGKILL during a burst of writes', () => {
  it('keeps every acknowledged write across a restart', async () => {
    const first = await startProcess();
    const keys = JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8')) as { test: { secret: string } };
    const sk = keys.test.secret;

    const TOTAL = 400;
    const CONCURRENCY = 16;
    const KILL_AFTER = 120;
    const writes: (SessionWrite | KeyWrite)[] = Array.from({ length: TOTAL }, (_, i) =>
      i % 8 === 7 ? { kind: 'key', name: `burst-key-${i}` } : { kind: 'session', idempotencyKey: `burst-${i}` },
    );
    let acknowledged = 0;
    let failed = 0;
    let killed = false;
    let next = 0;

    const send = async (write: SessionWrite | KeyWrite): Promise<void> => {
      try {
        if (write.kind === 'session') {
          const reply = await call(first.apiUrl, 'POST', '/v1/onramp', {
            key: sk,
            body: sessionBody({ metadata: { write: write.idempotencyKey } }),
            headers: { 'Idempotency-Key': write.idempotencyKey },
          });
          const data = expectData(reply, createdSessionSchema, 201);
          write.sessionId = data.session_id;
          write.clientSecret = data.client_secret;
        } else {
          const reply = await call(first.apiUrl, 'POST', '/v1/keys', {
            key: sk,
            body: { name: write.name, environment: 'test' },
          });
          const data = expectData(reply, createdApiKeySchema, 201);
          write.id = data.id;
          write.key = data.key;
        }
        acknowledged += 1;
        if (acknowledged >= KILL_AFTER && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      } catch (error) {
        // Only a connection failure after the kill is expected; anything else is a real failure.
        if (!killed) throw error;
        failed += 1;
      }
    };
    const worker = async (): Promise<void> => {
      while (next < writes.length) {
        const write = writes[next];
        next += 1;
        if (write) await send(write);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    assert.equal(await first.exited, 'SIGKILL');
    assert.ok(killed, 'the process was killed mid-burst');
    assert.ok(acknowledged >= KILL_AFTER);
    assert.ok(failed > 0, 'requests were in flight or still to come when the process died');

    const second = await startProcess();
    try {
      const ackedSessions = writes.filter(
        (w): w is SessionWrite & { sessionId: string } => w.kind === 'session' && w.sessionId !== undefined,
      );
      const ackedKeys = writes.filter(
        (w): w is KeyWrite & { id: string; key: string } => w.kind === 'key' && w.id !== undefined,
      );
      assert.equal(ackedSessions.length + ackedKeys.length, acknowledged);
      assert.ok(ackedKeys.length > 0 && ackedSessions.length > 0);

      // Every acknowledged session reads back by id (with its client secret, as the widget does).
      for (const w of ackedSessions) {
        const reply = await call(second.apiUrl, 'GET', `/v1/onramp?session_id=${w.sessionId}`, {
          key: sk,
          headers: { 'X-Client-Secret': w.clientSecret ?? '' },
        });
        assert.equal(expectData(reply, sessionStatusViewSchema).session_id, w.sessionId);
      }
      // Every acknowledged key is listed and works.
      const listed = new Set(
        expectData(await call(second.apiUrl, 'GET', '/v1/keys', { key: sk }), apiKeyListSchema).keys.map((k) => k.id),
      );
      for (const w of ackedKeys) assert.ok(listed.has(w.id), `key ${w.id} (${w.name}) survived`);
      for (const w of ackedKeys)
        assert.equal((await call(second.apiUrl, 'GET', '/v1/transactions?limit=1', { key: w.key })).status, 200);

      // Retrying every session write with its Idempotency-Key: acknowledged ones replay the same
      // session, the others are created now; each write exists exactly once.
      for (const w of writes) {
        if (w.kind !== 'session') continue;
        const reply = await call(second.apiUrl, 'POST', '/v1/onramp', {
          key: sk,
          body: sessionBody({ metadata: { write: w.idempotencyKey } }),
          headers: { 'Idempotency-Key': w.idempotencyKey },
        });
        const data = expectData(reply, createdSessionSchema, 201);
        if (w.sessionId !== undefined) {
          assert.equal(reply.headers.get('Idempotent-Replayed'), 'true');
          assert.equal(data.session_id, w.sessionId);
        }
      }
      const sessionWrites = writes.filter((w) => w.kind === 'session').length;
      const list = expectData(
        await call(second.apiUrl, 'GET', '/v1/transactions?limit=1', { key: sk }),
        transactionListSchema,
      );
      // A write that committed but whose answer was lost in the kill replays too, so none is doubled.
      assert.equal(list.pagination.total, sessionWrites);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('a write and its idempotency record', () => {
  it('commit together: a failure while storing the record leaves no session, and the retry creates exactly one', async () => {
    const db = join(dir, 'atomic.db');
    const t = await startTestSandbox({ db });
    const side = new Database(db);
    try {
      const count = () => (side.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
      // Stands in for a crash after the session row is written and before its idempotency record is.
      side.exec(
        "CREATE TRIGGER crash_before_record BEFORE INSERT ON idempotency_keys BEGIN SELECT RAISE(ABORT, 'simulated crash'); END",
      );
      const headers = { 'Idempotency-Key': 'atomic-1' };
      expectError(await t.call('POST', '/v1/onramp', { body: sessionBody(), headers }), 500, 'INTERNAL_ERROR');
      assert.equal(count(), 0, 'the session write was rolled back with its idempotency record');
      side.exec('DROP TRIGGER crash_before_record');
      const first = expectData(
        await t.call('POST', '/v1/onramp', { body: sessionBody(), headers }),
        createdSessionSchema,
        201,
      );
      const replay = await t.call('POST', '/v1/onramp', { body: sessionBody(), headers });
      assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
      assert.equal(expectData(replay, createdSessionSchema, 201).session_id, first.session_id);
      assert.equal(count(), 1);
    } finally {
      side.close();
      await t.close();
    }
  });
});
