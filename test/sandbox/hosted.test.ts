/**
 * The sandbox in hosted-demo mode (docs/design.md "The hosted demo"), over HTTP: visitor accounts with
 * test keys only, deleted with everything in them in time; caps per account; creations limited per
 * client address and per account; webhooks to the demo's receiver only, delivered in-process; CORS
 * for the demo's own pages only; a database with live keys refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import {
  type HostedSandboxOptions,
  type SandboxHandle,
  type StartSandboxOptions,
  type VisitorAccount,
  startSandbox,
} from '../../demo/sandbox/index.js';
import { parseTrustedProxies } from '../../demo/http-common/client-address.js';
import { TEST_SANDBOX_BASE, call, expectError, sessionBody, startOnDatabase, waitFor } from './helpers.js';

const RECEIVER = 'https://shop.example/webhooks/';
const DEMO_ORIGIN = 'https://shop.example';

interface Received {
  url: string;
  host: string | null;
  signature: string | null;
  body: string;
}

async function startHosted(hosted: Partial<HostedSandboxOptions> = {}, options: StartSandboxOptions = {}) {
  const received: Received[] = [];
  const sandbox = await startSandbox({
    ...TEST_SANDBOX_BASE,
    corsOrigins: [DEMO_ORIGIN],
    merchantOrigins: [DEMO_ORIGIN],
    ...options,
    hosted: {
      accountTtlMs: 60_000,
      webhookReceiver: {
        prefix: RECEIVER,
        fetch: async (request) => {
          received.push({
            url: request.url,
            host: request.headers.get('Host'),
            signature: request.headers.get('Onramp-Signature'),
            body: await request.text(),
          });
          return new Response('{"received":true}', { status: 200 });
        },
      },
      ...hosted,
    },
  });
  let next = 0;
  // Each from an address of its own (new accounts are limited per address).
  const visitor = (address = `198.51.100.${(next += 1)}`): VisitorAccount => {
    const made = sandbox.visitors!.create(address);
    assert.ok(made.ok, 'a visitor account is made');
    return made.account;
  };
  return { sandbox, received, visitor };
}

/** A call from a client at `address`, as the demo's server (a trusted loopback proxy) forwards it. */
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('hosted mode: visitor accounts', () => {
  let sandbox: SandboxHandle;
  let visitor: (address?: string) => VisitorAccount;
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

describe('hosted mode: limits', () => {
  it('caps sessions, keys and webhook endpoints per account: 403 LIMIT_REACHED, other accounts unaffected', async () => {
    const { sandbox, visitor } = await startHosted({ quotas: { sessions: 2, keys: 3, webhooks: 2 } });
    try {
      const a = visitor();
      for (let i = 0; i < 2; i += 1)
        assert.equal(
          (await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: a.keys.secret, body: sessionBody() })).status,
          201,
        );
      expectError(
        await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: a.keys.secret, body: sessionBody() }),
        403,
        'LIMIT_REACHED',
      );
      // Two keys came with the account; one more reaches three. Its endpoint at the receiver is one of two.
      assert.equal(
        (
          await call(sandbox.apiUrl, 'POST', '/v1/keys', {
            key: a.keys.secret,
            body: { name: 'k', environment: 'test' },
          })
        ).status,
        201,
      );
      expectError(
        await call(sandbox.apiUrl, 'POST', '/v1/keys', {
          key: a.keys.secret,
          body: { name: 'k', environment: 'test' },
        }),
        403,
        'LIMIT_REACHED',
      );
      assert.equal(
        (
          await call(sandbox.apiUrl, 'POST', '/v1/webhooks', {
            key: a.keys.secret,
            body: { url: `${RECEIVER}a`, events: ['*'] },
          })
        ).status,
        201,
      );
      const over = await call(sandbox.apiUrl, 'POST', '/v1/webhooks', {
        key: a.keys.secret,
        body: { url: `${RECEIVER}a2`, events: ['*'] },
      });
      expectError(over, 403, 'LIMIT_REACHED');
      assert.match((over.json as { error: { message: string } }).error.message, /at most 2 webhook endpoints/);
      const b = visitor();
      assert.equal(
        (await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: b.keys.secret, body: sessionBody() })).status,
        201,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('an idempotent replay is neither limited nor counted', async () => {
    const { sandbox, visitor } = await startHosted({ quotas: { sessions: 1 } });
    try {
      const a = visitor();
      const once = { key: a.keys.secret, body: sessionBody(), headers: { 'Idempotency-Key': 'order-1' } };
      assert.equal((await call(sandbox.apiUrl, 'POST', '/v1/onramp', once)).status, 201);
      const replay = await call(sandbox.apiUrl, 'POST', '/v1/onramp', once);
      assert.equal(replay.status, 201);
      assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
    } finally {
      await sandbox.close();
    }
  });

  it('limits creations per client address (429 with Retry-After); another address still creates', async () => {
    const { sandbox, visitor } = await startHosted({ creationsPerAddress: { burst: 2, perSecond: 0.001 } });
    try {
      const a = visitor();
      const b = visitor();
      const create = (key: string, address: string) =>
        call(sandbox.apiUrl, 'POST', '/v1/onramp', { key, body: sessionBody(), headers: from(address) });
      assert.equal((await create(a.keys.secret, '203.0.113.1')).status, 201);
      assert.equal((await create(b.keys.secret, '203.0.113.1')).status, 201);
      const refused = await create(b.keys.secret, '203.0.113.1');
      expectError(refused, 429, 'RATE_LIMITED');
      assert.ok(Number(refused.headers.get('Retry-After')) >= 1);
      assert.equal((await create(b.keys.secret, '203.0.113.2')).status, 201);
    } finally {
      await sandbox.close();
    }
  });

  it("a new visitor's account is whole even when their address has used up its creations (made in-process, not through the API)", async () => {
    const { sandbox, visitor } = await startHosted({ creationsPerAddress: { burst: 1, perSecond: 0.001 } });
    try {
      const a = visitor('203.0.113.9');
      assert.equal(
        (
          await call(sandbox.apiUrl, 'POST', '/v1/onramp', {
            key: a.keys.secret,
            body: sessionBody(),
            headers: from('203.0.113.9'),
          })
        ).status,
        201,
      );
      const b = visitor('203.0.113.9');
      const hooks = await call(sandbox.apiUrl, 'GET', '/v1/webhooks', { key: b.keys.secret });
      assert.deepEqual(
        (hooks.json as { data: { webhooks: { url: string }[] } }).data.webhooks.map((w) => w.url),
        [b.webhook.url],
      );
    } finally {
      await sandbox.close();
    }
  });

  it("the demo server's own hop (loopback) is trusted beside TRUSTED_PROXIES, so its visitors keep buckets of their own", async () => {
    const { sandbox, visitor } = await startHosted(
      { creationsPerAddress: { burst: 1, perSecond: 0.001 } },
      { trustedProxies: parseTrustedProxies('192.0.2.250') },
    );
    try {
      const a = visitor();
      for (const address of ['203.0.113.21', '203.0.113.22']) {
        assert.equal(
          (
            await call(sandbox.apiUrl, 'POST', '/v1/onramp', {
              key: a.keys.secret,
              body: sessionBody(),
              headers: from(address),
            })
          ).status,
          201,
          address,
        );
      }
    } finally {
      await sandbox.close();
    }
  });

  it('limits creations per account, whatever the address', async () => {
    const { sandbox, visitor } = await startHosted({ creationsPerAccount: { burst: 2, perSecond: 0.001 } });
    try {
      const a = visitor();
      for (const address of ['203.0.113.1', '203.0.113.2']) {
        assert.equal(
          (
            await call(sandbox.apiUrl, 'POST', '/v1/keys', {
              key: a.keys.secret,
              body: { name: 'k', environment: 'test' },
              headers: from(address),
            })
          ).status,
          201,
        );
      }
      expectError(
        await call(sandbox.apiUrl, 'POST', '/v1/keys', {
          key: a.keys.secret,
          body: { name: 'k', environment: 'test' },
          headers: from('203.0.113.3'),
        }),
        429,
        'RATE_LIMITED',
      );
    } finally {
      await sandbox.close();
    }
  });

  it('an IPv6 address counts with its /64: rotating addresses in one network buys no more accounts', async () => {
    const { sandbox } = await startHosted({ accountsPerAddress: { burst: 2, perSecond: 0.001 } });
    try {
      const visitors = sandbox.visitors!;
      assert.ok(visitors.create('2001:db8:0:1::1').ok);
      assert.ok(visitors.create('2001:db8:0:1:ffff::2').ok);
      assert.ok(!visitors.create('2001:db8:0:1:1:2:3:4').ok);
      assert.ok(visitors.create('2001:db8:0:2::1').ok, 'another /64 is another network');
    } finally {
      await sandbox.close();
    }
  });

  it('when full, accounts that never made a session in 10 minutes give way to new visitors', async () => {
    let now = Date.now();
    const { sandbox } = await startHosted({ maxAccounts: 2, accountTtlMs: 3_600_000 }, { now: () => now });
    try {
      const visitors = sandbox.visitors!;
      const used = visitors.create('203.0.113.1');
      const idle = visitors.create('203.0.113.2');
      assert.ok(used.ok && idle.ok);
      assert.equal(
        (await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: used.account.keys.secret, body: sessionBody() }))
          .status,
        201,
      );
      const early = visitors.create('203.0.113.3');
      assert.ok(!early.ok && early.reason === 'full', 'nobody idle long enough yet');
      now += 10 * 60_000 + 1;
      assert.ok(visitors.create('203.0.113.3').ok);
      assert.ok(visitors.isAlive(used.account.accountId));
      assert.ok(!visitors.isAlive(idle.account.accountId));
    } finally {
      await sandbox.close();
    }
  });

  it('parallel creations with slow bodies cannot overshoot a cap', async () => {
    const { sandbox, visitor } = await startHosted({ quotas: { keys: 3 } });
    try {
      const account = visitor();
      const url = new URL('/v1/keys', sandbox.apiUrl);
      // Each request's body arrives 200 ms after its headers: all of them are past the key check at once.
      const slow = () =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            url,
            { method: 'POST', headers: { 'X-API-Key': account.keys.secret, 'Content-Type': 'application/json' } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.flushHeaders();
          setTimeout(() => req.end(JSON.stringify({ name: 'k', environment: 'test' })), 200);
        });
      const statuses = await Promise.all(Array.from({ length: 8 }, slow));
      assert.equal(statuses.filter((status) => status === 201).length, 1, statuses.join(','));
      assert.equal(statuses.filter((status) => status === 403).length, 7);
    } finally {
      await sandbox.close();
    }
  });

  it('limits new visitor accounts per address and in all', async () => {
    const { sandbox } = await startHosted({ accountsPerAddress: { burst: 2, perSecond: 0.001 }, maxAccounts: 3 });
    try {
      const visitors = sandbox.visitors!;
      assert.ok(visitors.create('203.0.113.1').ok);
      assert.ok(visitors.create('203.0.113.1').ok);
      const third = visitors.create('203.0.113.1');
      assert.ok(!third.ok && third.reason === 'address' && third.retryAfterSeconds >= 1);
      assert.ok(visitors.create('203.0.113.2').ok);
      const full = visitors.create('203.0.113.3');
      assert.ok(!full.ok && full.reason === 'full');
    } finally {
      await sandbox.close();
    }
  });
});

