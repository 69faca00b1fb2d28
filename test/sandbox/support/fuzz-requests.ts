/**
 * The fuzz generators (fast-check): methods, paths (known, near misses, garbage), queries, keys,
 * headers and bodies (wrong-typed fields, deep nesting, bytes, broken JSON), put together as requests.
 */
import fc from 'fast-check';
import { operationPaths } from '../../../demo/onramp-api/http/operation-routes.js';
import { OPENAPI_PATH } from '../../../demo/onramp-api/routes/openapi.js';
import { WALLET, sessionBody } from '../helpers.js';
import { type FuzzRequest, real, t } from './fuzz-sandbox.js';

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

const knownPath = fc.constantFrom(...operationPaths().keys(), OPENAPI_PATH, '/', '/health');

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

/** A whole request, with the sandbox's keys and real objects put in where the generators name them. */
export const fuzzRequest = fc
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
