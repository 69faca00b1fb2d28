/**
 * The sandbox in hosted-demo mode, over HTTP: caps on sessions, keys and webhook endpoints per account;
 * creations limited per client address and per account; new visitor accounts limited per address (an
 * IPv6 address with its /64) and in all, idle accounts giving way when full.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { parseTrustedProxies } from '../../demo/http-common/client-address.js';
import { call, expectError, sessionBody } from './helpers.js';
import { RECEIVER, from, startHosted } from './support/hosted-sandbox.js';

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
      const visitors = sandbox.guests!;
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
      const visitors = sandbox.guests!;
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
      const visitors = sandbox.guests!;
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
