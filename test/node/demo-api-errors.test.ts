/**
 * The demo server calls the API through `onramp-checkout/server`; what its pages get back is what the
 * API answered: each of the API's refusals as the API's own envelope (status, code, message, param,
 * request id in the body and in `Request-Id`; `Retry-After` on a 429), the console's creations as
 * 201 and their full envelopes. Compared with the API's own answer to the same request.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';
import type { StartSandboxOptions } from '../../demo/onramp-api/index.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: {
    success: boolean;
    data?: Record<string, unknown>;
    error?: { code: string; message: string; param?: string; request_id: string };
  };
}

/** A request as the demo's own page sends it (its Origin, JSON), or one straight to the API with the secret key. */
function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Raw> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { ...headers, ...(data === undefined ? {} : { 'Content-Type': 'application/json' }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) as Raw['json'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const ORDER = {
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  crypto_currency: 'ETH',
  fiat_amount: 5000,
  fiat_currency: 'USD',
};

function startLocalDemo(sandbox: StartSandboxOptions = {}) {
  return startDemo({
    port: 0,
    sandbox: { port: 0, checkoutPort: 0, db: ':memory:', keysFile: null, log: () => {}, ...sandbox },
  });
}

/** The demo's answer carries the API's error as the API gave it; its request id is the API's, in the body and the header. */
function assertSameError(fromDemo: Raw, fromApi: Raw): void {
  assert.equal(fromDemo.status, fromApi.status);
  const { request_id: demoId, ...demoError } = fromDemo.json.error ?? assert.fail('an error envelope from the demo');
  const { request_id: _apiId, ...apiError } = fromApi.json.error ?? assert.fail('an error envelope from the API');
  assert.deepEqual(demoError, apiError);
  assert.equal(fromDemo.json.success, false);
  assert.match(demoId, /^req_\w+$/);
  assert.equal(fromDemo.headers['request-id'], demoId);
  assert.equal(fromDemo.headers['cache-control'], 'no-store');
}

describe('the demo server relays the API through the server client', () => {
  let demo: DemoHandle;
  let page: (method: string, path: string, body?: unknown) => Promise<Raw>;
  let api: (method: string, path: string, body?: unknown) => Promise<Raw>;
  before(async () => {
    demo = await startLocalDemo();
    const own = new URL(demo.url);
    // Every state change is JSON from the page's own origin (console-guard.ts), a DELETE too.
    page = (method, path, body) =>
      send(
        `${demo.url}${path}`,
        method,
        method === 'GET' ? {} : { Origin: own.origin, 'Content-Type': 'application/json' },
        body,
      );
    api = (method, path, body) =>
      send(`${demo.sandbox.apiUrl}${path}`, method, { 'X-API-Key': demo.sandbox.keys!.test.secret }, body);
  });
  after(() => demo.close());

  it("the shop's session route: an order the API refuses comes back as the API's error, param included", async () => {
    const tooSmall = { ...ORDER, fiat_amount: 5 };
    const fromDemo = await page('POST', '/api/sessions', tooSmall);
    assertSameError(fromDemo, await api('POST', '/v1/onramp', tooSmall));
    assert.deepEqual([fromDemo.json.error?.code, fromDemo.json.error?.param], ['AMOUNT_OUT_OF_RANGE', 'fiat_amount']);
    const badWallet = await page('POST', '/api/sessions', { ...ORDER, wallet_address: 'nope' });
    assertSameError(badWallet, await api('POST', '/v1/onramp', { ...ORDER, wallet_address: 'nope' }));
  });

  it("the console: creations are 201 with the API's data; refusals are the API's errors", async () => {
    const key = await page('POST', '/api/console/keys', {
      name: 'reports',
      environment: 'test',
      permissions: ['transactions:read'],
    });
    assert.equal(key.status, 201);
    assert.equal(key.json.success, true);
    assert.match(String(key.json.data?.key), /_test_sk_/);
    const revoked = await page('DELETE', `/api/console/keys/${String(key.json.data?.id)}`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.json.success, true);

    const badKey = { name: 'x', environment: 'test', permissions: ['everything'] };
    assertSameError(await page('POST', '/api/console/keys', badKey), await api('POST', '/v1/keys', badKey));
    const badHook = { url: 'ftp://example.com/hook', events: ['*'] };
    assertSameError(await page('POST', '/api/console/webhooks', badHook), await api('POST', '/v1/webhooks', badHook));
    assertSameError(
      await page('DELETE', '/api/console/keys/key_doesNotExist'),
      await api('DELETE', '/v1/keys/key_doesNotExist'),
    );
    assertSameError(
      await page('DELETE', '/api/console/webhooks/we_doesNotExist'),
      await api('DELETE', '/v1/webhooks/we_doesNotExist'),
    );
    assertSameError(
      await page('GET', '/api/console/transactions/txn_doesNotExist'),
      await api('GET', '/v1/transactions/txn_doesNotExist'),
    );
  });

  it('the console: one transaction and a page of them are the API answers', async () => {
    assert.equal((await page('POST', '/api/sessions', ORDER)).status, 200);
    const list = await page('GET', '/api/console/transactions?limit=5');
    assert.deepEqual(list.json, (await api('GET', '/v1/transactions?limit=5')).json);
    const [first] = (list.json.data?.transactions ?? []) as { id: string }[];
    assert.ok(first);
    assert.deepEqual(
      (await page('GET', `/api/console/transactions/${first.id}`)).json,
      (await api('GET', `/v1/transactions/${first.id}`)).json,
    );
  });
});

describe('the demo server over the API rate limit', () => {
  let demo: DemoHandle;
  before(async () => {
    // A frozen clock: the secret key's bucket never refills. Starting the demo registers its webhook (two calls).
    demo = await startLocalDemo({ rateLimit: { burst: 3, perSecond: 1 }, rateLimitClock: () => 0 });
  });
  after(() => demo.close());

  it("passes the API's 429 on at once, with its Retry-After", async () => {
    const keys = () => send(`${demo.url}/api/console/keys`, 'GET', {});
    assert.equal((await keys()).status, 200);
    const limited = await keys();
    assert.equal(limited.status, 429);
    assert.equal(limited.json.error?.code, 'RATE_LIMITED');
    assert.match(limited.json.error?.request_id ?? '', /^req_\w+$/);
    assert.ok(Number(limited.headers['retry-after']) >= 1, 'Retry-After passed on');
  });
});
