/**
 * `createOrderHandler` (onramp-checkout/server) against a real sandbox started in this process: the
 * buyer's order becomes a session; the merchant's bounds, pairs, other sites, a flood and bad
 * bodies are refused before the API is asked; a retry with the same Idempotency-Key is the same
 * session. Requests are built as the widget sends them (`Origin`, JSON, `Idempotency-Key`).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  createOrderHandler,
  OrderRefusedError,
  toNodeListener,
  type OrderHandler,
  type OrderHandlerOptions,
} from '../../src/server-client/index.js';
import { type TestSandbox, WALLET, WALLET_2, startTestSandbox } from '../sandbox/helpers.js';

const SHOP = 'https://shop.example';
const ORDER = {
  fiat_amount: 5000,
  fiat_currency: 'USD',
  crypto_currency: 'USDC',
  network: 'polygon',
  wallet_address: WALLET,
};

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.close());

const errors: unknown[] = [];
/** Orders these tests send without an address share one bucket: roomy here, the attacks' file tests its bound. */
const ROOMY = { burst: 1000, perMinute: 1000 };
function handlerWith(options: Partial<OrderHandlerOptions> = {}): OrderHandler {
  return createOrderHandler({
    secretKey: sandbox.keys.test.secret,
    apiBase: sandbox.sandbox.apiUrl,
    allowedOrigins: [SHOP],
    sharedLimit: ROOMY,
    ceiling: ROOMY,
    rules: {
      minFiatAmount: 2000,
      maxFiatAmount: 20000,
      cryptoCurrencies: ['USDC', 'ETH'],
      networks: ['polygon', 'base'],
    },
    onError: (error) => errors.push(error),
    ...options,
  });
}

function orderRequest(body: unknown, { origin = SHOP, headers = {}, method = 'POST', raw = false } = {}): Request {
  return new Request(`${SHOP}/api/order`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}), ...headers },
    ...(method === 'POST' ? { body: raw ? (body as string) : JSON.stringify(body) } : {}),
  });
}

/** What the handler and the sandbox answer, as far as these tests read it. */
interface Envelope {
  success: boolean;
  data: Record<string, unknown> & { session_id: string; client_secret: string; id: string; key: string };
  error: { code: string; param?: string; request_id: string };
}

async function read(response: Response) {
  return { status: response.status, headers: response.headers, json: (await response.json()) as Envelope };
}

async function expectError(response: Response, status: number, code: string, param?: string) {
  const { json } = await read(response);
  assert.equal(response.status, status, JSON.stringify(json));
  assert.equal(json.success, false);
  assert.equal(json.error.code, code);
  assert.match(json.error.request_id, /^req_/);
  if (param) assert.equal(json.error.param, param);
  return json;
}

