/**
 * Fuzzing every endpoint with generated methods, paths, headers and bodies (fast-check). Whatever
 * arrives, the answer is JSON (the error envelope, or a success envelope), carries a `Request-Id`,
 * is never a 500, never HTML and never shows a stack trace or a file path. Requests go through
 * node:http so paths reach the server as written (`..`, `//`, raw Latin-1 bytes, no normalising).
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { createdSessionSchema, errorEnvelopeSchema } from '../../src/contract/index.js';
import { API_PATHS } from '../../demo/sandbox/http/app.js';
import { OPENAPI_PATH } from '../../demo/sandbox/routes/openapi.js';
import { DocumentValidator } from '../openapi/validator.js';
import { type TestSandbox, WALLET, expectData, sessionBody, startTestSandbox } from './helpers.js';

let t: TestSandbox;
const logged: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
/** Real objects, so generated requests also hit the found-object paths. */
const real = { sessionId: '', clientSecret: '', transactionId: '', revokedKey: '' };

before(async () => {
  t = await startTestSandbox({ log: (line) => logged.push(line) });
  const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
  real.sessionId = s.session_id;
  real.clientSecret = s.client_secret;
  real.transactionId = (
    (await t.call('GET', `/v1/onramp?session_id=${s.session_id}`)).json as { data: { id: string } }
  ).data.id;
  const revoked = (await t.call('POST', '/v1/keys', { body: { name: 'revoked', environment: 'test' } })).json as {
    data: { id: string; key: string };
  };
  await t.call('DELETE', `/v1/keys/${revoked.data.id}`);
  real.revokedKey = revoked.data.key;
});
after(async () => {
  agent.destroy();
  await t.close();
});

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

