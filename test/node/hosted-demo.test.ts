/**
 * The demo server in hosted mode, in-process (the browser suite behind Caddy is test/public-demo): the
 * visitor cookie and its attributes, an account per visitor that the shop, the console and the
 * webhook log keep apart, the public Host and Origin only, the page a visitor gets when no account
 * can be made, and the visitor's address passed to the API's limits (as X-Forwarded-For, through the server client).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';
import { waitFor } from '../sandbox/helpers.js';

const SHOP = 'https://shop.example';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => unknown;
}

/** A request to the demo's listening port with any Host (fetch would not let a test forge Host). */
function raw(
  demo: DemoHandle,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Raw> {
  const url = new URL(demo.internalUrl);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { Host: 'shop.example', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A visitor: their first page view, then their cookie on every request. */
async function visit(demo: DemoHandle, address: string) {
  const page = await raw(demo, 'GET', '/', { 'X-Forwarded-For': address });
  assert.equal(page.status, 200, page.text);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  const api = (method: string, path: string, body?: unknown) =>
    raw(
      demo,
      method,
      path,
      {
        Cookie: cookie,
        'X-Forwarded-For': address,
        ...(method === 'GET' ? {} : { Origin: SHOP, 'Content-Type': 'application/json' }),
      },
      body,
    );
  return { page, cookie, api };
}

const ORDER = {
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  crypto_currency: 'ETH',
  fiat_amount: 5000,
  fiat_currency: 'USD',
};

describe('the hosted demo server', () => {
  let demo: DemoHandle;
  before(async () => {
    demo = await startDemo({
      port: 0,
      publicUrl: SHOP,
      publicDemo: { accountTtlSeconds: 600, accountsPerAddress: { burst: 2, perSecond: 0.001 } },
      sandbox: {
        db: ':memory:',
        port: 0,
        checkoutPort: 0,
        deliveryMs: 50,
        log: () => {},
        publicApiUrl: 'https://api.example',
        publicCheckoutUrl: 'https://checkout.example',
      },
    });
  });
  after(() => demo.close());

  it('a first page view makes an account bound to an HttpOnly, Secure, SameSite=Lax cookie, and says when it ends', async () => {
    const { page } = await visit(demo, '192.0.2.1');
    const cookie = String(page.headers['set-cookie']);
    assert.match(cookie, /^__Host-onramp_demo=[\w-]{43}; Max-Age=(599|600); Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    assert.match(
      page.text,
      /sandbox account of your own, in test mode[^]*deleted with everything in it at <time datetime="[^"]+">\d\d:\d\d UTC<\/time>/,
    );
  });

  it('the pages point the widget at the public API and checkout, cannot be framed, and are kept by no shared cache', async () => {
    const { page } = await visit(demo, '192.0.2.2');
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /connect-src 'self' https:\/\/api\.example; frame-src https:\/\/checkout\.example/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(page.headers['cache-control'], 'private, no-store');
  });

  it('makes an account only for a page the browser opens itself: not for an image, a frame or a script of another site, nor a HEAD', async () => {
    for (const headers of [
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const reply = await raw(demo, 'GET', '/demo/ssr', { ...headers, 'X-Forwarded-For': '192.0.2.9' });
      assert.equal(reply.status, 403, JSON.stringify(headers));
      assert.equal(reply.headers['set-cookie'], undefined);
      assert.match(reply.text, /Open the demo in a tab of its own/);
    }
    const head = await raw(demo, 'HEAD', '/', { 'X-Forwarded-For': '192.0.2.9' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['set-cookie'], undefined);
    // A top-level navigation, even from another site (a shared link), does.
    const opened = await raw(demo, 'GET', '/', {
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
      'Sec-Fetch-Site': 'cross-site',
      'X-Forwarded-For': '192.0.2.9',
    });
    assert.equal(opened.status, 200);
    assert.match(String(opened.headers['set-cookie']), /^__Host-onramp_demo=/);
  });

  it('keeps visitors apart: sessions, webhook events and console lists are each their own', async () => {
    const a = await visit(demo, '192.0.2.3');
    const b = await visit(demo, '192.0.2.4');
    const created = await a.api('POST', '/api/sessions', ORDER);
    assert.equal(created.status, 200, created.text);
    const session = created.json() as {
      publishableKey: string;
      apiBase: string;
      session: { session_id: string; redirect_url: string };
    };
    assert.equal(session.apiBase, 'https://api.example');
    assert.match(session.session.redirect_url, /^https:\/\/checkout\.example\/pay\//);
    const id = session.session.session_id;
    const eventsOf = async (visitor: typeof a) =>
      ((await visitor.api('GET', '/api/webhook-events')).json() as { events: { session_id: string }[] }).events;
    await waitFor(
      async () => ((await eventsOf(a)).some((event) => event.session_id === id) ? true : undefined),
      5000,
      "A's created event",
    );
    assert.deepEqual(await eventsOf(b), []);
    const txOf = async (visitor: typeof a) =>
      (
        (await visitor.api('GET', '/api/console/transactions')).json() as {
          data: { transactions: { session_id: string }[] };
        }
      ).data.transactions;
    assert.deepEqual(
      (await txOf(a)).map((t) => t.session_id),
      [id],
    );
    assert.deepEqual(await txOf(b), []);
    const keysOf = async (visitor: typeof a) =>
      (
        (await visitor.api('GET', '/api/console/keys')).json() as { data: { keys: { prefix: string }[] } }
      ).data.keys.map((k) => k.prefix);
    const [keysA, keysB] = [await keysOf(a), await keysOf(b)];
    assert.equal(keysA.length, 2);
    assert.ok(keysA.every((prefix) => !keysB.includes(prefix)));
    const webhooksOf = async (visitor: typeof a) =>
      (
        (await visitor.api('GET', '/api/console/webhooks')).json() as {
          data: { webhooks: { url: string; protected: boolean }[] };
        }
      ).data.webhooks;
    const [hooksA, hooksB] = [await webhooksOf(a), await webhooksOf(b)];
    assert.equal(hooksA.length, 1);
    assert.ok(hooksA[0]!.protected && hooksA[0]!.url.startsWith(`${SHOP}/webhooks/`));
    assert.notEqual(hooksA[0]!.url, hooksB[0]!.url);
    const account = (await a.api('GET', '/api/console/account')).json() as {
      data: { environments: string[]; hosted: boolean };
    };
    assert.deepEqual(account.data, { ...account.data, hosted: true, environments: ['test'] });
  });

  it("the console's transaction list: one page per visitor at a time, a few waiting, the rest 429 with Retry-After; every turn ends", async () => {
    const visitor = await visit(demo, '192.0.2.9');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => visitor.api('GET', '/api/console/transactions?limit=100')),
    );
    for (const reply of replies) {
      assert.ok(reply.status === 200 || reply.status === 429, `${reply.status} ${reply.text}`);
      if (reply.status !== 429) continue;
      assert.equal(reply.headers['retry-after'], '1');
      assert.equal((reply.json() as { error: { code: string } }).error.code, 'RATE_LIMITED');
    }
    assert.ok(replies.some((reply) => reply.status === 200));
    // Had a turn not ended, these would wait for ever.
    for (let i = 0; i < 6; i += 1) assert.equal((await visitor.api('GET', '/api/console/transactions')).status, 200);
  });

  it('an API call without a live visitor cookie is 401 NO_DEMO_ACCOUNT and makes no account', async () => {
    const reply = await raw(
      demo,
      'POST',
      '/api/sessions',
      { Origin: SHOP, 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.5' },
      ORDER,
    );
    assert.equal(reply.status, 401);
    const { error } = reply.json() as { error: { code: string; request_id: string } };
    assert.equal(error.code, 'NO_DEMO_ACCOUNT');
    // The error envelope, with a request id of its own as the API's.
    assert.match(error.request_id, /^req_\w+$/);
    assert.equal(reply.headers['request-id'], error.request_id);
    assert.equal(reply.headers['set-cookie'], undefined);
    const forged = await raw(demo, 'GET', '/api/webhook-events', { Cookie: '__Host-onramp_demo=AAAA' });
    assert.equal(forged.status, 401);
  });

  it('answers its public Host only: a loopback or foreign Host is 403', async () => {
    const port = new URL(demo.internalUrl).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'evil.example', 'shop.example.evil.test']) {
      const reply = await raw(demo, 'GET', '/', { Host: host });
      assert.equal(reply.status, 403, host);
      assert.equal(reply.headers['set-cookie'], undefined);
    }
  });

  it('takes state changes from its https origin only', async () => {
    const { cookie } = await visit(demo, '192.0.2.6');
    for (const origin of ['http://shop.example', 'https://evil.example']) {
      const reply = await raw(
        demo,
        'POST',
        '/api/sessions',
        { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
        ORDER,
      );
      assert.equal(reply.status, 403, origin);
    }
  });

  it('new accounts are limited per client address: a page that says when to come back, with Retry-After', async () => {
    await visit(demo, '192.0.2.7');
    await visit(demo, '192.0.2.7');
    const third = await raw(demo, 'GET', '/', { 'X-Forwarded-For': '192.0.2.7' });
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers['retry-after']) >= 1);
    assert.match(third.text, /Try again in \d+ minutes?/);
    assert.equal(third.headers['set-cookie'], undefined);
    // Another address is not affected.
    await visit(demo, '192.0.2.8');
  });
});

describe("the hosted demo server passes each visitor's address to the API", () => {
  let demo: DemoHandle;
  before(async () => {
    demo = await startDemo({
      port: 0,
      publicUrl: SHOP,
      // One creation per address, for good: only the address the API sees tells visitors apart here.
      publicDemo: {
        accountTtlSeconds: 600,
        accountsPerAddress: { burst: 5, perSecond: 0.001 },
        creationsPerAddress: { burst: 1, perSecond: 0.001 },
      },
      sandbox: {
        db: ':memory:',
        port: 0,
        checkoutPort: 0,
        log: () => {},
        publicApiUrl: 'https://api.example',
        publicCheckoutUrl: 'https://checkout.example',
      },
    });
  });
  after(() => demo.close());

  it("as X-Forwarded-For: the API's per-address limit stops a second account from one address, not a visitor from another", async () => {
    const first = await visit(demo, '198.51.100.1');
    assert.equal((await first.api('POST', '/api/sessions', ORDER)).status, 200);
    const sameAddress = await visit(demo, '198.51.100.1');
    const refused = await sameAddress.api('POST', '/api/sessions', ORDER);
    assert.equal(refused.status, 429, refused.text);
    const { error } = refused.json() as { error: { code: string; request_id: string } };
    assert.equal(error.code, 'RATE_LIMITED');
    assert.equal(refused.headers['request-id'], error.request_id);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    const otherAddress = await visit(demo, '198.51.100.2');
    assert.equal((await otherAddress.api('POST', '/api/sessions', ORDER)).status, 200);
  });
});
