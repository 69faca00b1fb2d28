/**
 * The red team's attacks on the merchant's order endpoint (issue 40), each run as it was run, on
 * loopback, against a real sandbox, and now doing no harm:
 * 1. orders whose connection is reset right after sending (no address left to read) draw from the
 *    shared bucket, through `toNodeListener` and on the demo shop's `/api/order`;
 * 2. a visitor hook that names nobody, a route that passes no address, a visitor called `unknown`
 *    are all bounded, and buyers never share an idempotency key;
 * 3. a flood from 30 addresses, each within its own bucket, leaves the merchant's own secret-key
 *    calls unrefused (the handler's ceiling), and a 429 of the API is never retried;
 * 5. a `Host` header never makes a page the shop's own (DNS rebinding).
 */
import assert from 'node:assert/strict';
import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';
import {
  createOnrampClient,
  createOrderHandler,
  OrderCeilingError,
  toNodeListener,
  type OrderHandler,
  type OrderHandlerOptions,
} from '../../src/server-client/index.js';
import { type TestSandbox, WALLET, startTestSandbox } from '../sandbox/helpers.js';
import { rawOrder, resetFlood, until } from './support/reset-flood.js';

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
  // The account's secret key as the sandbox limits it by default: 100 at once, 25 a second.
  sandbox = await startTestSandbox({ rateLimit: { burst: 100, perSecond: 25 } });
});
after(() => sandbox.close());

/** The secret key's session creations, counted at the wire (in flight and done). */
function countingFetch() {
  const counts = { created: 0, inFlight: 0, calls: 0 };
  const base = globalThis.fetch;
  const fetcher: typeof fetch = async (input, init) => {
    const creating =
      init?.method === 'POST' && (input instanceof Request ? input.url : input.toString()).endsWith('/v1/onramp');
    counts.calls += 1;
    if (creating) counts.inFlight += 1;
    try {
      const response = await base(input, init);
      if (creating && response.status === 201) counts.created += 1;
      return response;
    } finally {
      if (creating) counts.inFlight -= 1;
    }
  };
  return { counts, fetcher };
}

function handlerWith(options: Partial<OrderHandlerOptions>, fetcher?: typeof fetch): OrderHandler {
  return createOrderHandler({
    client: createOnrampClient({
      apiKey: sandbox.keys.test.secret,
      baseUrl: sandbox.sandbox.apiUrl,
      ...(fetcher ? { fetch: fetcher } : {}),
    }),
    allowedOrigins: [SHOP],
    onError: () => {},
    ...options,
  });
}

const orderRequest = (headers: Record<string, string> = {}, origin = SHOP) =>
  new Request(`${SHOP}/api/order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(ORDER),
  });

async function statuses(handler: OrderHandler, count: number, make: () => Request, address?: string) {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1)
    seen.push((await handler(make(), address === undefined ? {} : { clientAddress: address })).status);
  return seen;
}
const created = (seen: number[]) => seen.filter((status) => status === 201).length;

/** A POST from `localAddress` (any of 127.0.0.0/8), as node:http sends it: status, body, Retry-After. */
function postFrom(url: string, localAddress: string, origin: string) {
  const target = new URL(url);
  const body = JSON.stringify(ORDER);
  return new Promise<{ status: number; code: string | undefined; retryAfter: string | undefined }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          localAddress,
          agent: false,
          headers: { 'Content-Type': 'application/json', Origin: origin, 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const json = JSON.parse(text) as { error?: { code: string } };
            const retryAfter = res.headers['retry-after'];
            resolve({ status: res.statusCode ?? 0, code: json.error?.code, retryAfter });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

async function listen(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('finding 1: a connection reset right after its order escapes no bucket', () => {
  test('through toNodeListener, reset orders draw from the shared bucket once the visitor’s is empty', async () => {
    const { counts, fetcher } = countingFetch();
    const addresses: (string | undefined)[] = [];
    const inner = handlerWith(
      { allowedOrigins: undefined, limit: { burst: 2, perMinute: 1 }, sharedLimit: { burst: 3, perMinute: 1 } },
      fetcher,
    );
    const seen: OrderHandler = (request, context) => {
      addresses.push(context?.clientAddress);
      return inner(request, context);
    };
    const listener = toNodeListener(seen);
    let handled = 0;
    const { server, port } = await listen((req, res) => void listener(req, res).finally(() => (handled += 1)));
    try {
      const origin = `http://127.0.0.1:${port}`;
      const post = () =>
        fetch(`${origin}/api/order`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin },
          body: JSON.stringify(ORDER),
        }).then((response) => response.status);
      assert.deepEqual([await post(), await post(), await post()], [201, 201, 429], 'this visitor’s bucket is empty');
      const before = counts.created;

      await resetFlood(port, 40, rawOrder(port, '/api/order', ORDER, origin));
      await until(() => handled >= 43, 'the 40 reset orders handled');
      await until(() => counts.inFlight === 0, 'their creations settled');

      const unknown = addresses.slice(3).filter((address) => address === undefined).length;
      const through = counts.created - before;
      console.log(
        `[reset] 40 reset orders: ${unknown} reached the handler with no address, ${through} created a session`,
      );
      assert.ok(through <= 3, `at most the shared bucket's 3 got through, not ${through}`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  describe('on the demo shop’s /api/order', () => {
    let demo: DemoHandle;
    before(async () => {
      demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
    });
    after(() => demo?.close());

    test('30 reset orders create no more sessions than the shared bucket holds', async () => {
      const { counts, fetcher } = countingFetch();
      const original = globalThis.fetch;
      globalThis.fetch = fetcher; // the shop's handler calls the global fetch (in this process)
      try {
        const port = Number(new URL(demo.internalUrl).port);
        // The shop delivers to its signed-in buyer's wallet: the order names none, as its page sends it.
        const shopOrder = { ...ORDER, wallet_address: undefined };
        await resetFlood(port, 30, rawOrder(port, '/api/order', shopOrder, demo.url));
        // An order sent after them is read after them: once it is answered, theirs reached the bucket.
        const followUp = await original(`${demo.internalUrl}/api/order`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: demo.url },
          body: JSON.stringify(shopOrder),
        });
        assert.notEqual(followUp.status, 0);
        await until(() => counts.inFlight === 0, 'their creations settled');
        // The follow-up (a real address, its own bucket) is one of the creations counted.
        const fromResets = counts.created - (followUp.status === 201 ? 1 : 0);
        console.log(`[reset] demo shop: 30 reset orders created ${fromResets} sessions`);
        assert.ok(fromResets <= 5, `at most the shared bucket's 5, not ${fromResets}`);
      } finally {
        globalThis.fetch = original;
      }
    });
  });
});