function send(req: FuzzRequest): Promise<RawReply> {
  const url = new URL(t.sandbox.apiUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    const r = request(
      { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

// ---- generators ----

/** A header-safe string: what node:http lets a client send (tab, visible ASCII, Latin-1). */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
      fc.constant('\t'),
    ),
    maxLength,
  });

const segment = fc.oneof(
  fc.constantFrom(
    'ors_AAAAAAAAAAAAAAAAAAAAAAAA',
    'txn_1',
    'key_1',
    'whk_1',
    '..',
    '.',
    '',
    '%2e%2e',
    '%2F',
    '%00',
    '%ZZ',
    '%',
    'deliveries',
    'null',
    'undefined',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.string({
    unit: fc.integer({ min: 0xa1, max: 0xff }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 6,
  }),
);

const knownPath = fc.constantFrom(...Object.keys(API_PATHS), '/', '/health');

const path = fc.oneof(
  {
    weight: 4,
    arbitrary: knownPath.chain((p) =>
      fc.tuple(fc.constant(p), segment, segment).map(([p, a, b]) => p.replace(':id', () => a).replace(':id', () => b)),
    ),
  },
  {
    weight: 2,
    // Near misses: case, trailing or doubled slashes, extensions, a segment too many.
    arbitrary: fc
      .tuple(knownPath, fc.constantFrom('upper', 'slash', 'double', 'ext', 'extra', 'dotdot', 'prefix'))
      .map(([p, how]) => {
        const base = p.replace(':id', 'x');
        switch (how) {
          case 'upper':
            return base.toUpperCase();
          case 'slash':
            return `${base}/`;
          case 'double':
            return base.replace('/v1/', '//v1//');
          case 'ext':
            return `${base}.json`;
          case 'extra':
            return `${base}/extra/more`;
          case 'dotdot':
            return `/v1/../..${base}/../${base.slice(1)}`;
          default:
            return `/api${base}`;
        }
      }),
  },
  { weight: 1, arbitrary: fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`) },
  { weight: 1, arbitrary: fc.integer({ min: 2000, max: 8000 }).map((n) => `/v1/transactions/${'a'.repeat(n)}`) },
);

const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e2',
    '99999999999999999999',
    'null',
    '%00',
    '%ZZ',
    '[]',
    'pending',
    'expired',
    '2025-13-45',
    WALLET,
    'ETH',
  ),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'session_id',
          'page',
          'limit',
          'status',
          'from',
          'to',
          'wallet_address',
          'crypto_currency',
          'session_id[]',
          '__proto__',
          'constructor',
        ),
        queryValue,
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  fc.constant('?session_id=REAL'),
);

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'OPTIONS', 'HEAD') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'PATCH', 'PROPFIND', 'PURGE', 'LINK', 'SEARCH', 'REPORT', 'MKCOL') },
);

const apiKey = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'TEST_SK',
    'TEST_PK',
    'LIVE_SK',
    'LIVE_PK',
    'REVOKED',
    '',
    ' ',
    'onramp_test_sk_',
    'onramp_test_sk_' + 'x'.repeat(32),
    'other_test_sk_abc',
    'null',
  ),
  headerText(80),
  fc.integer({ min: 1000, max: 8000 }).map((n) => 'k'.repeat(n)),
);
const contentType = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'application/xml',
    '*/*',
    '',
  ),
  headerText(60),
);
const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', 'order-1', 'é', 'x'.repeat(255), 'x'.repeat(256), 'x'.repeat(4000)),
  },
  { weight: 1, arbitrary: headerText(40) },
);
const clientSecret = fc.oneof(fc.constant(undefined), fc.constantFrom('REAL', '', 'ors_x_secret_y'), headerText(60));

/** Values of the wrong type, or right-ish ones, for any field. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -0,
    1000,
    1000000,
    '',
    ' ',
    'ETH',
    'USDC',
    'polygon',
    'ethereum',
    'USD',
    'test',
    'live',
    'secret',
    'publishable',
    'failed',
    'completed',
    'pending',
    'expired',
    'processing',
    WALLET,
    WALLET.toLowerCase(),
    'onramp:read',
    'https://ok.example',
    'javascript:alert(1)',
    '\u0000',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.constantFrom('onramp:read', 'onramp:create', 'root', 1, null), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), {
    maxKeys: 5,
  }),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'y'.repeat(n)),
);
const FIELDS = [
  'wallet_address',
  'crypto_currency',
  'fiat_amount',
  'fiat_currency',
  'network',
  'customer_email',
  'metadata',
  'return_url',
  'name',
  'environment',
  'permissions',
  'type',
  'session_id',
  'to',
  'url',
  'events',
  '__proto__',
  'constructor',
];

/** Nesting `depth` deep inside an object, e.g. {"metadata":[[[...]]]} or {"a":{"a":{...}}}. */
const deep = fc
  .tuple(fc.integer({ min: 10, max: 40_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `{"metadata":${'['.repeat(depth)}${']'.repeat(depth)}}`
      : `${'{"a":'.repeat(Math.min(depth, 12_000))}1${'}'.repeat(Math.min(depth, 12_000))}`,
  );

const body: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ fill: fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 3 }) })
      .map(({ fill }) => JSON.stringify({ ...sessionBody(), ...fill })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '{"a":',
      'nul',
      '\uFEFF{}',
      '{"a":1}garbage',
      '1e99999',
      '"\\ud800"',
      '{"__proto__":{"x":1}}',
      'a=1&b=2',
    ),
  },
);

const fuzzRequest = fc
  .record({ method, path, query, apiKey, contentType, idempotencyKey, clientSecret, body })
  .map(({ method, path, query, apiKey, contentType, idempotencyKey, clientSecret, body }): FuzzRequest => {
    const headers: Record<string, string> = {};
    const keys: Record<string, string> = {
      TEST_SK: t.keys.test.secret,
      TEST_PK: t.keys.test.publishable,
      LIVE_SK: t.keys.live.secret,
      LIVE_PK: t.keys.live.publishable,
      REVOKED: real.revokedKey,
    };
    if (apiKey !== undefined) headers['X-API-Key'] = keys[apiKey] ?? apiKey;
    if (contentType !== undefined) headers['Content-Type'] = contentType;
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    if (clientSecret !== undefined)
      headers['X-Client-Secret'] = clientSecret === 'REAL' ? real.clientSecret : clientSecret;
    const fullPath = (path + query)
      .replace('session_id=REAL', `session_id=${real.sessionId}`)
      .replace('/txn_1', `/${real.transactionId}`);
    return {
      method,
      path: fullPath.startsWith('/') ? fullPath : `/${fullPath}`,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    };
  });

// ---- the property ----

const STACK = /\n\s+at |\bat [^\s]+ \(|\.(ts|js|mjs|cjs):\d+|\/work\/|node_modules|file:\/\/|Error: /;

const documentValidator = new DocumentValidator();

function checkReply(req: FuzzRequest, reply: RawReply): void {
  const where = `${req.method} ${req.path.slice(0, 200)} -> ${reply.status} ${reply.body.slice(0, 300)}`;
  assert.ok(reply.status >= 200 && reply.status < 600, where);
  assert.notEqual(reply.status, 500, where);
  const requestId = reply.headers['request-id'];
  assert.ok(typeof requestId === 'string' && /^req_[A-Za-z0-9]+$/.test(requestId), `Request-Id missing: ${where}`);
  assert.doesNotMatch(reply.body, STACK, `stack trace or path in the body: ${where}`);
  assert.doesNotMatch(reply.body, /<html|<!doctype|<body/i, `HTML in the body: ${where}`);
  const type = String(reply.headers['content-type'] ?? '');
  assert.doesNotMatch(type, /html/i, where);
  // HEAD answers and CORS preflights (204) carry no body; everything else is a JSON envelope.
  if (req.method === 'HEAD' || reply.status === 204) {
    assert.equal(reply.body, '', where);
    return;
  }
  assert.match(type, /^application\/json/, where);
  const json: unknown = JSON.parse(reply.body);
  const problems = documentValidator.check(req.method, req.path, reply.status, json);
  assert.equal(problems ?? null, null, `disagrees with the OpenAPI document: ${where}\n${problems?.join('\n')}`);
  // The OpenAPI document is the one answer that is not an envelope.
  if (reply.status === 200 && req.path.split('?')[0] === OPENAPI_PATH) {
    assert.equal((json as { openapi?: unknown }).openapi, '3.1.1', where);
    return;
  }
  if (reply.status >= 400) {
    const parsed = z.safeParse(errorEnvelopeSchema, json);
    assert.ok(parsed.success, `not the error envelope: ${where}`);
    assert.equal(parsed.data.error.request_id, requestId, where);
    assert.ok(parsed.data.error.message.length > 0, where);
  } else {
    assert.ok(reply.status < 300, where);
    const parsed = z.safeParse(z.object({ success: z.literal(true), data: z.unknown() }), json);
    assert.ok(parsed.success, `not a success envelope: ${where}`);
  }
}

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
    const posts = Object.entries(API_PATHS)
      .filter(([, methods]) => methods.includes('POST'))
      .map(([p]) => p);
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

/** Writes raw bytes to the API port and returns what comes back until the server closes. */
function sendRaw(bytes: Buffer): Promise<string> {
  const url = new URL(t.sandbox.apiUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

describe('fuzzing below HTTP (what the app never sees)', () => {
  it('answers unparsable requests, unreadable targets and oversized headers with the envelope and a Request-Id', async () => {
    logged.length = 0;
    const lineEnd = fc.constantFrom('\r\n', '\n');
    const rawRequest = fc.oneof(
      // A generated request line: any method token, any bytes as the target, any version.
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'FOO', 'G E T', ''),
          fc.oneof(
            fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
            fc.constantFrom(
              '*',
              '/v1/\u00e9',
              '/v1/keys',
              'http://evil.example/v1/keys',
              '//',
              '/%',
              '/v1/onramp?session_id=\u00ff',
            ),
          ),
          fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 extra', ''),
          lineEnd,
        )
        .map(([m, target, version, nl]) =>
          Buffer.from(`${m} ${target} ${version}${nl}Host: x${nl}Connection: close${nl}${nl}`, 'latin1'),
        ),
      // Headers over the limit, or malformed ones.
      fc
        .tuple(fc.integer({ min: 17_000, max: 40_000 }), fc.constantFrom('X-API-Key', 'X-Junk', 'Idempotency-Key'))
        .map(([n, name]) =>
          Buffer.from(`GET /v1/keys HTTP/1.1\r\nHost: x\r\n${name}: ${'a'.repeat(n)}\r\nConnection: close\r\n\r\n`),
        ),
      fc
        .uint8Array({ minLength: 1, maxLength: 30 })
        .map((b) =>
          Buffer.concat([
            Buffer.from('GET /v1/keys HTTP/1.1\r\nHost: x\r\nX-API-Key: '),
            Buffer.from(b),
            Buffer.from('\r\nConnection: close\r\n\r\n'),
          ]),
        ),
      // Conflicting framing, and plain garbage.
      fc.constant(
        Buffer.from(
          'POST /v1/onramp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nhello',
        ),
      ),
      fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .map((b) => Buffer.concat([Buffer.from(b), Buffer.from('\r\n\r\n')])),
    );
    await fc.assert(
      fc.asyncProperty(rawRequest, async (bytes) => {
        const answer = await sendRaw(bytes);
        const where = `${JSON.stringify(bytes.toString('latin1').slice(0, 120))} -> ${answer.slice(0, 300)}`;
        if (answer === '') return; // The server may close a connection that never formed a request.
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        assert.ok(status >= 200 && status < 600 && status !== 500, where);
        assert.match(head, /\r\nrequest-id: req_[A-Za-z0-9]+\r\n/i, where);
        assert.match(head, /\r\ncontent-type: application\/json/i, where);
        assert.doesNotMatch(body, STACK, where);
        const chunked = /transfer-encoding: chunked/i.test(head);
        const json = chunked ? body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n$|\r\n$/gi, '') : body;
        const parsed: unknown = JSON.parse(Buffer.from(json, 'latin1').toString('utf8'));
        if (status >= 400) assert.ok(z.safeParse(errorEnvelopeSchema, parsed).success, where);
      }),
      { numRuns: 60 },
    );
    assert.deepEqual(logged, [], 'no internal error was logged');
  });
});
