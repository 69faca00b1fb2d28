/**
 * Rate limits by who is calling (docs/design.md "Rate limits"), against a running sandbox with its
 * default limits. Clients on different addresses are different loopback addresses (127.0.0.x: the
 * whole block is loopback on Linux), chosen with `localAddress`: no proxy, no other network.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it, test } from 'node:test';
import * as fc from 'fast-check';
import { parseTrustedProxies } from '../../demo/http-common/client-address.js';
import { CallerLimits, DEFAULT_CALLER_LIMITS } from '../../demo/onramp-api/http/rate-limit.js';
import { type TestSandbox, sessionBody, startTestSandbox } from './helpers.js';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** One request from `localAddress` (a loopback address), with an optional JSON body. */
function callFrom(
  localAddress: string,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      new URL(path, base),
      { method, localAddress, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] ?? null, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const DEFAULTS = {
  publishableAddress: DEFAULT_CALLER_LIMITS.publishableAddress,
  publishableSession: DEFAULT_CALLER_LIMITS.publishableSession,
  failedAuth: DEFAULT_CALLER_LIMITS.failedAuth,
};

describe('rate limits follow who is calling', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ rateLimit: DEFAULT_CALLER_LIMITS.secret, callerLimits: DEFAULTS });
  });
  after(() => t.sandbox.close());

  it('a flood through the publishable key gets 429 for its sender only: the merchant creates a session, another buyer reads hers', async () => {
    const base = t.sandbox.apiUrl;
    const { publishable, secret } = t.keys.test;
    const buyerSession = await callFrom(
      '127.0.0.1',
      base,
      'POST',
      '/v1/onramp',
      { 'X-API-Key': secret },
      sessionBody(),
    );
    assert.equal(buyerSession.status, 201, buyerSession.body);
    const { session_id: sessionId, client_secret: clientSecret } = (
      JSON.parse(buyerSession.body) as { data: { session_id: string; client_secret: string } }
    ).data;

    // The flood: an unknown session and any client secret, from one address, 1,000 requests in waves.
    // In the middle of it (same waves, same moment), the merchant creates a session with its secret
    // key and the other buyer's widget reads hers.
    const flood: Answer[] = [];
    const during: { merchant: Answer; buyer: Answer }[] = [];
    const floodStart = performance.now();
    for (let wave = 0; wave < 20; wave += 1) {
      const floodWave = Promise.all(
        Array.from({ length: 50 }, () =>
          callFrom('127.0.0.2', base, 'GET', '/v1/onramp?session_id=ors_unknownunknownunknown', {
            'X-API-Key': publishable,
            'X-Client-Secret': 'ors_unknown_secret_x',
          }),
        ),
      );
      if (wave >= 5 && wave % 5 === 0) {
        const [merchant, buyer] = await Promise.all([
          callFrom('127.0.0.1', base, 'POST', '/v1/onramp', { 'X-API-Key': secret }, sessionBody()),
          callFrom('127.0.0.3', base, 'GET', `/v1/onramp?session_id=${sessionId}`, {
            'X-API-Key': publishable,
            'X-Client-Secret': clientSecret,
          }),
        ]);
        during.push({ merchant, buyer });
      }
      flood.push(...(await floodWave));
    }
    for (const { merchant, buyer } of during) {
      assert.equal(merchant.status, 201, `the merchant during the flood: ${merchant.body}`);
      assert.equal(buyer.status, 200, `the other buyer during the flood: ${buyer.body}`);
    }
    const floodSeconds = (performance.now() - floodStart) / 1000;
    const limited = flood.filter((answer) => answer.status === 429);
    // Served at most a full bucket plus its refill over the flood's duration (however slow the machine).
    const { burst, perSecond } = DEFAULT_CALLER_LIMITS.publishableAddress;
    assert.ok(
      flood.length - limited.length <= burst + perSecond * floodSeconds + 1,
      `${flood.length - limited.length} of 1000 served in ${floodSeconds.toFixed(1)} s`,
    );
    assert.ok(limited.length > 0);
    assert.ok(
      limited.every((answer) => Number(answer.retryAfter) >= 1),
      'every 429 keeps Retry-After',
    );

    // Meanwhile, nobody else is slowed down.
    const merchant = await callFrom('127.0.0.1', base, 'POST', '/v1/onramp', { 'X-API-Key': secret }, sessionBody());
    assert.equal(merchant.status, 201, merchant.body);
    const buyer = await callFrom('127.0.0.3', base, 'GET', `/v1/onramp?session_id=${sessionId}`, {
      'X-API-Key': publishable,
      'X-Client-Secret': clientSecret,
    });
    assert.equal(buyer.status, 200, buyer.body);
    // Knowing the buyer's session id is not enough to drain her session's bucket: only reads that
    // prove its client secret count there.
    for (let i = 0; i < 60; i += 1) {
      await callFrom('127.0.0.6', base, 'GET', `/v1/onramp?session_id=${sessionId}`, {
        'X-API-Key': publishable,
        'X-Client-Secret': 'wrong',
      });
    }
    const stillReads = await callFrom('127.0.0.3', base, 'GET', `/v1/onramp?session_id=${sessionId}`, {
      'X-API-Key': publishable,
      'X-Client-Secret': clientSecret,
    });
    assert.equal(stillReads.status, 200, stillReads.body);
  });

  it('failed authentication is limited per client address; a valid key from there still works, other addresses still get 401', async () => {
    const base = t.sandbox.apiUrl;
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i += 1) {
      const key = i % 2 ? 'onramp_test_sk_notarealkeynotarealkey00' : 'garbage';
      answers.push(await callFrom('127.0.0.4', base, 'GET', '/v1/transactions', { 'X-API-Key': key }));
    }
    assert.deepEqual(
      answers.slice(0, 30).map((a) => a.status),
      Array(30).fill(401),
    );
    assert.ok(
      answers.slice(30).every((a) => a.status === 429 && Number(a.retryAfter) >= 1),
      'then 429 with Retry-After',
    );
    assert.equal((await callFrom('127.0.0.4', base, 'GET', '/v1/onramp', {})).status, 429, 'a missing key counts too');
    assert.equal(
      (await callFrom('127.0.0.5', base, 'GET', '/v1/transactions', { 'X-API-Key': 'garbage' })).status,
      401,
    );
    assert.equal(
      (await callFrom('127.0.0.4', base, 'GET', '/v1/transactions', { 'X-API-Key': t.keys.test.secret })).status,
      200,
    );
  });
});

