/**
 * Every server of the repository bounds a request body before reading it (docs/design.md "Bodies"):
 * 100 MB sent to each body-taking route, with a `Content-Length` and chunked, is refused with 413 or
 * a closed connection, and this process (which runs the servers) does not grow by the body's size.
 * Deep JSON is a 400 with the error envelope, never a 500. Loopback only.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';

const BODY_BYTES = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x7b); // "{{{{…": never valid JSON
/**
 * Growth of this process's resident memory allowed while twenty 100 MB bodies arrive: well below one
 * body, so a server that buffered even one would fail. Not tighter: the client's streams, the routes'
 * first use and V8's heap growth move RSS by 22 to 36 MB here, and past 40 MB once on a busy CI run.
 */
const ALLOWED_GROWTH = 64 * 1024 * 1024;

interface Target {
  name: string;
  url: URL;
  headers: Record<string, string>;
}

/** Streams `BODY_BYTES` of body; resolves with the status, or `closed` when the server hung up first. */
function sendHuge(target: Target, chunked: boolean): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const headers = {
      ...target.headers,
      ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(BODY_BYTES) }),
    };
    const req = request(target.url, { method: 'POST', headers });
    let settled = false;
    const done = (value: number | 'closed') => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve(value);
    };
    req.on('response', (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done('closed'));
    let sent = 0;
    const pump = () => {
      while (!settled && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

function postJson(target: Target, body: string): Promise<{ status: number; json: { error?: { code?: string } } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      target.url,
      { method: 'POST', headers: { ...target.headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as { error?: { code?: string } } }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('request bodies are bounded on every server', () => {
  let demo: DemoHandle;
  let targets: Target[];

  before(async () => {
    demo = await startDemo({
      port: 0,
      sandbox: { port: 0, checkoutPort: 0, db: ':memory:', keysFile: null, log: () => {} },
    });
    const own = new URL(demo.url);
    const json = { 'Content-Type': 'application/json' };
    const consoleHeaders = { ...json, Host: own.host, Origin: own.origin };
    const secret = demo.sandbox.keys!.test.secret;
    targets = [
      {
        name: 'sandbox API: POST /v1/onramp',
        url: new URL('/v1/onramp', demo.sandbox.apiUrl),
        headers: { ...json, 'X-API-Key': secret },
      },
      ...['/v1/onramp/quote', '/v1/keys', '/v1/webhooks', '/v1/test_helpers/onramp/advance'].map((path) => ({
        name: `sandbox API: POST ${path}`,
        url: new URL(path, demo.sandbox.apiUrl),
        headers: { ...json, 'X-API-Key': secret },
      })),
      {
        name: 'hosted checkout: POST /pay/:id',
        url: new URL('/pay/ors_x?t=x', demo.sandbox.checkoutUrl),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
      { name: 'demo shop: POST /api/sessions', url: new URL('/api/sessions', demo.url), headers: consoleHeaders },
      { name: 'console: POST /api/console/keys', url: new URL('/api/console/keys', demo.url), headers: consoleHeaders },
      {
        name: 'console: POST /api/console/webhooks',
        url: new URL('/api/console/webhooks', demo.url),
        headers: consoleHeaders,
      },
      {
        name: 'webhook receiver: POST /webhooks',
        url: new URL('/webhooks', demo.url),
        headers: { ...json, Host: own.host, 'Onramp-Signature': 't=1,v1=00' },
      },
    ];
  });
  after(() => demo.close());

  it('100 MB with and without Content-Length: 413 or a closed connection, and no growth by the body size', async () => {
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      for (const target of targets) {
        for (const chunked of [false, true]) {
          const outcome = await sendHuge(target, chunked);
          assert.ok(
            outcome === 413 || outcome === 'closed',
            `${target.name} (${chunked ? 'chunked' : 'Content-Length'}): ${outcome}`,
          );
        }
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.ok(
      peak - start < ALLOWED_GROWTH,
      `resident memory grew by ${((peak - start) / 1048576).toFixed(1)} MB for twenty 100 MB bodies`,
    );
  });

  it('deep JSON is a 400 with the error envelope, never a 500', async () => {
    const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const deepObject = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    for (const target of targets.filter((t) => !t.name.startsWith('hosted') && !t.name.startsWith('webhook'))) {
      for (const body of [deep, deepObject]) {
        const { status, json } = await postJson(target, body);
        assert.equal(status, 400, `${target.name}: ${status}`);
        assert.match(json.error?.code ?? '', /^(VALIDATION_ERROR|INVALID_JSON)$/, target.name);
      }
    }
  });

  it('no body is read without the cheap checks first: an API key, a signature header, JSON', async () => {
    const api = targets[0]!;
    const { 'X-API-Key': _key, ...keyless } = api.headers;
    assert.equal(await sendHuge({ ...api, headers: keyless }, true), 401);
    const receiver = targets.find((t) => t.name.startsWith('webhook'))!;
    const { 'Onramp-Signature': _signature, ...unsigned } = receiver.headers;
    assert.equal(await sendHuge({ ...receiver, headers: unsigned }, true), 400);
    assert.equal(
      await sendHuge({ ...receiver, headers: { ...receiver.headers, 'Content-Type': 'text/plain' } }, true),
      415,
    );
  });
});
