/**
 * Issue 40, finding 8: the doctor bounded each fetch but not how many (a page opened 5,000
 * connections at once; 200 stalled scripts took it to 1.56 GB; 6,000 elements × 6,000 CSP policies
 * took 89 s of CPU; every distinct api-base was a lookup the page chose). The same pages on
 * loopback, now: the server counts the sockets open at once and the requests; the run ends within
 * its time; what was left unchecked is said. Small injected bounds where the real ones take long,
 * the real ones where they do not.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { MAX_APIS } from './api-probes.js';
import { RUN_LIMITS } from './fetch-budget.js';
import { type CountingServer, countingServer, runDoctor, watchingConnects } from './hostile.test-helpers.js';
import { MAX_ELEMENTS, MAX_POLICIES, MAX_SCRIPTS } from './work-bounds.js';

const SCRIPT = 'window.OnrampCheckout = {};\n';
const SRI = `sha384-${createHash('sha384').update(SCRIPT).digest('base64')}`;
const KEYS = 'publishable-key="onramp_test_pk_h0st1le" client-secret="ors_h0st1le_secret_abc123"';

/** The page at `/`; each script at `/s/<n>/onramp-checkout.js` stalls, or answers (`fast`), or is `big`. */
let pageHtml = '';
let scripts: 'stall' | 'fast' | 'big' = 'stall';
const BIG = 'x'.repeat(100_000);
let server: CountingServer;

before(async () => {
  server = await countingServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'Content-Type': 'text/html' }).end(pageHtml);
    else if (scripts === 'fast') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(SCRIPT);
    else if (scripts === 'big') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(BIG);
    // 'stall': never answered; the doctor gives up.
  });
});

after(() => server.close());

function reset(html: string, mode: typeof scripts): void {
  pageHtml = html;
  scripts = mode;
  Object.assign(server.counts, { connections: 0, maxOpen: 0, requests: 0 });
  server.counts.paths.clear();
}

const scriptTags = (count: number): string =>
  Array.from({ length: count }, (_, n) => `<script src="/s/${n}/onramp-checkout.js" integrity="${SRI}"></script>`).join(
    '\n',
  );

async function doctorJson(options: Parameters<typeof runDoctor>[1] = {}) {
  const started = performance.now();
  const { status, stdout } = await runDoctor(['doctor', `${server.origin}/`, '--json'], options);
  const report = JSON.parse(stdout) as { findings: { code: string }[]; notes: string[]; checked: { apis: number } };
  return { status, report, notes: report.notes.join('\n'), ms: performance.now() - started };
}

test('2,000 stalled scripts: 8 sockets open at most, the run ends at its deadline, what was cut short is said', async () => {
  reset(scriptTags(2000), 'stall');
  const runMs = 1000;
  const { status, notes, ms } = await doctorJson({ limits: { runMs } });
  assert.equal(status, 0);
  assert.equal(server.counts.maxOpen, RUN_LIMITS.connections);
  // The page and the first 8 scripts: the rest were never sent, the deadline having come.
  assert.equal(server.counts.requests, 1 + RUN_LIMITS.connections);
  assert.ok(ms < runMs + 1500, `${ms} ms`);
  assert.match(notes, /requests not made or cut short: the run's 1 s were up\./);
  assert.match(notes, new RegExp(`${MAX_SCRIPTS} widget script tags were not read within the run's bounds`));
  assert.match(notes, new RegExp(`Only the first ${MAX_SCRIPTS} of 2000 widget script tags were checked`));
});

test('stalled scripts with a short deadline each: waves of 8, 64 requests in all, then none', async () => {
  reset(scriptTags(2000), 'stall');
  const { notes, ms } = await doctorJson({ limits: { requestMs: 100, runMs: 5000 } });
  assert.ok(server.counts.maxOpen <= RUN_LIMITS.connections, `${server.counts.maxOpen} open at once`);
  assert.equal(server.counts.requests, RUN_LIMITS.requests);
  assert.ok(ms < 5000, `${ms} ms`);
  assert.match(notes, /could not be read \(no answer within 0\.1 s\)/);
  assert.match(
    notes,
    new RegExp(`${MAX_SCRIPTS - RUN_LIMITS.requests + 1} requests not made: the doctor makes at most 64 in a run\\.`),
  );
});

test('the real bounds: 1,000 scripts that answer at once, 64 requests and 8 sockets at most', async () => {
  reset(scriptTags(1000), 'fast');
  const { status, report, ms } = await doctorJson();
  assert.equal(status, 0, JSON.stringify(report.findings));
  assert.equal(server.counts.requests, RUN_LIMITS.requests);
  assert.ok(server.counts.maxOpen <= RUN_LIMITS.connections);
  assert.ok(ms < RUN_LIMITS.runMs);
});

test('bytes: past the run allowance, answers are not read on, and not reported as mismatches', async () => {
  reset(scriptTags(8), 'big');
  const { status, report, notes } = await doctorJson({ limits: { bytes: 250_000 } });
  // Two bodies of 100 kB fit (their integrity does not match: errors); the rest are cut short.
  assert.equal(report.findings.filter((found) => found.code === 'SCRIPT_INTEGRITY_MISMATCH').length, 2);
  assert.equal(status, 1);
  assert.match(notes, /not read to the end: the doctor reads at most 250000 bytes in a run\./);
  assert.match(notes, /widget script tags were not read within the run's bounds/);
});

test('6,000 elements × 6,000 CSP policies: checked within the bounds in a moment, the rest said', async () => {
  const metas = Array.from(
    { length: 6000 },
    (_, n) => `<meta http-equiv="Content-Security-Policy" content="connect-src 'self' http://127.0.0.1:${n + 1}">`,
  ).join('');
  const elements = Array.from(
    { length: 6000 },
    (_, n) => `<onramp-checkout ${KEYS} api-base="http://127.0.0.1:${server.port}/e${n}"></onramp-checkout>`,
  ).join('\n');
  reset(`<!doctype html><html><head>${metas}</head><body>${elements}</body></html>`, 'fast');
  const { report, notes, ms } = await doctorJson();
  assert.ok(ms < 5000, `${ms} ms`);
  assert.match(notes, new RegExp(`Only the first ${MAX_ELEMENTS} of 6000 <onramp-checkout> elements were checked`));
  assert.match(notes, new RegExp(`Only the first ${MAX_POLICIES} of 6000 CSP policies were checked`));
  // Not every policy known: no API is asked (the page alone was fetched).
  assert.equal(report.checked.apis, 0);
  assert.equal(server.counts.requests, 1);
});

test(`distinct api-bases: at most ${MAX_APIS} asked, so at most ${MAX_APIS} names looked up`, async () => {
  const elements = Array.from(
    { length: 50 },
    (_, n) => `<onramp-checkout ${KEYS} api-base="https://api${n}.test"></onramp-checkout>`,
  ).join('\n');
  reset(`<!doctype html><html><body>${elements}</body></html>`, 'fast');
  const asked: string[] = [];
  // Private addresses: refused before any socket, so no request leaves loopback.
  const resolve = (name: string) => {
    asked.push(name);
    return Promise.resolve([{ address: '10.0.0.5', family: 4 as const }]);
  };
  const { result, hosts } = await watchingConnects(() => doctorJson({ resolve }));
  assert.equal(asked.length, MAX_APIS);
  assert.deepEqual(hosts, ['127.0.0.1']);
  assert.match(
    result.notes,
    new RegExp(`${50 - MAX_APIS} API bases more not asked: the doctor asks at most ${MAX_APIS} in a run\\.`),
  );
});