describe('hosted mode: webhooks go to the demo receiver only', () => {
  let sandbox: SandboxHandle;
  let received: Received[];
  let visitor: (address?: string) => VisitorAccount;
  before(async () => ({ sandbox, received, visitor } = await startHosted({}, { deliveryMs: 50 })));
  after(() => sandbox.close());

  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://localhost:9/hook',
    'https://10.0.0.5/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://example.com/hook',
    'https://shop.example/other',
    'https://shop.example.evil.test/webhooks/x',
  ]) {
    it(`refuses ${url}`, async () => {
      const reply = await call(sandbox.apiUrl, 'POST', '/v1/webhooks', {
        key: visitor().keys.secret,
        body: { url, events: ['*'] },
      });
      expectError(reply, 400, 'VALIDATION_ERROR', 'url');
    });
  }

  it("makes each account's endpoint at the receiver, and delivers signed events to it in-process, with the public Host", async () => {
    const account = visitor();
    assert.match(account.webhook.url, new RegExp(`^${RECEIVER}[\\w-]{24}$`));
    assert.match(account.webhook.secret, /^whsec_/);
    const listed = await call(sandbox.apiUrl, 'GET', '/v1/webhooks', { key: account.keys.secret });
    assert.deepEqual(
      (listed.json as { data: { webhooks: { url: string }[] } }).data.webhooks.map((w) => w.url),
      [account.webhook.url],
    );
    const created = await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: account.keys.secret, body: sessionBody() });
    const id = (created.json as { data: { session_id: string } }).data.session_id;
    const event = await waitFor(() => received.find((r) => r.body.includes(id)), 5000, 'the created event');
    assert.equal(event.url, account.webhook.url);
    assert.equal(event.host, 'shop.example');
    assert.match(event.signature ?? '', /^t=\d+,v1=[0-9a-f]{64}$/);
  });
});

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
      assert.ok(sandbox.visitors!.isAlive(account.accountId));
      now += 60_001;
      await waitFor(() => (rows() === 0 ? true : undefined), 5000, 'the account to be deleted');
      assert.equal((db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as { n: number }).n, 0);
      db.close();
      assert.ok(!sandbox.visitors!.isAlive(account.accountId));
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
