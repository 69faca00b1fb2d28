/**
 * The real process (`tsx demo/onramp-api/main.ts`): first start creates and prints keys and writes the
 * keys file; a restart keeps everything and says where the keys are; no full key, client secret or
 * checkout token appears in the database files.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createdApiKeySchema } from '../../src/contract/write/api-key.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { type SandboxProcess, call, expectData, expectError, sessionBody, spawnSandboxProcess } from './helpers.js';

type Running = SandboxProcess;

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-proc-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function startProcess(): Promise<Running> {
  return spawnSandboxProcess({
    SANDBOX_DB: join(dir, 'data', 'sandbox.db'),
    SANDBOX_KEYS_FILE: join(dir, 'data', 'keys.json'),
    SANDBOX_DELIVERY_MS: '100',
  });
}

function stopProcess(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

describe('sandbox process', () => {
  it('creates keys on first start, keeps everything across a restart, and stores secrets only as hashes', async () => {
    const first = await startProcess();
    const keysFile = join(dir, 'data', 'keys.json');
    assert.ok(existsSync(keysFile));
    assert.equal(statSync(keysFile).mode & 0o777, 0o600);
    const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as {
      test: { secret: string; publishable: string };
      live: { secret: string; publishable: string };
    };
    for (const key of [keys.test.secret, keys.test.publishable, keys.live.secret, keys.live.publishable]) {
      assert.ok(first.output.includes(key), 'every key is printed on first start');
    }
    assert.match(keys.test.secret, /^onramp_test_sk_/);
    assert.match(keys.live.publishable, /^onramp_live_pk_/);

    const created = expectData(
      await call(first.apiUrl, 'POST', '/v1/onramp', {
        key: keys.test.secret,
        body: sessionBody(),
        headers: { 'Idempotency-Key': 'persist-1' },
      }),
      createdSessionSchema,
      201,
    );
    const extraKey = expectData(
      await call(first.apiUrl, 'POST', '/v1/keys', {
        key: keys.live.secret,
        body: { name: 'extra', environment: 'live' },
      }),
      createdApiKeySchema,
      201,
    );
    const url = new URL(created.redirect_url);
    const token = url.searchParams.get('t') ?? '';
    const paid = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ t: token, card_number: '4242424242424242', card_expiry: '12/30', card_cvc: '123' }),
      redirect: 'manual',
    });
    assert.equal(paid.status, 303);
    assert.equal(await stopProcess(first), 0);

    const second = await startProcess();
    try {
      assert.ok(second.output.includes(`keys are in ${keysFile}`), second.output);
      assert.ok(!second.output.includes(keys.test.secret), 'keys are not printed again');
      // The session survived; its delivery (due 100 ms after payment) ran after the restart.
      const status = expectData(
        await call(second.apiUrl, 'GET', `/v1/onramp?session_id=${created.session_id}`, {
          key: keys.test.publishable,
          headers: { 'X-Client-Secret': created.client_secret },
        }),
        sessionStatusViewSchema,
      );
      assert.equal(status.status, 'completed');
      assert.match(status.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
      // The idempotent response survived too, byte for byte.
      const replay = await call(second.apiUrl, 'POST', '/v1/onramp', {
        key: keys.test.secret,
        body: sessionBody(),
        headers: { 'Idempotency-Key': 'persist-1' },
      });
      assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
      assert.equal((replay.json as { data: { client_secret: string } }).data.client_secret, created.client_secret);
      assert.equal((await call(second.apiUrl, 'GET', '/v1/transactions', { key: extraKey.key })).status, 200);
      expectError(
        await call(second.apiUrl, 'GET', '/v1/keys', { key: 'onramp_test_sk_' + 'x'.repeat(32) }),
        401,
        'INVALID_API_KEY',
      );

      // No secret in clear anywhere in the database files (main file, WAL, shared memory).
      const secrets = [
        keys.test.secret,
        keys.test.publishable,
        keys.live.secret,
        keys.live.publishable,
        extraKey.key,
        created.client_secret,
        token,
      ];
      const files = readdirSync(join(dir, 'data')).filter((name) => name.startsWith('sandbox.db'));
      assert.ok(files.includes('sandbox.db'));
      for (const name of files) {
        const bytes = readFileSync(join(dir, 'data', name));
        for (const secret of secrets) {
          assert.equal(bytes.includes(Buffer.from(secret)), false, `${name} holds a secret in clear`);
          // The random part alone must not be there either.
          assert.equal(bytes.includes(Buffer.from(secret.slice(-20))), false, `${name} holds part of a secret`);
        }
      }
    } finally {
      await stopProcess(second);
    }
  });

  it('reports a configuration error clearly', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'demo/onramp-api/main.ts'], {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, PORT: 'eighty', SANDBOX_DB: ':memory:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(output, /PORT must be an integer/);
  });
});