describe('createOrderHandler', () => {
  test('creates a session for a valid order and answers the envelope with the order', async () => {
    const handler = handlerWith();
    const response = await handler(orderRequest(ORDER), { clientAddress: '203.0.113.1' });
    const { status, headers, json } = await read(response);
    assert.equal(status, 201, JSON.stringify(json));
    assert.equal(json.success, true);
    assert.match(json.data.session_id, /^ors_/);
    assert.ok(json.data.client_secret.startsWith(`${json.data.session_id}_secret_`));
    assert.deepEqual(
      { ...ORDER },
      Object.fromEntries(Object.keys(ORDER).map((key) => [key, json.data[key]])),
      'the order is answered with the session',
    );
    assert.equal(headers.get('Cache-Control'), 'no-store');
    assert.equal(headers.get('Access-Control-Allow-Origin'), null, 'no CORS for the own origin');
    // The session exists in the API, as ordered, and nothing of the secret key is in the answer.
    const status2 = await sandbox.call('GET', `/v1/onramp?session_id=${json.data.session_id}`);
    assert.equal(status2.status, 200);
    assert.equal((status2.json as Envelope).data.network, 'polygon');
    assert.equal(JSON.stringify(json).includes(sandbox.keys.test.secret), false);
    assert.equal(JSON.stringify(json).includes('_sk_'), false);
  });

  test('a retry with the same Idempotency-Key is the same session; another visitor with that key is not', async () => {
    const handler = handlerWith();
    const key = { 'Idempotency-Key': 'order-attempt-1' };
    const first = (await read(await handler(orderRequest(ORDER, { headers: key }), { clientAddress: '203.0.113.2' })))
      .json;
    const again = (await read(await handler(orderRequest(ORDER, { headers: key }), { clientAddress: '203.0.113.2' })))
      .json;
    assert.equal(again.data.session_id, first.data.session_id);
    assert.equal(again.data.client_secret, first.data.client_secret);
    const other = (await read(await handler(orderRequest(ORDER, { headers: key }), { clientAddress: '203.0.113.3' })))
      .json;
    assert.notEqual(other.data.session_id, first.data.session_id);
    // The same key with another order is a conflict, not a second session.
    await expectError(
      await handler(orderRequest({ ...ORDER, fiat_amount: 6000 }, { headers: key }), { clientAddress: '203.0.113.2' }),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    // Without a key each order is its own session.
    const a = (await read(await handler(orderRequest(ORDER), { clientAddress: '203.0.113.2' }))).json;
    const b = (await read(await handler(orderRequest(ORDER), { clientAddress: '203.0.113.2' }))).json;
    assert.notEqual(a.data.session_id, b.data.session_id);
  });

  test('refuses an amount outside the merchant’s bounds, and a disallowed asset, pair or currency', async () => {
    const handler = handlerWith();
    await expectError(
      await handler(orderRequest({ ...ORDER, fiat_amount: 1999 })),
      400,
      'AMOUNT_OUT_OF_RANGE',
      'fiat_amount',
    );
    await expectError(await handler(orderRequest({ ...ORDER, fiat_amount: 20001 })), 400, 'AMOUNT_OUT_OF_RANGE');
    await expectError(
      await handler(orderRequest({ ...ORDER, crypto_currency: 'ETH', network: 'polygon' })),
      400,
      'UNSUPPORTED_NETWORK',
      'network',
    );
    // The API delivers USDC on ethereum; this merchant does not.
    await expectError(await handler(orderRequest({ ...ORDER, network: 'ethereum' })), 400, 'UNSUPPORTED_NETWORK');
    await expectError(
      await handler(orderRequest({ ...ORDER, crypto_currency: 'USDT' })),
      400,
      'VALIDATION_ERROR',
      'crypto_currency',
    );
    // Without a network, the first the asset and the merchant share.
    const { json } = await read(await handler(orderRequest({ ...ORDER, crypto_currency: 'ETH', network: undefined })));
    assert.equal(json.data.network, 'base');
    assert.deepEqual(errors, [], 'nothing of this is the merchant’s failure');
  });

  test('refuses another site’s Origin, a cross-site fetch, a missing Origin and other methods', async () => {
    const handler = handlerWith();
    await expectError(
      await handler(orderRequest(ORDER, { origin: 'https://evil.example' })),
      403,
      'ORIGIN_NOT_ALLOWED',
    );
    await expectError(await handler(orderRequest(ORDER, { origin: 'null' })), 403, 'ORIGIN_NOT_ALLOWED');
    await expectError(await handler(orderRequest(ORDER, { origin: '' })), 403, 'ORIGIN_NOT_ALLOWED');
    await expectError(
      await handler(orderRequest(ORDER, { headers: { 'Sec-Fetch-Site': 'cross-site' } })),
      403,
      'ORIGIN_NOT_ALLOWED',
    );
    const get = await handler(orderRequest(ORDER, { method: 'GET' }));
    assert.equal(get.headers.get('Allow'), 'POST');
    await expectError(get, 405, 'METHOD_NOT_ALLOWED');
    // The listed origin is the shop whatever the framework's request.url says (behind a proxy that
    // ends TLS, or next start's localhost): the Origin decides, not the URL or the Host.
    const behindNext = await handler(
      new Request('http://localhost:3000/api/order', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SHOP, Host: 'shop.example' },
        body: JSON.stringify(ORDER),
      }),
    );
    assert.equal(behindNext.status, 201);
    assert.equal(behindNext.headers.get('Access-Control-Allow-Origin'), null, 'its own host: no CORS needed');
    // A missing Origin passes only when the merchant says so.
    const lenient = handlerWith({ allowMissingOrigin: true });
    assert.equal((await lenient(orderRequest(ORDER, { origin: '' }))).status, 201);
  });

  test('a listed origin of another site gets CORS for exactly that origin; the rest none', async () => {
    const handler = handlerWith({ allowedOrigins: ['https://www.shop.example'] });
    const preflight = await handler(orderRequest(null, { origin: 'https://www.shop.example', method: 'OPTIONS' }));
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), 'https://www.shop.example');
    const created = await handler(
      orderRequest(ORDER, { origin: 'https://www.shop.example', headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    );
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('Access-Control-Allow-Origin'), 'https://www.shop.example');
    const own = await handler(orderRequest(ORDER));
    await expectError(own, 403, 'ORIGIN_NOT_ALLOWED');
    assert.equal(own.headers.get('Access-Control-Allow-Origin'), null);
    assert.throws(() => handlerWith({ allowedOrigins: ['*'] }), /allowedOrigins/);
  });

  test('a flood from one visitor is refused while another visitor still passes', async () => {
    const handler = handlerWith({ limit: { burst: 3, perMinute: 1 } });
    for (let index = 0; index < 3; index += 1)
      assert.equal((await handler(orderRequest(ORDER), { clientAddress: '198.51.100.7' })).status, 201);
    const refused = await handler(orderRequest(ORDER), { clientAddress: '198.51.100.7' });
    assert.ok(Number(refused.headers.get('Retry-After')) >= 1);
    await expectError(refused, 429, 'RATE_LIMITED');
    // Refused before its body is read: even a bad one counts and is answered 429.
    await expectError(
      await handler(orderRequest('{', { raw: true }), { clientAddress: '198.51.100.7' }),
      429,
      'RATE_LIMITED',
    );
    assert.equal((await handler(orderRequest(ORDER), { clientAddress: '198.51.100.8' })).status, 201);
  });

  test('visitorHeader names the proxy’s header; its last X-Forwarded-For entry is the visitor', async () => {
    const handler = handlerWith({ limit: { burst: 1, perMinute: 1 }, visitorHeader: 'X-Forwarded-For' });
    const from = (chain: string) => orderRequest(ORDER, { headers: { 'X-Forwarded-For': chain } });
    assert.equal((await handler(from('10.0.0.1, 192.0.2.1'))).status, 201);
    // A visitor that prepends a made-up address is still the one the proxy saw.
    assert.equal((await handler(from('10.9.9.9, 192.0.2.1'))).status, 429);
    assert.equal((await handler(from('192.0.2.2'))).status, 201);
  });

  test('refuses bad bodies: not JSON, not an object, missing or malformed fields, too large, another media type', async () => {
    const handler = handlerWith({ maxBodyBytes: 1024 });
    await expectError(await handler(orderRequest('{"fiat_amount":', { raw: true })), 400, 'INVALID_JSON');
    await expectError(await handler(orderRequest([1, 2])), 400, 'VALIDATION_ERROR');
    await expectError(
      await handler(orderRequest({ ...ORDER, fiat_amount: '50' })),
      400,
      'VALIDATION_ERROR',
      'fiat_amount',
    );
    await expectError(
      await handler(orderRequest({ ...ORDER, fiat_amount: 50.5 })),
      400,
      'VALIDATION_ERROR',
      'fiat_amount',
    );
    await expectError(
      await handler(orderRequest({ ...ORDER, fiat_currency: 'JPY' })),
      400,
      'VALIDATION_ERROR',
      'fiat_currency',
    );
    await expectError(
      await handler(orderRequest({ ...ORDER, wallet_address: '0x123' })),
      400,
      'INVALID_WALLET_ADDRESS',
      'wallet_address',
    );
    // A mixed-case address with a wrong checksum: the API's refusal, passed on as the buyer's to fix.
    await expectError(
      await handler(orderRequest({ ...ORDER, wallet_address: WALLET.replace('a', 'A') })),
      400,
      'INVALID_WALLET_ADDRESS',
      'wallet_address',
    );
    await expectError(await handler(orderRequest({ ...ORDER, wallet_address: undefined })), 400, 'VALIDATION_ERROR');
    await expectError(await handler(orderRequest({ ...ORDER, padding: 'x'.repeat(2000) })), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(
      await handler(orderRequest(ORDER, { headers: { 'Content-Type': 'text/plain' } })),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectError(
      await handler(orderRequest(ORDER, { headers: { 'Idempotency-Key': 'with space' } })),
      400,
      'VALIDATION_ERROR',
      'Idempotency-Key',
    );
    // What the buyer adds beyond the order is dropped, never passed to the API.
    const { json } = await read(
      await handler(orderRequest({ ...ORDER, metadata: { admin: true }, return_url: 'https://evil.example' })),
    );
    const session = (await sandbox.call('GET', `/v1/onramp?session_id=${json.data.session_id}`)).json as Envelope;
    assert.deepEqual(session.data.metadata ?? {}, {});
  });

  test('the wallet hook decides the wallet; metadata and returnUrl come from the merchant', async () => {
    const handler = handlerWith({
      wallet: (_order, request) => (request.headers.get('Cookie') === 'user=alice' ? WALLET_2 : null),
      metadata: (order) => ({ user: 'alice', asset: order.crypto_currency }),
      returnUrl: () => `${SHOP}/done`,
    });
    const signedIn = { headers: { Cookie: 'user=alice' } };
    const { wallet_address: _omitted, ...noWallet } = ORDER;
    const { status, json } = await read(await handler(orderRequest(noWallet, signedIn)));
    assert.equal(status, 201);
    assert.equal(json.data.wallet_address, WALLET_2);
    const session = (await sandbox.call('GET', `/v1/onramp?session_id=${json.data.session_id}`)).json as Envelope;
    assert.equal(session.data.wallet_address, WALLET_2);
    assert.deepEqual(session.data.metadata, { user: 'alice', asset: 'USDC' });
    assert.equal(
      (await handler(orderRequest({ ...ORDER, wallet_address: WALLET_2.toLowerCase() }, signedIn))).status,
      201,
    );
    await expectError(await handler(orderRequest(ORDER, signedIn)), 403, 'WALLET_NOT_ALLOWED', 'wallet_address');
    await expectError(await handler(orderRequest(noWallet)), 403, 'WALLET_NOT_ALLOWED');
    const refusing = handlerWith({
      wallet: () => {
        throw new OrderRefusedError({ code: 'SIGN_IN_REQUIRED', message: 'Sign in first', status: 401 });
      },
    });
    await expectError(await refusing(orderRequest(ORDER)), 401, 'SIGN_IN_REQUIRED');
  });

  test('the merchant’s own failures are INTERNAL_ERROR or UPSTREAM_ERROR, reported to onError, with no secret', async () => {
    const seen: unknown[] = [];
    const unconfigured = createOrderHandler({
      secretKey: undefined,
      allowedOrigins: [SHOP],
      onError: (error) => seen.push(error),
    });
    await expectError(await unconfigured(orderRequest(ORDER)), 500, 'INTERNAL_ERROR');
    assert.match(String(seen[0]), /secretKey/);
    const revoked = await sandbox.call('POST', '/v1/keys', { body: { name: 'order handler', environment: 'test' } });
    const key = (revoked.json as Envelope).data;
    await sandbox.call('DELETE', `/v1/keys/${key.id}`);
    const handler = handlerWith({ secretKey: key.key, onError: (error) => seen.push(error) });
    const json = await expectError(await handler(orderRequest(ORDER)), 502, 'UPSTREAM_ERROR');
    assert.equal(JSON.stringify(json).includes(key.key), false);
    assert.equal((seen[1] as { code?: string }).code, 'INVALID_API_KEY');
    assert.throws(
      () => createOrderHandler({ secretKey: sandbox.keys.test.publishable, apiBase: sandbox.sandbox.apiUrl }),
      /publishable/,
    );
    assert.throws(() => handlerWith({ rules: { minFiatAmount: 500 } }), /minFiatAmount/);
    assert.throws(() => handlerWith({ rules: { cryptoCurrencies: ['ETH'], networks: ['polygon'] } }), /networks/);
  });
});

describe('toNodeListener', () => {
  let server: Server;
  let url: string;
  before(async () => {
    // The default origins: a loopback page of this loopback server.
    const listener = toNodeListener(
      handlerWith({ allowedOrigins: undefined, limit: { burst: 2, perMinute: 1 }, maxBodyBytes: 1024 }),
    );
    server = createServer((req, res) => void listener(req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((done) => server.close(() => done())));

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url, ...headers },
      body,
    });

  test('a plain node:http server takes an order, refuses other sites, large bodies and a flood by socket address', async () => {
    const created = await post(JSON.stringify(ORDER));
    assert.equal(created.status, 201);
    assert.match(((await created.json()) as Envelope).data.session_id, /^ors_/);
    await expectError(await post(JSON.stringify(ORDER), { Origin: 'https://evil.example' }), 403, 'ORIGIN_NOT_ALLOWED');
    await expectError(await post('x'.repeat(100_000)), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(await post(JSON.stringify(ORDER)), 429, 'RATE_LIMITED');
  });
});
