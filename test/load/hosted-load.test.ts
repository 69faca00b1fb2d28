/**
 * One visitor cannot slow another, on a busy machine too (issues 25 and 40, docs/design.md "The
 * public demo"). The public demo runs in a process of its own (as systemd runs it) beside two CPU
 * hogs of the test's own (a public host is contended, by other work and by the flood itself); one
 * visitor fills their account with 100 sessions of the largest metadata allowed and floods their own
 * transaction list (`limit=100`, through the API and through their console) at twice the rate their
 * secret-key limit allows, while another visitor loads pages. The other visitor's latency is
 * measured before and during the flood, both with the hogs running, and printed; during the flood
 * their p95 stays within 3× the baseline's. A ratio, not a wall-clock budget: what the machine
 * lends the process moves both alike, what the flood takes from the other visitor moves only one.
 * Bounded: about 20 s, loopback only.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type HostedProcess, PUBLIC, newVisitor, send, startHostedProcess } from '../node/support/hosted-process.js';
import { type CpuHogs, startCpuHogs } from './support/cpu-hogs.js';

const BASELINE_MS = 4000;
const FLOOD_MS = 8000;
/** Twice the secret key's 25 a second: the limit, not the flooder, decides how many are served. */
const FLOOD_PER_SECOND = 50;
/** During the flood, the other visitor's p95 is at most this many times the baseline's. */
const P95_RATIO_MAX = 3;
/**
 * The baseline p95 the ratio is taken of is at least this: an idle loop answers a page in a few
 * milliseconds, and a few milliseconds more of the kernel's scheduling between the hogs (its time
 * slices are that long) would then be a "3×" without any flood; 20 ms is still a fraction of
 * what one visitor blocking the loop costs the other (seconds, issue 40).
 */
const BASELINE_FLOOR_MS = 20;
/** Two hogs: one per core of the 2-core machine the figures in docs/hosting.md come from. */
const HOGS = 2;
/** Longer than the whole test (start, sessions, baseline, flood), so they spin through it; then they stop. */
const HOG_MAX_MS = 60_000;
const PAGES = ['/', '/console', '/favicon.ico', '/api/webhook-events', '/api/console/account'];

