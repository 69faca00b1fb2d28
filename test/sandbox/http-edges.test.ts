/** Envelope on every error, unknown routes, 405, bad bodies, 413, 500, CORS, rate limits, malformed input. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdApiKeySchema } from '../../src/contract/write/api-key.js';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { errorEnvelopeSchema } from '../../src/contract/write/envelope.js';
import * as z from 'zod/mini';
import { type TestSandbox, call, expectData, expectError, sessionBody, startTestSandbox } from './helpers.js';

let t: TestSandbox;
let boom = false;
before(async () => {
  t = await startTestSandbox({
    now: () => {
      if (boom) throw new Error('clock exploded (test)');
      return Date.now();
    },
  });
});
after(() => t.close());

describe('error envelope', () => {
  it('answers unknown routes with 404 NOT_FOUND, with or without a key', async () => {
    for (const path of [
      '/',
      '/v2/onramp',
      '/v1',
      '/v1/onramps',
      '/v1/webhook',
      '/v1/webhooks/we_x/nope',
      '/v1/onramp/',
      '/v1/keys/a/b',
      '/%E0%A4%A',
    ]) {
      const reply = await t.call('GET', path.replace(/^\/$/, '/nothing'), { key: null });
      expectError(reply, 404, 'NOT_FOUND');
    }
    expectError(await t.call('POST', '/v1/nothing', { rawBody: '{bad' }), 404, 'NOT_FOUND');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v1/onramp', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/v1/onramp/quote', 'POST, OPTIONS'],
      ['GET', '/v1/onramp/quote', 'POST, OPTIONS'],
      ['POST', '/v1/transactions', 'GET, HEAD'],
      ['PATCH', '/v1/transactions/txn_1', 'GET, HEAD'],
      ['PUT', '/v1/keys', 'GET, HEAD, POST'],
      ['GET', '/v1/keys/key_1', 'DELETE'],
      ['GET', '/v1/test_helpers/onramp/advance', 'POST'],
      ['OPTIONS', '/v1/keys', 'GET, HEAD, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await t.call(method, path);
      expectError(reply, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(reply.headers.get('Allow'), allow, `${method} ${path}`);
    }
  });

  it('answers bad JSON, empty and non-object bodies', async () => {
    for (const path of ['/v1/onramp', '/v1/onramp/quote', '/v1/keys', '/v1/test_helpers/onramp/advance']) {
      expectError(await t.call('POST', path, { rawBody: '{"a":' }), 400, 'INVALID_JSON');
      expectError(await t.call('POST', path, { rawBody: '' }), 400, 'INVALID_JSON');
      expectError(await t.call('POST', path, { rawBody: 'null' }), 400, 'VALIDATION_ERROR');
      expectError(await t.call('POST', path, { rawBody: '[1,2]' }), 400, 'VALIDATION_ERROR');
      expectError(await t.call('POST', path, { rawBody: '"text"' }), 400, 'VALIDATION_ERROR');
    }
  });

  it('answers bodies over 64 KiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify(sessionBody({ metadata: { note: 'x'.repeat(70 * 1024) } }));
    expectError(await t.call('POST', '/v1/onramp', { rawBody: big }), 413, 'PAYLOAD_TOO_LARGE');
    // Also when streamed without a Content-Length.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(`${t.sandbox.apiUrl}/v1/onramp`, {
      method: 'POST',
      headers: { 'X-API-Key': t.keys.test.secret },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an internal failure with 500 INTERNAL_ERROR and no stack trace', async () => {
    boom = true;
    try {
      const reply = await t.call('GET', '/v1/transactions');
      expectError(reply, 500, 'INTERNAL_ERROR');
      assert.doesNotMatch(reply.text, /exploded|at .*\.ts/);
    } finally {
      boom = false;
    }
  });

  it('never answers malformed input with a 500 or HTML', async () => {
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      'x',
      '',
      ' ',
      [],
      {},
      [1],
      { a: 1 },
      '0x' + 'g'.repeat(40),
      'ETH',
      'ethereum',
      '\u0000',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    ];
    const fields: Record<string, string[]> = {
      '/v1/onramp': [
        'wallet_address',
        'crypto_currency',
        'fiat_amount',
        'fiat_currency',
        'network',
        'customer_email',
        'metadata',
        'return_url',
      ],
      '/v1/onramp/quote': ['fiat_amount', 'fiat_currency', 'crypto_currency', 'network'],
      '/v1/keys': ['name', 'environment', 'permissions', 'type'],
      '/v1/test_helpers/onramp/advance': ['session_id', 'to'],
    };
    const base: Record<string, Record<string, unknown>> = {
      '/v1/onramp': sessionBody(),
      '/v1/onramp/quote': { fiat_amount: 2000, fiat_currency: 'USD', crypto_currency: 'ETH' },
      '/v1/keys': { name: 'n', environment: 'test' },
      '/v1/test_helpers/onramp/advance': { session_id: `ors_${'A'.repeat(24)}`, to: 'failed' },
    };
    for (const [path, names] of Object.entries(fields)) {
      for (const name of names) {
        for (const value of values) {
          const reply = await t.call('POST', path, { body: { ...base[path], [name]: value } });
          assert.ok(reply.status < 500, `${path} ${name}=${JSON.stringify(value)} -> ${reply.status} ${reply.text}`);
          assert.match(reply.headers.get('Content-Type') ?? '', /^application\/json/);
          if (reply.status >= 400) assert.ok(z.safeParse(errorEnvelopeSchema, reply.json).success, reply.text);
        }
      }
    }
    for (const query of [
      '?page=%00',
      '?limit=1e2',
      '?from=%',
      '?status[]=x',
      '?page=99999999999',
      '?wallet_address=' + 'a'.repeat(5000),
    ]) {
      const reply = await t.call('GET', `/v1/transactions${query}`);
      assert.ok(reply.status === 200 || reply.status === 400, `${query} -> ${reply.status}`);
      assert.match(reply.headers.get('Content-Type') ?? '', /^application\/json/);
    }
    for (const id of ['%', 'ors_%00', 'a'.repeat(3000)]) {
      const reply = await t.call('GET', `/v1/onramp?session_id=${id}`);
      assert.ok(reply.status === 400 || reply.status === 404, `${id} -> ${reply.status}`);
    }
  });
});

describe('CORS', () => {
  const origin = 'https://merchant.example';

  it('answers preflight on the two browser endpoints only', async () => {
    for (const [path, methods] of [
      ['/v1/onramp', 'GET'],
      ['/v1/onramp/quote', 'POST'],
    ] as const) {
      const reply = await call(t.sandbox.apiUrl, 'OPTIONS', path, {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': methods,
          'Access-Control-Request-Headers': 'x-api-key, x-client-secret',
        },
      });
      assert.equal(reply.status, 204);
      assert.equal(reply.headers.get('Access-Control-Allow-Origin'), origin);
      assert.equal(reply.headers.get('Access-Control-Allow-Methods'), methods);
      assert.equal(
        reply.headers.get('Access-Control-Allow-Headers'),
        'X-API-Key, X-Client-Secret, Content-Type, Idempotency-Key',
      );
      // As long as browsers honour (Chromium caps at 7200 s): one preflight per widget, not per read.
      assert.equal(reply.headers.get('Access-Control-Max-Age'), '7200');
      assert.match(reply.headers.get('Request-Id') ?? '', /^req_/);
    }
    for (const path of ['/v1/transactions', '/v1/keys', '/v1/test_helpers/onramp/advance']) {
      const reply = await call(t.sandbox.apiUrl, 'OPTIONS', path, {
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
      assert.equal(reply.headers.get('Access-Control-Allow-Origin'), null, path);
      assert.notEqual(reply.status, 204);
    }
  });

  it('adds CORS headers for publishable keys, never for secret keys or other paths', async () => {
    const created = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody(), headers: { Origin: origin } }),
      createdSessionSchema,
      201,
    );
    const headers = { Origin: origin, 'X-Client-Secret': created.client_secret };
    const viaPk = await t.call('GET', `/v1/onramp?session_id=${created.session_id}`, {
      key: t.keys.test.publishable,
      headers,
    });
    assert.equal(viaPk.status, 200);
    assert.equal(viaPk.headers.get('Access-Control-Allow-Origin'), origin);
    assert.equal(viaPk.headers.get('Access-Control-Expose-Headers'), 'Date, Request-Id, Retry-After');
    const quote = await t.call('POST', '/v1/onramp/quote', {
      key: t.keys.test.publishable,
      headers: { Origin: origin },
      body: { fiat_amount: 2000, fiat_currency: 'USD', crypto_currency: 'ETH' },
    });
    assert.equal(quote.headers.get('Access-Control-Allow-Origin'), origin);
    // Errors on those endpoints are readable too (a wrong client secret, a bad body).
    const denied = await t.call('GET', `/v1/onramp?session_id=${created.session_id}`, {
      key: t.keys.test.publishable,
      headers: { Origin: origin },
    });
    assert.equal(denied.status, 404);
    assert.equal(denied.headers.get('Access-Control-Allow-Origin'), origin);

    const viaSk = await t.call('GET', `/v1/onramp?session_id=${created.session_id}`, { headers: { Origin: origin } });
    assert.equal(viaSk.status, 200);
    assert.equal(viaSk.headers.get('Access-Control-Allow-Origin'), null);
    const quoteSk = await t.call('POST', '/v1/onramp/quote', {
      headers: { Origin: origin },
      body: { fiat_amount: 2000, fiat_currency: 'USD', crypto_currency: 'ETH' },
    });
    assert.equal(quoteSk.headers.get('Access-Control-Allow-Origin'), null);
    for (const [method, path] of [
      ['POST', '/v1/onramp'],
      ['GET', '/v1/transactions'],
      ['GET', '/v1/keys'],
      ['GET', '/nothing'],
    ] as const) {
      const reply = await t.call(method, path, {
        key: t.keys.test.publishable,
        headers: { Origin: origin },
        ...(method === 'POST' ? { body: sessionBody() } : {}),
      });
      assert.equal(reply.headers.get('Access-Control-Allow-Origin'), null, `${method} ${path}`);
      assert.equal(reply.headers.get('Access-Control-Expose-Headers'), null);
    }
  });

  it('sends Request-Id on every response, success included', async () => {
    const ok = await t.call('GET', '/health', { key: null });
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get('Request-Id') ?? '', /^req_[A-Za-z0-9]{24}$/);
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an account and environment empty their bucket; minting keys buys nothing', async () => {
    const small = await startTestSandbox({
      rateLimit: { burst: 4, perSecond: 0.5 },
      callerLimits: { publishableAddress: { burst: 1, perSecond: 0.01 } },
    });
    try {
      // One test bucket of 4: minting a second test key costs one, and the new key draws on the same bucket.
      const minted = expectData(
        await small.call('POST', '/v1/keys', { body: { name: 'second', environment: 'test' } }),
        createdApiKeySchema,
        201,
      );
      assert.equal((await small.call('GET', '/v1/transactions')).status, 200);
      assert.equal((await small.call('GET', '/v1/transactions', { key: minted.key })).status, 200);
      assert.equal((await small.call('GET', '/v1/transactions', { key: minted.key })).status, 200);
      const limited = await small.call('GET', '/v1/transactions', { key: minted.key });
      expectError(limited, 429, 'RATE_LIMITED');
      assert.equal(limited.headers.get('Retry-After'), '2');
      expectError(await small.call('GET', '/v1/transactions'), 429, 'RATE_LIMITED');
      // The publishable key draws from buckets of its own (per address and session): still answered. Live keys have their own bucket too.
      expectError(
        await small.call('POST', '/v1/onramp/quote', { key: small.keys.test.publishable, body: {} }),
        400,
        'VALIDATION_ERROR',
      );
      assert.equal((await small.call('GET', '/v1/transactions', { key: small.keys.live.secret })).status, 200);
      // Its address's bucket (of 1 here) is now empty: a publishable key's limited answer on a CORS endpoint lets the page read Retry-After.
      const pk = await small.call('POST', '/v1/onramp/quote', {
        key: small.keys.test.publishable,
        body: {},
        headers: { Origin: 'https://m.example' },
      });
      expectError(pk, 429, 'RATE_LIMITED');
      assert.match(pk.headers.get('Access-Control-Expose-Headers') ?? '', /Retry-After/);
    } finally {
      await small.close();
    }
  });
});
