/**
 * The red team's attacks on the order endpoint (issue 40), replayed on every consumer app that mounts
 * the handler as the docs show it, from the packed package, each app in its own server process:
 * plain node:http (`toNodeListener`), Hono on Node, h3 on node:http (as Nuxt's server runs it), Astro's
 * Node adapter and a Next.js route handler. Every request stays inside a bound:
 * - orders whose connection is reset right after sending create no more sessions than the app's
 *   visitor bucket and the shared bucket hold;
 * - an app that reads the socket's address is not fooled by forwarding headers a client writes;
 * - the Next.js route handler, which has no address, puts orders without its proxy's `X-Real-IP`
 *   in the one shared bucket;
 * - a flood from 30 addresses creates at most the handler's ceiling, and the merchant's own calls
 *   with the same secret key meanwhile are all answered.
 * Each test starts the app afresh (full buckets), against a sandbox with its real secret-key limit
 * (100 at once, 25 a second). One `[bounds] <app>: …` line per app gives the figures.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { rawOrder, resetFlood } from '../node/support/reset-flood.js';
import { appDir, selectedApps } from './apps.js';
import { type OrderAnswer, merchantCall, postOrder, settledTotal } from './order-requests.js';
import { type AppServer, ORDER, ORDER_APPS, type OrderAppName, startTestSandbox } from './servers.js';

/** The apps' own settings (their order-handler modules): `limit` 5 at once and 5 a minute; the handler's defaults. */
const VISITOR = { burst: 5, perMinute: 5 };
const SHARED = { burst: 5, perMinute: 5 };
const CEILING = { burst: 20, perMinute: 60 };

/** Tokens a bucket may have handed out over `seconds`: its burst and what it regained meanwhile. */
const allowance = (bucket: { burst: number; perMinute: number }, seconds: number) =>
  bucket.burst + Math.ceil((bucket.perMinute * seconds) / 60);

