/**
 * The order handler of `onramp-checkout/server` as a merchant gets it: from the packed package
 * (`prepare.ts` installed it), mounted each way the docs show, every app against the sandbox, on
 * loopback: the Next.js app's route handler (`app/api/order/route.ts`, under `next start`), a plain
 * node:http server (`node-server/`, `toNodeListener`), Hono on Node (`hono-node/`), h3 on node:http
 * (`h3-node/`, as Nuxt's server runs it) and Astro's Node adapter (`astro-node/`). Orders are POSTed
 * as the widget sends them: a valid one creates a session; an amount outside the shop's bounds,
 * another site's Origin and a flood from one visitor are refused. `order-handler-bounds.test.ts`
 * replays the attacks. Runs after `prepare.ts`, in `npm run test:consumers`; an app left out by
 * `CONSUMERS` is skipped.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { appDir, selectedApps } from './apps.js';
import { postOrder } from './order-requests.js';
import { type AppServer, ORDER, ORDER_APPS, type OrderAppName, keysOf, startTestSandbox } from './servers.js';

interface Envelope {
  success: boolean;
  data?: { session_id: string; client_secret: string; network: string; fiat_amount: number };
  error?: { code: string; param?: string; request_id: string };
}

let sandbox: SandboxHandle;
before(async () => {
  // The account's secret key as the sandbox limits it by default: 100 at once, 25 a second.
  sandbox = await startTestSandbox({ rateLimit: { burst: 100, perSecond: 25 } });
});
after(() => sandbox.close());

for (const [name, app] of Object.entries(ORDER_APPS) as [OrderAppName, (typeof ORDER_APPS)[OrderAppName]][]) {
  const skip = !selectedApps().includes(name)
    ? `${name} is not among CONSUMERS`
    : !existsSync(join(appDir(name), app.built))
      ? `${name} is not built: run prepare.ts first`
      : false;

  describe(`the order handler in ${name}, from the packed package`, { skip }, () => {
    let server: AppServer;
    before(async () => {
      server = await app.start(sandbox);
    });
    after(() => server?.close());

    const order = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/order`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, json: (await response.json()) as Envelope }));

    test('a valid order creates a session; a retry with the same Idempotency-Key is the same one', async () => {
      const headers = { 'Idempotency-Key': 'attempt-1', 'X-Real-IP': '203.0.113.1' };
      const created = await order(ORDER, headers);
      assert.equal(created.status, 201, JSON.stringify(created.json));
      assert.match(created.json.data!.session_id, /^ors_/);
      assert.equal(created.json.data!.fiat_amount, ORDER.fiat_amount);
      assert.equal(JSON.stringify(created.json).includes(keysOf(sandbox).secret), false, 'no secret key in the answer');
      const session = await fetch(`${sandbox.apiUrl}/v1/onramp?session_id=${created.json.data!.session_id}`, {
        headers: { 'X-API-Key': keysOf(sandbox).secret },
      });
      assert.equal(session.status, 200);
      const again = await order(ORDER, headers);
      assert.equal(again.json.data!.session_id, created.json.data!.session_id);
    });

    test('refuses an amount outside the shop’s bounds, a pair it does not sell, and another site', async () => {
      const visitor = { 'X-Real-IP': '203.0.113.2' };
      const small = await order({ ...ORDER, fiat_amount: 1500 }, visitor);
      assert.equal(small.status, 400);
      assert.equal(small.json.error?.code, 'AMOUNT_OUT_OF_RANGE');
      const pair = await order({ ...ORDER, crypto_currency: 'USDC', network: 'polygon' }, visitor);
      assert.equal(pair.json.error?.code, 'UNSUPPORTED_NETWORK');
      const foreign = await order(ORDER, { ...visitor, Origin: 'https://evil.example' });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.json.error?.code, 'ORIGIN_NOT_ALLOWED');
    });

    test('a flood from one visitor is refused', async () => {
      const visitor = { 'X-Real-IP': '198.51.100.9' };
      const statuses: number[] = [];
      for (let index = 0; index < 8; index += 1) statuses.push((await order(ORDER, visitor)).status);
      // Burst 5 (the apps' `limit`): the first passes, the flood ends refused, never more than 5 through.
      assert.equal(statuses[0], 201, statuses.join(' '));
      assert.equal(statuses.at(-1), 429, statuses.join(' '));
      assert.ok(statuses.filter((status) => status === 201).length <= 5, statuses.join(' '));
      // Another visitor still passes: the Next.js app's visitor is X-Real-IP (its proxy's header), the
      // other apps' the connection's address (every request above came from 127.0.0.1).
      const other =
        app.visitor === 'x-real-ip'
          ? await postOrder(server.url, { headers: { 'X-Real-IP': '198.51.100.10' } })
          : await postOrder(server.url, { localAddress: '127.0.0.3' });
      assert.equal(other.status, 201, JSON.stringify(other));
    });
  });
}