describe('per session', () => {
  it("a page that loops on one session gets 429 once that session's bucket is empty; another session still reads", async () => {
    const t = await startTestSandbox({
      callerLimits: { ...DEFAULTS, publishableSession: { burst: 3, perSecond: 0.01 } },
    });
    try {
      const { publishable, secret } = t.keys.test;
      const open = async () => {
        const created = await callFrom(
          '127.0.0.1',
          t.sandbox.apiUrl,
          'POST',
          '/v1/onramp',
          { 'X-API-Key': secret },
          sessionBody(),
        );
        return (JSON.parse(created.body) as { data: { session_id: string; client_secret: string } }).data;
      };
      const [looped, other] = [await open(), await open()];
      const read = (session: { session_id: string; client_secret: string }, from: string) =>
        callFrom(from, t.sandbox.apiUrl, 'GET', `/v1/onramp?session_id=${session.session_id}`, {
          'X-API-Key': publishable,
          'X-Client-Secret': session.client_secret,
        });
      const statuses = [];
      // From several addresses: it is the session's bucket, not an address's, that runs dry.
      for (let i = 0; i < 5; i += 1) statuses.push(await read(looped, `127.0.0.${10 + i}`));
      assert.deepEqual(
        statuses.map((a) => a.status),
        [200, 200, 200, 429, 429],
      );
      assert.ok(Number(statuses[3]!.retryAfter) >= 1);
      assert.equal((await read(other, '127.0.0.10')).status, 200);
    } finally {
      await t.sandbox.close();
    }
  });
});

describe('behind a proxy', () => {
  it('X-Forwarded-For names the client only when the proxy is trusted; a forged one changes nothing', async () => {
    const limits = { ...DEFAULTS, failedAuth: { burst: 2, perSecond: 0.01 } };
    const trusting = await startTestSandbox({ callerLimits: limits, trustedProxies: parseTrustedProxies('127.0.0.1') });
    const plain = await startTestSandbox({ callerLimits: limits });
    try {
      const bad = (base: string, forwardedFor: string) =>
        callFrom('127.0.0.1', base, 'GET', '/v1/transactions', {
          'X-API-Key': 'garbage',
          'X-Forwarded-For': forwardedFor,
        });
      // Trusted proxy: each forwarded client has its own bucket.
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        assert.equal((await bad(trusting.sandbox.apiUrl, client)).status, 401);
        assert.equal((await bad(trusting.sandbox.apiUrl, client)).status, 401);
        assert.equal((await bad(trusting.sandbox.apiUrl, client)).status, 429);
      }
      // No trusted proxy: the header is ignored, every request is the socket's address.
      const statuses = [];
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        statuses.push((await bad(plain.sandbox.apiUrl, client)).status);
      assert.deepEqual(statuses, [401, 401, 429]);
    } finally {
      await trusting.sandbox.close();
      await plain.sandbox.close();
    }
  });
});