/** Visitor `n` as the app tells visitors apart: its connection's address, or its proxy's `X-Real-IP`. */
function visitor(app: OrderAppName, n: number): { localAddress?: string; headers?: Record<string, string> } {
  return ORDER_APPS[app].visitor === 'socket'
    ? { localAddress: `127.0.0.${n}` }
    : { headers: { 'X-Real-IP': `198.51.100.${n}` } };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

for (const [name, app] of Object.entries(ORDER_APPS) as [OrderAppName, (typeof ORDER_APPS)[OrderAppName]][]) {
  const skip = !selectedApps().includes(name)
    ? `${name} is not among CONSUMERS`
    : !existsSync(join(appDir(name), app.built))
      ? `${name} is not built: run prepare.ts first`
      : false;

  describe(`${name}: every order stays inside a bound`, { skip }, () => {
    let sandbox: SandboxHandle;
    const figures: string[] = [];
    const servers: AppServer[] = [];
    /** The app in a process of its own: every bucket full, the ceiling whole. */
    const fresh = async () => {
      const server = await app.start(sandbox);
      servers.push(server);
      return server;
    };
    before(async () => {
      sandbox = await startTestSandbox({ rateLimit: { burst: 100, perSecond: 25 } });
    });
    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await sandbox?.close();
      console.log(`[bounds] ${name}: ${figures.join('; ')}`);
    });

    test('orders whose connection is reset right after sending create no more than the buckets hold', async () => {
      const server = await fresh();
      const port = Number(new URL(server.url).port);
      const started = performance.now();
      const before = await settledTotal(sandbox);
      // From 127.0.0.1, with no X-Real-IP: the visitor 127.0.0.1 where the app still reads the
      // address, else (and always in the Next.js app) the shared bucket.
      await resetFlood(port, 40, rawOrder(port, '/api/order', ORDER, server.url));
      // An order sent after them is read after them; its answer, then a count that holds still.
      const followUp = await postOrder(server.url, visitor(name, 250));
      assert.equal(followUp.status, 201, `a buyer after the resets is served: ${JSON.stringify(followUp)}`);
      const fromResets = (await settledTotal(sandbox)) - before - 1;
      const elapsed = seconds(started);
      const bound = allowance(SHARED, elapsed) + (app.visitor === 'socket' ? allowance(VISITOR, elapsed) : 0);
      figures.push(`40 reset orders created ${fromResets} sessions (bound ${bound})`);
      assert.ok(fromResets <= bound, `at most ${bound}, not ${fromResets}`);
    });

    if (app.visitor === 'x-real-ip')
      test('orders without the proxy’s X-Real-IP (a route handler has no address) share one bucket', async () => {
        const server = await fresh();
        const started = performance.now();
        const answers: OrderAnswer[] = [];
        for (let index = 0; index < 25; index += 1) answers.push(await postOrder(server.url));
        const made = answers.filter((answer) => answer.status === 201).length;
        const bound = allowance(SHARED, seconds(started));
        figures.push(`25 orders with no address created ${made} (bound ${bound})`);
        assert.ok(made <= bound, `at most ${bound}, not ${made}`);
        assert.equal(answers.at(-1)?.code, 'RATE_LIMITED');
        // Someone the app can tell apart is not locked out by them.
        assert.equal((await postOrder(server.url, visitor(name, 251))).status, 201);
      });
    else
      test('forwarding headers a client writes name no visitor: one address is one bucket', async () => {
        const server = await fresh();
        const started = performance.now();
        const answers: OrderAnswer[] = [];
        for (let index = 1; index <= 20; index += 1) {
          const forged = `203.0.113.${index}`;
          answers.push(
            await postOrder(server.url, {
              localAddress: '127.0.0.2',
              headers: { 'X-Forwarded-For': forged, 'X-Real-IP': forged, Forwarded: `for=${forged}` },
            }),
          );
        }
        const made = answers.filter((answer) => answer.status === 201).length;
        // 127.0.0.2's bucket (or, where the app drops a forwarded address, the shared one: as large).
        const bound = allowance(VISITOR, seconds(started));
        figures.push(`20 orders from one address with forged X-Forwarded-For created ${made} (bound ${bound})`);
        assert.ok(made <= bound, `at most ${bound}, not ${made}: ${answers.map((answer) => answer.status).join(' ')}`);
      });

    test('a flood from 30 addresses creates at most the ceiling; the merchant’s own calls are all answered', async () => {
      const server = await fresh();
      const before = await settledTotal(sandbox);
      const started = performance.now();
      let answered = 0;
      const orders = Array.from({ length: 30 }, (_, index) =>
        Array.from({ length: 11 }, () =>
          postOrder(server.url, visitor(name, 10 + index)).then((answer) => {
            answered += 1;
            return answer;
          }),
        ),
      ).flat();
      // The merchant's own server, calling with the same secret key meanwhile: spread over the flood
      // (probe k waits for k/33 of the answers), the last once every order is answered.
      const probes: number[] = [];
      for (let index = 0; index < 32; index += 1) {
        const due = Math.floor((index * orders.length) / 31);
        for (let turns = 0; answered < due && turns < 3000; turns += 1)
          await new Promise((resolve) => setTimeout(resolve, 10));
        probes.push((await merchantCall(sandbox, '/v1/transactions?limit=1')).status);
      }
      const answers = await Promise.all(orders);
      const elapsed = seconds(started);
      const made = answers.filter((answer) => answer.status === 201).length;
      const refused = answers.filter((answer) => answer.status === 429);
      const upstream = answers.filter((answer) => answer.code === 'UPSTREAM_ERROR').length;
      const created = (await settledTotal(sandbox)) - before;
      const bound = allowance(CEILING, elapsed) + 1;
      const ok = probes.filter((status) => status === 200).length;
      figures.push(
        `flood of 330 orders from 30 addresses in ${elapsed.toFixed(1)} s: ${made} created (bound ${bound}, sandbox counted ${created}), ` +
          `${refused.length} RATE_LIMITED, ${upstream} UPSTREAM_ERROR; the merchant's 32 own calls: ${ok} answered 200`,
      );
      assert.deepEqual(new Set(probes), new Set([200]), `the merchant's own calls: ${probes.join(' ')}`);
      assert.ok(made <= bound, `the ceiling held: ${made} > ${bound}`);
      assert.equal(created, made, 'every session the sandbox made was answered 201');
      assert.equal(upstream, 0);
      const others = answers.filter((answer) => answer.status !== 201 && answer.status !== 429);
      assert.deepEqual(others, [], 'every order created or was told to try again');
      assert.ok(
        refused.every((answer) => answer.code === 'RATE_LIMITED' && Number(answer.retryAfter) >= 1),
        'each refusal is RATE_LIMITED with Retry-After',
      );
    });
  });
}
