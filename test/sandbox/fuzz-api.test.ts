/**
 * Fuzzing every endpoint with generated methods, paths, headers and bodies (fast-check), and with JSON
 * nested as deep as the body limit allows. Whatever arrives, the answer is JSON (the error envelope, or
 * a success envelope), carries a `Request-Id`, is never a 500, never HTML and never shows a stack trace
 * or a file path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { operationPaths } from '../../demo/onramp-api/http/operation-routes.js';
import { fuzzRequest } from './support/fuzz-requests.js';
import { checkReply, logged, send, t, useFuzzSandbox } from './support/fuzz-sandbox.js';

useFuzzSandbox();

describe('fuzzing the API', () => {
  it('answers any generated request with an envelope, a Request-Id, no 500, no stack trace, no HTML', async () => {
    logged.length = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (req) => {
        const reply = await send(req);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        checkReply(req, reply);
      }),
      // The number of runs is the budget, not wall time: a busy CI machine runs them all, more slowly.
      {
        numRuns: 300,
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {}),
      },
    );
    assert.deepEqual(logged, [], 'no internal error was logged');
    // The generator reaches past authentication: successes and validation errors, not only 401/404.
    const seen = [...statuses.keys()];
    for (const status of [200, 400, 401, 404, 405])
      assert.ok(seen.includes(status), `no ${status} among ${JSON.stringify([...statuses])}`);
  });

  it('survives nesting as deep as the body limit allows, on every POST endpoint, with and without an Idempotency-Key', async () => {
    const posts = [...operationPaths()].filter(([, methods]) => methods.includes('POST')).map(([p]) => p);
    logged.length = 0;
    // Just under the 64 KiB body limit: 32 000 nested arrays, or 10 000 nested objects.
    const bodies = [
      `{"metadata":${'['.repeat(32_000)}${']'.repeat(32_000)}}`,
      `{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`,
    ];
    for (const p of posts) {
      for (const b of bodies) {
        for (const idem of [undefined, `deep-${p}-${b.length}`]) {
          const headers: Record<string, string> = {
            'X-API-Key': t.keys.test.secret,
            'Content-Type': 'application/json',
          };
          if (idem) headers['Idempotency-Key'] = idem;
          const req = { method: 'POST', path: p, headers, body: b };
          const reply = await send(req);
          checkReply(req, reply);
          assert.equal(reply.status, 400, `${p}: ${reply.body.slice(0, 200)}`);
        }
      }
    }
    assert.deepEqual(logged, [], 'no internal error was logged');
  });
});
