/**
 * `onramp-checkout/server` against a running sandbox: every operation, every error status the API
 * answers (as one typed error), retries (a 429 obeying Retry-After, a 503, a dropped connection), the
 * timeout, an Idempotency-Key on every POST, and the key kept out of every message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OnrampApiError, type OnrampClient, createOnrampClient } from '../../src/server-client/index.js';
import { WALLET, WALLET_2, type TestSandbox, startTestSandbox } from './helpers.js';

let t: TestSandbox;
let onramp: OnrampClient;

before(async () => {
  t = await startTestSandbox();
  onramp = createOnrampClient({ apiKey: t.keys.test.secret, baseUrl: t.sandbox.apiUrl });
});
after(() => t.close());

/** A fetch that records each request's method and headers before passing it on. */
function recordingFetch(log: { method: string; headers: Headers }[]): typeof fetch {
  return (input, init) => {
    log.push({ method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
}

async function rejection(promise: Promise<unknown>): Promise<OnrampApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OnrampApiError, `an OnrampApiError, not ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('onramp-checkout/server', () => {
  test('refuses a publishable or malformed key before any request, without quoting it', () => {
    let requests = 0;
    const counting: typeof fetch = () => {
      requests += 1;
      return Promise.reject(new Error('no request expected'));
    };
    for (const apiKey of [t.keys.test.publishable, 'not-a-key', '']) {
      assert.throws(
        () => createOnrampClient({ apiKey, baseUrl: t.sandbox.apiUrl, fetch: counting }),
        (error: unknown) => error instanceof TypeError && (apiKey === '' || !error.message.includes(apiKey)),
      );
    }
    assert.equal(requests, 0);
  });

  test('sessions, quotes and the test helper: create, retrieve, advance', async () => {
    const created = await onramp.sessions.create({
      crypto_currency: 'ETH',
      fiat_currency: 'USD',
      wallet_address: WALLET,
      fiat_amount: 10000,
      metadata: { order: '42' },
    });
    assert.ok(created.client_secret.startsWith(`${created.session_id}_secret_`));
    const status = await onramp.sessions.retrieve(created.session_id);
    assert.equal(status.status, 'pending');
    assert.deepEqual(status.metadata, { order: '42' });
    const quote = await onramp.quotes.create({ fiat_amount: 5000, fiat_currency: 'EUR', crypto_currency: 'USDC' });
    assert.equal(quote.crypto_currency, 'USDC');
    const advanced = await onramp.testHelpers.advance({ session_id: created.session_id, to: 'processing' });
    assert.equal(advanced.status, 'processing');
  });

  test('transactions: a page, one by id, and every page through the async iterator', async () => {
    for (let i = 0; i < 5; i += 1)
      await onramp.sessions.create({
        wallet_address: WALLET_2,
        crypto_currency: 'USDC',
        fiat_amount: 2000 + i,
        fiat_currency: 'GBP',
      });
    const page = await onramp.transactions.list({ wallet_address: WALLET_2, limit: 2 });
    assert.equal(page.transactions.length, 2);
    assert.equal(page.pagination.total, 5);
    const first = page.transactions[0];
    assert.ok(first);
    assert.equal((await onramp.transactions.retrieve(first.id)).id, first.id);
    const all = [];
    for await (const transaction of onramp.transactions.iterate({ wallet_address: WALLET_2, limit: 2 }))
      all.push(transaction.id);
    assert.equal(all.length, 5);
    assert.equal(new Set(all).size, 5);
  });

  test('keys and webhook endpoints: create, list, deliveries, revoke and delete', async () => {
    // The first-start test secret key holds every permission.
    const admin = onramp;
    const key = await admin.keys.create({ name: 'reports', environment: 'test', permissions: ['transactions:read'] });
    assert.match(key.key, /_test_sk_/);
    assert.ok((await admin.keys.list()).some((listed) => listed.id === key.id));
    const reports = createOnrampClient({ apiKey: key.key, baseUrl: t.sandbox.apiUrl });
    await reports.transactions.list();
    await admin.keys.revoke(key.id);
    const revoked = await rejection(reports.transactions.list());
    assert.deepEqual([revoked.status, revoked.code], [401, 'INVALID_API_KEY']);

    const endpoint = await admin.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hooks', events: ['*'] });
    assert.match(endpoint.secret, /^whsec_/);
    assert.ok((await admin.webhookEndpoints.list()).some((listed) => listed.id === endpoint.id));
    assert.deepEqual(await admin.webhookEndpoints.deliveries(endpoint.id, { limit: 5 }), []);
    assert.deepEqual(await admin.webhookEndpoints.delete(endpoint.id), { id: endpoint.id, deleted: true });
  });

  test('every error status arrives as one typed error: code, status, requestId, param', async () => {
    const invalid = await rejection(
      onramp.sessions.create({ wallet_address: WALLET, crypto_currency: 'ETH', fiat_amount: 5, fiat_currency: 'USD' }),
    );
    assert.deepEqual([invalid.status, invalid.code, invalid.param], [400, 'AMOUNT_OUT_OF_RANGE', 'fiat_amount']);
    assert.match(invalid.requestId ?? '', /^req_/);

    const readOnly = await onramp.keys.create({ name: 'read only', environment: 'test', permissions: ['onramp:read'] });
    const forbidden = await rejection(
      createOnrampClient({ apiKey: readOnly.key, baseUrl: t.sandbox.apiUrl }).keys.list(),
    );
    assert.deepEqual([forbidden.status, forbidden.code], [403, 'INSUFFICIENT_PERMISSIONS']);

    const missing = await rejection(onramp.sessions.retrieve('ors_doesNotExist1'));
    assert.deepEqual([missing.status, missing.code, missing.param], [404, 'NOT_FOUND', 'session_id']);

    const idempotencyKey = `order-${Date.now()}`;
    const once = await onramp.sessions.create(
      { wallet_address: WALLET, crypto_currency: 'ETH', fiat_amount: 10000, fiat_currency: 'USD' },
      { idempotencyKey },
    );
    const replay = await onramp.sessions.create(
      { wallet_address: WALLET, crypto_currency: 'ETH', fiat_amount: 10000, fiat_currency: 'USD' },
      { idempotencyKey },
    );
    assert.equal(replay.session_id, once.session_id, 'the same Idempotency-Key replays the first creation');
    const conflict = await rejection(
      onramp.sessions.create(
        { wallet_address: WALLET, crypto_currency: 'ETH', fiat_amount: 20000, fiat_currency: 'USD' },
        { idempotencyKey },
      ),
    );
    assert.deepEqual([conflict.status, conflict.code], [409, 'IDEMPOTENCY_CONFLICT']);

    const tooLarge = await rejection(
      onramp.sessions.create({
        wallet_address: WALLET,
        crypto_currency: 'ETH',
        fiat_amount: 10000,
        fiat_currency: 'USD',
        customer_email: 'x'.repeat(70_000),
      }),
    );
    assert.deepEqual([tooLarge.status, tooLarge.code], [413, 'PAYLOAD_TOO_LARGE']);

    for (const error of [invalid, forbidden, missing, conflict, tooLarge])
      assert.ok(!`${error.message} ${error.stack}`.includes(t.keys.test.secret), 'no key in a message');
  });

  test('sends an Idempotency-Key on every POST, generated unless given, the same on each retry', async () => {
    const log: { method: string; headers: Headers }[] = [];
    let failOnce = true;
    const flaky: typeof fetch = (input, init) => {
      const recorded = recordingFetch(log)(input, init);
      if (failOnce && init?.method === 'POST') {
        failOnce = false;
        return recorded.then(() => new Response('upstream down', { status: 503 }));
      }
      return recorded;
    };
    const client = createOnrampClient({ apiKey: t.keys.test.secret, baseUrl: t.sandbox.apiUrl, fetch: flaky });
    await client.quotes.create({ fiat_amount: 5000, fiat_currency: 'USD', crypto_currency: 'ETH' });
    await client.sessions.retrieve(
      (
        await onramp.sessions.create({
          wallet_address: WALLET,
          crypto_currency: 'ETH',
          fiat_amount: 10000,
          fiat_currency: 'USD',
        })
      ).session_id,
    );
    const posts = log.filter((entry) => entry.method === 'POST');
    assert.equal(posts.length, 2, 'the 503 was retried once');
    const keys = posts.map((entry) => entry.headers.get('Idempotency-Key'));
    assert.ok(keys[0] && keys[0] === keys[1], 'one generated key for both attempts');
    assert.equal(log.find((entry) => entry.method === 'GET')?.headers.get('Idempotency-Key'), null);
  });

  test('sends the headers it was given on every request, beneath its own, which it refuses to take', async () => {
    const log: { method: string; headers: Headers }[] = [];
    const headers = { 'X-Forwarded-For': '203.0.113.7', 'X-Trace': 'order-42' };
    const client = createOnrampClient({
      apiKey: t.keys.test.secret,
      baseUrl: t.sandbox.apiUrl,
      headers,
      fetch: recordingFetch(log),
    });
    const created = await client.sessions.create({
      wallet_address: WALLET,
      crypto_currency: 'ETH',
      fiat_amount: 10000,
      fiat_currency: 'USD',
    });
    await client.sessions.retrieve(created.session_id);
    await client.keys.list();
    assert.equal(log.length, 3);
    for (const entry of log) {
      assert.equal(entry.headers.get('X-Forwarded-For'), '203.0.113.7');
      assert.equal(entry.headers.get('X-Trace'), 'order-42');
      assert.equal(entry.headers.get('X-API-Key'), t.keys.test.secret);
    }
    assert.equal(headers['X-Trace'], 'order-42', "the caller's object is left as it was");

    let requests = 0;
    const counting: typeof fetch = () => {
      requests += 1;
      return Promise.reject(new Error('no request expected'));
    };
    const refused: Record<string, string>[] = [
      { 'x-api-key': t.keys.test.secret },
      { 'Idempotency-Key': 'mine' },
      { 'Content-Type': 'text/plain' },
      { Accept: 'text/html' },
    ];
    for (const own of refused) {
      assert.throws(
        () =>
          createOnrampClient({ apiKey: t.keys.test.secret, baseUrl: t.sandbox.apiUrl, headers: own, fetch: counting }),
        (error: unknown) =>
          error instanceof TypeError &&
          /sets [\w-]+ itself/.test(error.message) &&
          !error.message.includes(t.keys.test.secret),
      );
    }
    assert.throws(
      () =>
        createOnrampClient({
          apiKey: t.keys.test.secret,
          baseUrl: t.sandbox.apiUrl,
          headers: { 'X-Bad': 'line\nbreak' },
          fetch: counting,
        }),
      TypeError,
    );
    assert.equal(requests, 0);
  });

  test('retries a dropped connection, and gives up with NETWORK_ERROR or TIMEOUT after its attempts', async () => {
    let drops = 1;
    const dropping: typeof fetch = (input, init) =>
      drops-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const retrying = createOnrampClient({ apiKey: t.keys.test.secret, baseUrl: t.sandbox.apiUrl, fetch: dropping });
    assert.ok(Array.isArray((await retrying.transactions.list()).transactions));

    const down = createOnrampClient({
      apiKey: t.keys.test.secret,
      baseUrl: t.sandbox.apiUrl,
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const network = await rejection(down.transactions.list());
    assert.deepEqual([network.code, network.status], ['NETWORK_ERROR', 0]);

    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      );
    const slow = createOnrampClient({
      apiKey: t.keys.test.secret,
      baseUrl: t.sandbox.apiUrl,
      maxRetries: 1,
      timeoutMs: 50,
      fetch: hanging,
    });
    const timeout = await rejection(slow.sessions.retrieve('ors_abc'));
    assert.deepEqual([timeout.code, timeout.status], ['TIMEOUT', 0]);
  });
});

describe('onramp-checkout/server and the rate limit', () => {
  let limited: TestSandbox;
  before(async () => {
    limited = await startTestSandbox({ rateLimit: { burst: 2, perSecond: 1 } });
  });
  after(() => limited.close());

  test('a 429 is RATE_LIMITED with Retry-After; with retries the call waits that long and succeeds', async () => {
    const noRetry = createOnrampClient({
      apiKey: limited.keys.test.secret,
      baseUrl: limited.sandbox.apiUrl,
      maxRetries: 0,
    });
    let refused: OnrampApiError | undefined;
    for (let i = 0; i < 5 && !refused; i += 1)
      refused = await noRetry.transactions.list().then(
        () => undefined,
        (error: unknown) => error as OnrampApiError,
      );
    assert.ok(refused);
    assert.deepEqual([refused.status, refused.code], [429, 'RATE_LIMITED']);
    assert.ok(refused.retryAfter !== undefined && refused.retryAfter >= 1);

    const statuses: number[] = [];
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const patient = createOnrampClient({
      apiKey: limited.keys.test.secret,
      baseUrl: limited.sandbox.apiUrl,
      maxRetries: 3,
      fetch: watching,
    });
    await patient.transactions.list();
    assert.equal(statuses[0], 429, 'the first attempt met the limit');
    assert.equal(statuses.at(-1), 200, 'a retry after Retry-After succeeded');
  });
});
