/**
 * The merchant console acts with the shop's secret key, so no other page may drive it: a cross-site
 * page's no-cors `text/plain` POST creates nothing, a foreign Host (DNS rebinding) is refused, a
 * body that is not JSON is 415, no answer carries CORS headers, and the console page cannot be
 * framed. All traffic stays on loopback: the "other site" is a second local server on `localhost`
 * (another site than the demo's 127.0.0.1).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import { expect, test } from './fixtures.js';

/** The sandbox's test keys, listed with the demo's own secret key. */
async function keyCount(demo: DemoHandle): Promise<number> {
  const response = await fetch(`${demo.sandbox.apiUrl}/v1/keys`, {
    headers: { 'X-API-Key': demo.sandbox.keys!.test.secret },
  });
  return ((await response.json()) as { data: { keys: unknown[] } }).data.keys.length;
}

/** A raw request, so Host and Origin can be anything (fetch would not let us forge Host). */
function raw(demo: DemoHandle, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(demo.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

const KEY_BODY = JSON.stringify({
  name: 'planted',
  environment: 'test',
  permissions: ['keys:manage', 'onramp:create'],
});

test.describe('the console answers only its own page', () => {
  let attacker: Server;
  let attackerUrl: string;
  test.beforeAll(async () => {
    attacker = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
    );
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  test("a cross-site page's no-cors text/plain POST creates no key", async ({ page, demo }) => {
    const before = await keyCount(demo);
    await page.goto(attackerUrl);
    const target = `${demo.url}/api/console/keys`;
    const sent = await page.evaluate(
      async ({ target, body }) => {
        await fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body });
        await fetch(target, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ name: 'planted' }) });
        // A read is opaque to it anyway, but must not be answered either.
        return await fetch(target.replace('/keys', '/transactions'), { mode: 'cors' }).then(
          () => 'read',
          () => 'blocked',
        );
      },
      { target, body: KEY_BODY },
    );
    expect(sent).toBe('blocked');
    expect(await keyCount(demo)).toBe(before);
  });

  test('a foreign Host is refused, whatever the Origin (DNS rebinding)', async ({ demo }) => {
    const host = 'rebind.attacker.example:' + new URL(demo.url).port;
    const read = await raw(demo, 'GET', '/api/console/keys', { Host: host });
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('onramp_');
    const before = await keyCount(demo);
    const write = await raw(
      demo,
      'POST',
      '/api/console/keys',
      { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
      KEY_BODY,
    );
    expect(write.status).toBe(403);
    expect(await keyCount(demo)).toBe(before);
    // Nothing else of the demo server answers a rebound name either: pages that mint a session with
    // the secret key, the files, the webhooks it received.
    for (const path of ['/demo/script-tag', '/dist/cdn/onramp-checkout.iife.js', '/api/webhook-events', '/']) {
      const reply = await raw(demo, 'GET', path, { Host: host });
      expect(reply.status, path).toBe(403);
      expect(reply.body, path).not.toContain('_secret_');
    }
  });

  test('state changes need the console’s own Origin; a cross-site read is refused too', async ({ demo }) => {
    const host = new URL(demo.url).host;
    const before = await keyCount(demo);
    const json = { Host: host, 'Content-Type': 'application/json' };
    expect((await raw(demo, 'POST', '/api/console/keys', json, KEY_BODY)).status).toBe(403); // no Origin
    expect(
      (await raw(demo, 'POST', '/api/console/keys', { ...json, Origin: 'http://localhost:1' }, KEY_BODY)).status,
    ).toBe(403);
    expect((await raw(demo, 'POST', '/api/console/keys', { ...json, Origin: 'null' }, KEY_BODY)).status).toBe(403);
    expect(
      (await raw(demo, 'DELETE', '/api/console/keys/key_x', { ...json, Origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect((await raw(demo, 'GET', '/api/console/keys', { Host: host, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await raw(demo, 'GET', '/api/console/keys', { Host: host, Origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect(await keyCount(demo)).toBe(before);
    // Its own page's requests still work.
    const own = await raw(demo, 'GET', '/api/console/keys', { Host: host, 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
  });

  test('takes JSON only: any other Content-Type is 415 and creates nothing', async ({ demo }) => {
    const host = new URL(demo.url).host;
    const before = await keyCount(demo);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      '',
    ]) {
      const headers: Record<string, string> = { Host: host, Origin: `http://${host}` };
      if (type) headers['Content-Type'] = type;
      const reply = await raw(demo, 'POST', '/api/console/keys', headers, KEY_BODY);
      expect(reply.status, type || '(none)').toBe(415);
      expect(JSON.parse(reply.body)).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
    expect(await keyCount(demo)).toBe(before);
    const ok = await raw(
      demo,
      'POST',
      '/api/console/keys',
      { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json; charset=utf-8' },
      KEY_BODY,
    );
    expect(ok.status).toBe(201);
  });

  test('sends no CORS headers, and the console page cannot be framed', async ({ demo }) => {
    const host = new URL(demo.url).host;
    const preflight = await raw(demo, 'OPTIONS', '/api/console/keys', {
      Host: host,
      Origin: 'http://evil.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    const own = await raw(demo, 'GET', '/api/console/transactions', { Host: host, Origin: `http://${host}` });
    expect(own.status).toBe(200);
    for (const reply of [preflight, own]) {
      expect(Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    const consolePage = await raw(demo, 'GET', '/console', { Host: host });
    expect(consolePage.status).toBe(200);
    expect(String(consolePage.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

test("the shop's session route (secret key) follows the same rules: own Host, own Origin, JSON only", async ({
  demo,
}) => {
  const host = new URL(demo.url).host;
  const order = JSON.stringify({
    fiat_amount: 10000,
    fiat_currency: 'USD',
    crypto_currency: 'ETH',
    wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  });
  const json = { Host: host, 'Content-Type': 'application/json' };
  expect((await raw(demo, 'POST', '/api/sessions', { ...json, Origin: 'http://localhost:1' }, order)).status).toBe(403);
  expect(
    (
      await raw(
        demo,
        'POST',
        '/api/sessions',
        { ...json, Host: `rebind.attacker.example:${new URL(demo.url).port}`, Origin: `http://${host}` },
        order,
      )
    ).status,
  ).toBe(403);
  expect(
    (
      await raw(
        demo,
        'POST',
        '/api/sessions',
        { Host: host, Origin: `http://${host}`, 'Content-Type': 'text/plain' },
        order,
      )
    ).status,
  ).toBe(415);
  const own = await raw(demo, 'POST', '/api/sessions', { ...json, Origin: `http://${host}` }, order);
  expect(own.status).toBe(200);
  expect(Object.keys(own.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
});