describe('finding 2: an order that names no visitor is still bounded', () => {
  test('a visitor hook that returns null falls back to the address, then to the shared bucket', async () => {
    const anonymous = handlerWith({ visitor: () => null, limit: { burst: 3, perMinute: 1 } });
    assert.equal(created(await statuses(anonymous, 6, orderRequest, '203.0.113.20')), 3, 'by its address');
    const nowhere = handlerWith({ visitor: () => null });
    const seen = await statuses(nowhere, 25, orderRequest);
    assert.equal(created(seen), 5, `25 orders from nowhere: the shared bucket's 5 (${seen.join(' ')})`);
    assert.equal(seen.at(-1), 429);
  });

  test('a route that passes no address (the docs’ old Next.js and Hono snippets) shares one bucket', async () => {
    const handler = handlerWith({ sharedLimit: { burst: 4, perMinute: 1 } });
    assert.equal(created(await statuses(handler, 25, orderRequest)), 4);
    // Someone the handler can tell apart is not locked out by them.
    assert.equal(created(await statuses(handler, 1, orderRequest, '203.0.113.21')), 1);
  });

  test('a visitor literally called unknown is a visitor like any other, with its own bucket', async () => {
    const handler = handlerWith({ visitor: () => 'unknown', limit: { burst: 2, perMinute: 1 } });
    assert.equal(created(await statuses(handler, 10, orderRequest)), 2);
    const byAddress = handlerWith({ limit: { burst: 2, perMinute: 1 }, sharedLimit: { burst: 3, perMinute: 1 } });
    assert.equal(created(await statuses(byAddress, 10, orderRequest, 'unknown')), 3, 'an address that is none: shared');
  });

  test('buyers never share an idempotency key: not two addresses, not two unattributed buyers', async () => {
    const handler = handlerWith({ sharedLimit: { burst: 10, perMinute: 10 } });
    const key = { 'Idempotency-Key': 'same-key-for-everyone' };
    const session = async (address?: string) => {
      const response = await handler(orderRequest(key), address === undefined ? {} : { clientAddress: address });
      assert.equal(response.status, 201);
      return ((await response.json()) as { data: { session_id: string } }).data.session_id;
    };
    const ids = [await session('203.0.113.30'), await session('203.0.113.31'), await session(), await session()];
    assert.equal(new Set(ids).size, 4, ids.join(' '));
    assert.equal(await session('203.0.113.30'), ids[0], 'one buyer’s retry is still one session');
  });

  test('a visitorHeader value that is not an address is ignored, never a bucket of its own', async () => {
    const handler = handlerWith({ visitorHeader: 'x-real-ip', limit: { burst: 2, perMinute: 1 } });
    let index = 0;
    const madeUp = () => orderRequest({ 'X-Real-IP': `not-an-address-${(index += 1)}` });
    assert.equal(created(await statuses(handler, 6, madeUp, '203.0.113.40')), 2, 'counted by the socket’s address');
  });
});