const cjk = (count: number, chars: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${String(i).padStart(2, '0')}`, '漢'.repeat(chars)]));
/**
 * The largest metadata the server takes, tried in turn: the review's (50 values of 400 CJK
 * characters, about 60 KB, which a server bounding characters alone accepts), then 20 values of
 * 130 (7,982 bytes as UTF-8 JSON, the most docs/design.md's 8 KB allows of it).
 */
const METADATA_TRIED = [cjk(50, 400), cjk(20, 130)];
const order = (metadata: Record<string, string>) => ({
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  crypto_currency: 'ETH',
  fiat_amount: 5000,
  fiat_currency: 'USD',
  metadata,
});

let dir: string;
let demo: HostedProcess;
let hogs: CpuHogs | undefined;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onramp-load-'));
  demo = await startHostedProcess(
    join(dir, 'hosted.db'),
    { TEST_CREATIONS_PER_ACCOUNT: '200' },
    'test/node/support/hosted-demo-main.ts',
  );
  hogs = startCpuHogs(HOGS, HOG_MAX_MS);
});
after(async () => {
  await hogs?.stop();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET whose body is counted and dropped (a flood's answer is most of a megabyte). */
function drain(
  base: string,
  path: string,
  headers: Record<string, string>,
  host: string,
): Promise<{ status: number; bytes: number; encoding: string | undefined }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { Host: host, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

it("beside two CPU hogs, one visitor flooding their own transaction list keeps another visitor's p95 within 3× the baseline's", async () => {
  const apiUrl = demo.apiUrl;
  assert.ok(apiUrl, 'the harness prints the API address');
  const apiHost = new URL(PUBLIC.api).host;

  // The flooder: their console mints a secret key; 100 sessions of the largest metadata.
  const flooder = await newVisitor(demo.url, '198.51.100.50');
  const minted = await flooder.call('POST', '/api/console/keys', {
    name: 'flood',
    type: 'secret',
    environment: 'test',
  });
  assert.equal(minted.status, 201, minted.text);
  const key = (JSON.parse(minted.text) as { data: { key: string } }).data.key;
  const asFlooder = { 'X-API-Key': key, 'X-Forwarded-For': flooder.address };
  let metadata: Record<string, string> | undefined;
  for (const tried of METADATA_TRIED) {
    const created = await send(apiUrl, 'POST', '/v1/onramp', asFlooder, order(tried), apiHost);
    if (created.status === 201) {
      metadata = tried;
      break;
    }
    assert.equal(created.status, 400, created.text);
  }
  assert.ok(metadata, 'some metadata was taken');
  for (let i = 1; i < 100; i += 1) {
    const created = await send(apiUrl, 'POST', '/v1/onramp', asFlooder, order(metadata), apiHost);
    assert.equal(created.status, 201, created.text);
  }

  const other = await newVisitor(demo.url, '198.51.100.60');
  const samples = { before: [] as number[], during: [] as number[] };
  let phase: keyof typeof samples | null = 'before';
  const browse = (async () => {
    for (let i = 0; phase !== null; i += 1) {
      const path = PAGES[i % PAGES.length]!;
      const started = performance.now();
      const answer = await drain(
        demo.url,
        path,
        { Cookie: other.cookie, 'X-Forwarded-For': other.address, 'Accept-Encoding': 'br, gzip' },
        'shop.example',
      );
      const took = performance.now() - started;
      assert.ok(answer.status === 200 || answer.status === 204, `${path}: ${answer.status}`);
      if (phase !== null) samples[phase].push(took);
      await sleep(25);
    }
  })();

  // Baseline while the flooder's secret-key bucket fills again (100 at once, then 25 a second).
  await sleep(BASELINE_MS);
  phase = 'during';
  const flood: Promise<{ status: number; bytes: number }>[] = [];
  const floodStart = performance.now();
  for (let i = 0; performance.now() - floodStart < FLOOD_MS; i += 1) {
    const headers = { ...asFlooder, 'Accept-Encoding': 'br, gzip' };
    // Through the API itself and through the visitor's console (its server passes the answer on).
    flood.push(
      i % 2 === 0
        ? drain(apiUrl, '/v1/transactions?limit=100', headers, apiHost)
        : drain(
            demo.url,
            '/api/console/transactions?limit=100',
            { Cookie: flooder.cookie, 'X-Forwarded-For': flooder.address, 'Accept-Encoding': 'br, gzip' },
            'shop.example',
          ),
    );
    await sleep(1000 / FLOOD_PER_SECOND);
  }
  const answers = await Promise.all(flood);
  phase = null;
  await browse;
  const contended = hogs?.running() === true;

  const pages = answers.filter((a) => a.status === 200);
  const limited = answers.filter((a) => a.status === 429).length;
  const figures = {
    before: { p50: percentile(samples.before, 50), p95: percentile(samples.before, 95), n: samples.before.length },
    during: { p50: percentile(samples.during, 50), p95: percentile(samples.during, 95), n: samples.during.length },
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const ratio = figures.during.p95 / Math.max(figures.before.p95, BASELINE_FLOOR_MS);
  console.log(
    `[load] beside ${HOGS} CPU hogs, another visitor's pages: before the flood p50 ${round(figures.before.p50)} ms, p95 ${round(figures.before.p95)} ms (${figures.before.n}); ` +
      `during p50 ${round(figures.during.p50)} ms, p95 ${round(figures.during.p95)} ms (${figures.during.n}); ` +
      `p95 ratio ${round(ratio)} (at most ${P95_RATIO_MAX}, baseline floor ${BASELINE_FLOOR_MS} ms). ` +
      `Flood: ${answers.length} requests in ${FLOOD_MS / 1000} s, ${pages.length} pages of 100 transactions served ` +
      `(${Math.round(Math.max(...pages.map((p) => p.bytes)) / 1024)} KB the largest), ${limited} refused 429.`,
  );
  assert.ok(pages.length >= 100, `the flood was real: ${pages.length} full pages served`);
  assert.ok(
    pages.every((p) => p.bytes < 1024 * 1024),
    'every page under a megabyte',
  );
  assert.ok(figures.during.n >= 10, 'the other visitor kept loading pages');
  assert.ok(contended, 'the hogs spun through the baseline and the flood');
  assert.ok(
    ratio <= P95_RATIO_MAX,
    `p95 during the flood ${round(figures.during.p95)} ms is ${round(ratio)}× the baseline's ${round(figures.before.p95)} ms`,
  );
});
