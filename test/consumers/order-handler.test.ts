/**
 * The order handler of `onramp-checkout/server` as a merchant gets it: from the packed package
 * (`prepare.ts` installed it), in the Next.js app's route handler (`app/api/order/route.ts`, under
 * `next start`) and in a plain node:http server (`node-server/`), both against the sandbox, on
 * loopback. Orders are POSTed as the widget sends them: a valid one creates a session; an amount
 * outside the shop's bounds, another site's Origin and a flood from one visitor are refused.
 * Runs after `prepare.ts`, in `npm run test:consumers`; an app left out by `CONSUMERS` is skipped.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { appDir, selectedApps } from './apps.js';
import { type AppServer, ORDER, keysOf, startNextApp, startNodeServer, startTestSandbox } from './servers.js';

interface Envelope {
  success: boolean;
  data?: { session_id: string; client_secret: string; network: string; fiat_amount: number };
  error?: { code: string; param?: string; request_id: string };
}

let sandbox: SandboxHandle;
before(async () => {
  sandbox = await startTestSandbox();
});
after(() => sandbox.close());

const APPS = {
  'next-app': { start: startNextApp, built: () => existsSync(join(appDir('next-app'), '.next')) },
  'node-server': { start: startNodeServer, built: () => existsSync(join(appDir('node-server'), 'dist/server.js')) },
} as const;

for (const [name, app] of Object.entries(APPS)) {
  const skip = !selectedApps().includes(name as keyof typeof APPS)
    ? `${name} is not among CONSUMERS`
    : !app.built()
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
      // The Next.js app's visitor is X-Real-IP (its proxy's header): another visitor still passes.
      // The Node server's is the socket address, which every request here shares.
      if (name === 'next-app') assert.equal((await order(ORDER, { 'X-Real-IP': '198.51.100.10' })).status, 201);
    });
  });
}