describe('finding 3: strangers cannot drain the merchant’s secret key', () => {
  test('30 addresses × 11 orders leave the merchant’s own calls unrefused; buyers over the ceiling read “busy”', async () => {
    const reported: unknown[] = [];
    const listener = toNodeListener(
      handlerWith({ allowedOrigins: undefined, onError: (error) => reported.push(error) }),
    );
    const { server, port } = await listen((req, res) => void listener(req, res));
    try {
      const url = `http://127.0.0.1:${port}/api/order`;
      const origin = `http://127.0.0.1:${port}`;
      const started = performance.now();
      const orders = Array.from({ length: 30 }, (_, visitor) =>
        Array.from({ length: 11 }, () => postFrom(url, `127.0.0.${10 + visitor}`, origin)),
      ).flat();
      // The merchant's own server, calling with the same key meanwhile.
      const probes: number[] = [];
      for (let index = 0; index < 32; index += 1) {
        const probe = await sandbox.call('GET', '/v1/transactions?limit=1');
        probes.push(probe.status);
      }
      const answers = await Promise.all(orders);
      const seconds = (performance.now() - started) / 1000;
      const made = answers.filter((answer) => answer.status === 201).length;
      const busy = answers.filter((answer) => answer.status === 429);
      console.log(
        `[ceiling] 330 orders from 30 addresses in ${seconds.toFixed(1)} s: ${made} created, ${busy.length} refused busy; ` +
          `the merchant's 32 own calls: ${probes.filter((status) => status === 200).length} answered 200`,
      );
      assert.deepEqual(new Set(probes), new Set([200]), `the merchant's own calls: ${probes.join(' ')}`);
      assert.ok(made <= 20 + Math.ceil(seconds) + 1, `the ceiling (20 at once, 1 a second) held: ${made}`);
      assert.equal(answers.filter((answer) => answer.code === 'UPSTREAM_ERROR').length, 0);
      assert.equal(made + busy.length, answers.length, 'every order created or was told to try again');
      assert.ok(busy.every((answer) => answer.code === 'RATE_LIMITED' && Number(answer.retryAfter) >= 1));
      assert.ok(
        reported.some((error) => error instanceof OrderCeilingError),
        'the merchant heard of it',
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  test('the API’s 429 is answered “busy” at once, never retried into more calls', async () => {
    let calls = 0;
    const limited: typeof fetch = async () => {
      calls += 1;
      return new Response(
        JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'slow down', request_id: 'req_1' } }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '7' } },
      );
    };
    const reported: unknown[] = [];
    const withFake = createOrderHandler({
      client: createOnrampClient({ apiKey: sandbox.keys.test.secret, baseUrl: 'http://127.0.0.1:1', fetch: limited }),
      allowedOrigins: [SHOP],
      onError: (error) => reported.push(error),
    });
    const response = await withFake(orderRequest(), { clientAddress: '203.0.113.50' });
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('Retry-After'), '7');
    const json = (await response.json()) as { error: { code: string; message: string } };
    assert.equal(json.error.code, 'RATE_LIMITED');
    assert.match(json.error.message, /busy/);
    assert.equal(calls, 1, 'one call to the API, not three');
    assert.equal(reported.length, 1, 'the merchant heard of it');
  });
});

describe('finding 5: a Host header never makes a page the shop’s own', () => {
  const rebinding = (host: string, origin: string) =>
    new Request(`http://${host}/api/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Host: host },
      body: JSON.stringify(ORDER),
    });

  test('a DNS-rebinding page (Host and Origin both its own name) is refused, and the merchant is told why', async () => {
    const reported: unknown[] = [];
    const handler = handlerWith({ allowedOrigins: undefined, onError: (error) => reported.push(error) });
    const response = await handler(rebinding('evil.example:3000', 'http://evil.example:3000'), {
      clientAddress: '127.0.0.1',
    });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'ORIGIN_NOT_ALLOWED');
    assert.match(String(reported[0]), /allowedOrigins/);
    // With the shop's origins configured, the rebinding page is no more the shop's.
    const configured = handlerWith({});
    assert.equal(
      (await configured(rebinding('evil.example', 'http://evil.example'), { clientAddress: '127.0.0.1' })).status,
      403,
    );
  });

  test('in development a loopback page of a loopback server may order; a loopback Origin to another Host may not', async () => {
    const handler = handlerWith({ allowedOrigins: undefined });
    const own = await handler(rebinding('localhost:3000', 'http://localhost:3000'), { clientAddress: '127.0.0.1' });
    assert.equal(own.status, 201);
    assert.equal((await handler(rebinding('127.0.0.1:3000', 'http://127.0.0.1:3000'))).status, 201);
    assert.equal((await handler(rebinding('evil.example:3000', 'http://127.0.0.1:3000'))).status, 403);
  });
});
