/**
 * The demo serves like a CDN (demo/shop/server/cdn.ts): brotli, gzip or nothing by `Accept-Encoding`,
 * `Vary`, an ETag per representation answered `304`, a year `immutable` for hashed names and
 * `no-cache` for stable ones; its pages are compressed and preconnect to the API and the checkout.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import {
  cdnFiles,
  etagMatches,
  IMMUTABLE,
  isHashedName,
  negotiateEncoding,
  REVALIDATE,
} from '../../demo/shop/server/cdn.js';
import {
  compressResponses,
  DYNAMIC_COMPRESS_MAX,
  DYNAMIC_COMPRESS_MIN,
} from '../../demo/shop/server/compress-responses.js';
import { startDemo } from '../../demo/shop/server/demo-server.js';

const SCRIPT = `console.log(${JSON.stringify('onramp '.repeat(2000))});\n`;
let root: string;
let app: Hono;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'cdn-'));
  mkdirSync(join(root, 'dist/locales'), { recursive: true });
  writeFileSync(join(root, 'dist/onramp-checkout.iife.js'), SCRIPT);
  writeFileSync(join(root, 'dist/de-Dmu9IuJW.js'), SCRIPT);
  writeFileSync(join(root, 'dist/pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(root, 'secret.txt'), 'not served');
  app = new Hono();
  app.use('*', compressResponses());
  app.get('/dist/*', cdnFiles(join(root, 'dist'), '/dist/'));
  app.get('/page', (c) => c.html(`<!doctype html><p>${'hello '.repeat(200)}</p>`));
  app.get('/big.json', (c) => c.json({ data: 'x'.repeat(DYNAMIC_COMPRESS_MAX) }));
  app.get(
    '/big-stream.json',
    () =>
      new Response(new Blob([JSON.stringify({ data: 'y'.repeat(DYNAMIC_COMPRESS_MAX) })]).stream(), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  app.get(
    '/small-stream.json',
    () =>
      new Response(new Blob([JSON.stringify({ data: 'z'.repeat(2000) })]).stream(), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  app.get('/small.json', (c) => c.json({ success: false, error: { code: 'RATE_LIMITED' } }, 429));
  app.notFound((c) => c.text('Not found', 404));
});

after(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

test('Accept-Encoding picks brotli, then gzip, then none; q=0 refuses one', () => {
  assert.equal(negotiateEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(negotiateEncoding('gzip, br;q=0'), 'gzip');
  assert.equal(negotiateEncoding('br;q=0, gzip;q=0'), 'identity');
  assert.equal(negotiateEncoding('*'), 'br');
  assert.equal(negotiateEncoding('identity'), 'identity');
  assert.equal(negotiateEncoding(undefined), 'identity');
  assert.ok(etagMatches('W/"abc-br", "x"', '"abc-br"') && etagMatches('*', '"a"') && !etagMatches('"abc"', '"abc-br"'));
});

test('the script-tag file in brotli, gzip and as is: same bytes, Vary, no-cache and an ETag each', async () => {
  const etags = new Set<string>();
  for (const [accept, encoding, decode] of [
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['identity', null, (body: Buffer) => body],
  ] as const) {
    const response = await get('/dist/onramp-checkout.iife.js', { 'Accept-Encoding': accept });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('Content-Encoding'), encoding, accept);
    assert.equal(response.headers.get('Vary'), 'Accept-Encoding');
    assert.equal(response.headers.get('Cache-Control'), REVALIDATE);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/javascript/);
    const body = await bytes(response);
    assert.equal(Number(response.headers.get('Content-Length')), body.length);
    if (encoding) assert.ok(body.length < SCRIPT.length / 10, `${accept} compresses`);
    assert.equal(decode(body).toString(), SCRIPT);
    etags.add(response.headers.get('ETag') ?? '');
  }
  assert.equal(etags.size, 3, 'one ETag per representation');
});

test('If-None-Match with the current ETag is 304 with no body; a stale one gets the file', async () => {
  const first = await get('/dist/onramp-checkout.iife.js', { 'Accept-Encoding': 'br' });
  const etag = first.headers.get('ETag')!;
  const again = await get('/dist/onramp-checkout.iife.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
  assert.equal(again.status, 304);
  assert.equal((await bytes(again)).length, 0);
  assert.equal(again.headers.get('ETag'), etag);
  assert.equal(again.headers.get('Cache-Control'), REVALIDATE);
  const stale = await get('/dist/onramp-checkout.iife.js', { 'Accept-Encoding': 'br', 'If-None-Match': '"stale"' });
  assert.equal(stale.status, 200);
});

test('a changed file gets a new ETag', async () => {
  const before = (await get('/dist/onramp-checkout.iife.js')).headers.get('ETag');
  writeFileSync(join(root, 'dist/onramp-checkout.iife.js'), `${SCRIPT}// v2\n`);
  const changed = await get('/dist/onramp-checkout.iife.js');
  assert.notEqual(changed.headers.get('ETag'), before);
  assert.match((await bytes(changed)).toString(), /v2/);
  writeFileSync(join(root, 'dist/onramp-checkout.iife.js'), SCRIPT);
});

test('hashed names are cached a year, immutable; images are not recompressed; nothing outside the root', async () => {
  assert.ok(
    isHashedName('dist/demo/ar-B3j8XfWY.js') &&
      !isHashedName('dist/custom-elements.json') &&
      !isHashedName('dist/demo/event-log.js'),
  );
  const hashed = await get('/dist/de-Dmu9IuJW.js', { 'Accept-Encoding': 'br' });
  assert.equal(hashed.headers.get('Cache-Control'), IMMUTABLE);
  const image = await get('/dist/pixel.png', { 'Accept-Encoding': 'br' });
  assert.equal(image.headers.get('Content-Encoding'), null);
  assert.equal((await get('/dist/../secret.txt')).status, 404);
  assert.equal((await get('/dist/%2e%2e/secret.txt')).status, 404);
  // An encoded slash survives the router's decoding: never decoded a second time into `../`.
  for (const path of [
    '/dist/..%2Fsecret.txt',
    '/dist/%2e%2e%2Fsecret.txt',
    '/dist/locales/..%2F..%2Fsecret.txt',
    '/dist/..%5Csecret.txt',
    '/dist/%E0%A4%A',
  ]) {
    assert.equal((await get(path)).status, 404, path);
  }
  assert.equal((await get('/dist/missing.js')).status, 404);
});

test('rendered pages are compressed too, with Vary', async () => {
  const page = await get('/page', { 'Accept-Encoding': 'gzip' });
  assert.equal(page.headers.get('Content-Encoding'), 'gzip');
  assert.equal(page.headers.get('Vary'), 'Accept-Encoding');
  assert.match(gunzipSync(await bytes(page)).toString(), /hello hello/);
  const plain = await get('/page');
  assert.equal(plain.headers.get('Content-Encoding'), null);
  assert.equal(plain.headers.get('Vary'), 'Accept-Encoding');
});

test("a dynamic answer past DYNAMIC_COMPRESS_MAX is sent as it is (one visitor's large answers never fill the shared compression pool)", async () => {
  for (const path of ['/big.json', '/big-stream.json']) {
    const response = await get(path, { 'Accept-Encoding': 'br, gzip' });
    assert.equal(response.headers.get('Content-Encoding'), null, path);
    assert.equal(response.headers.get('Vary'), 'Accept-Encoding', path);
    const body = JSON.parse((await bytes(response)).toString()) as { data: string };
    assert.equal(body.data.length, DYNAMIC_COMPRESS_MAX, path);
  }
});

test('a streamed answer of unknown length is compressed when it ends within DYNAMIC_COMPRESS_MAX', async () => {
  const response = await get('/small-stream.json', { 'Accept-Encoding': 'gzip' });
  assert.equal(response.headers.get('Content-Encoding'), 'gzip');
  assert.equal(response.headers.get('Vary'), 'Accept-Encoding');
  const body = await bytes(response);
  assert.equal(Number(response.headers.get('Content-Length')), body.length);
  assert.equal((JSON.parse(gunzipSync(body).toString()) as { data: string }).data.length, 2000);
});

test('an answer under DYNAMIC_COMPRESS_MIN is sent as it is, with Vary', async () => {
  const response = await get('/small.json', { 'Accept-Encoding': 'br, gzip' });
  assert.equal(response.status, 429);
  assert.equal(response.headers.get('Content-Encoding'), null);
  assert.equal(response.headers.get('Vary'), 'Accept-Encoding');
  assert.ok(DYNAMIC_COMPRESS_MIN > (await bytes(response)).length);
});

test('the demo pages preconnect to the API (crossorigin) and the checkout', async (t) => {
  const demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
  t.after(() => demo.close());
  const api = new URL(demo.sandbox.apiUrl).origin;
  const checkout = new URL(demo.sandbox.checkoutUrl).origin;
  for (const path of ['/', '/demo/script-tag', '/demo/session']) {
    const response: Response = await fetch(`${demo.url}${path}`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(response.headers.get('Content-Encoding'), 'br', path);
    const html = await response.text();
    assert.ok(html.includes(`<link rel="preconnect" href="${api}" crossorigin>`), `${path}: API`);
    assert.ok(html.includes(`<link rel="preconnect" href="${checkout}">`), `${path}: checkout`);
  }
});