test('no sequence of publishable-key or failed calls changes what a secret key may do', () => {
  const call = fc.oneof(
    fc.record({
      kind: fc.constant('publishable' as const),
      address: fc.constantFrom('a', 'b', 'c'),
      session: fc.option(fc.constantFrom('s1', 's2'), { nil: null }),
    }),
    fc.record({ kind: fc.constant('failed' as const), address: fc.constantFrom('a', 'b', 'c') }),
    fc.record({
      kind: fc.constant('secret' as const),
      account: fc.constantFrom('acc_1', 'acc_2'),
      environment: fc.constantFrom('test', 'live'),
    }),
    fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5000 }) }),
  );
  fc.assert(
    fc.property(fc.array(call, { maxLength: 400 }), (calls) => {
      let now = 0;
      const clock = () => now;
      const small = {
        secret: { burst: 5, perSecond: 1 },
        publishableAddress: { burst: 3, perSecond: 1 },
        publishableSession: { burst: 2, perSecond: 1 },
        failedAuth: { burst: 2, perSecond: 0.5 },
      };
      const everything = new CallerLimits(small, clock);
      const secretOnly = new CallerLimits(small, clock);
      for (const c of calls) {
        if (c.kind === 'wait') now += c.ms;
        else if (c.kind === 'publishable') {
          everything.publishable(c.address);
          if (c.session) everything.publishableSession(c.session);
        } else if (c.kind === 'failed') everything.failedAuth(c.address);
        else assert.deepEqual(everything.secret(c.account, c.environment), secretOnly.secret(c.account, c.environment));
      }
    }),
  );
});

test('over HTTP: no sequence of publishable-key or failed calls changes what the merchant’s secret-key calls get', async () => {
  const call = fc.oneof(
    fc.record({
      kind: fc.constant('publishable' as const),
      from: fc.constantFrom('127.0.0.21', '127.0.0.22'),
      path: fc.constantFrom('read', 'quote', 'unknown'),
    }),
    fc.record({
      kind: fc.constant('failed' as const),
      from: fc.constantFrom('127.0.0.21', '127.0.0.22'),
      key: fc.constantFrom('garbage', 'onramp_test_sk_notarealkeynotarealkey00', ''),
    }),
    fc.record({ kind: fc.constant('secret' as const), path: fc.constantFrom('create', 'list') }),
    fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 3000 }) }),
  );
  const small = {
    publishableAddress: { burst: 3, perSecond: 1 },
    publishableSession: { burst: 2, perSecond: 1 },
    failedAuth: { burst: 2, perSecond: 0.5 },
  };
  await fc.assert(
    fc.asyncProperty(fc.array(call, { maxLength: 30 }), async (calls) => {
      // Twins on one simulated clock: one gets every call, the other the merchant's alone.
      let now = 0;
      const options = { rateLimit: { burst: 4, perSecond: 1 }, callerLimits: small, rateLimitClock: () => now };
      const [everything, secretOnly] = [await startTestSandbox(options), await startTestSandbox(options)];
      try {
        const session = (await everything.call('POST', '/v1/onramp', { body: sessionBody() })).json as {
          data: { session_id: string; client_secret: string };
        };
        await secretOnly.call('POST', '/v1/onramp', { body: sessionBody() });
        for (const c of calls) {
          if (c.kind === 'wait') now += c.ms;
          else if (c.kind === 'publishable') {
            const { publishable } = everything.keys.test;
            const headers = { 'X-API-Key': publishable, 'X-Client-Secret': session.data.client_secret };
            if (c.path === 'quote')
              await callFrom(c.from, everything.sandbox.apiUrl, 'POST', '/v1/onramp/quote', headers, {
                fiat_amount: 5000,
                fiat_currency: 'USD',
                crypto_currency: 'ETH',
              });
            else
              await callFrom(
                c.from,
                everything.sandbox.apiUrl,
                'GET',
                `/v1/onramp?session_id=${c.path === 'read' ? session.data.session_id : 'ors_unknown'}`,
                headers,
              );
          } else if (c.kind === 'failed') {
            await callFrom(
              c.from,
              everything.sandbox.apiUrl,
              'GET',
              '/v1/transactions',
              c.key ? { 'X-API-Key': c.key } : {},
            );
          } else {
            const [method, path, body] =
              c.path === 'create'
                ? (['POST', '/v1/onramp', sessionBody()] as const)
                : (['GET', '/v1/transactions', undefined] as const);
            const [a, b] = [
              await everything.call(method, path, body ? { body } : {}),
              await secretOnly.call(method, path, body ? { body } : {}),
            ];
            assert.equal(a.status, b.status, `${method} ${path}: ${a.text}`);
          }
        }
      } finally {
        await everything.close();
        await secretOnly.close();
      }
    }),
    { numRuns: 20 },
  );
});
