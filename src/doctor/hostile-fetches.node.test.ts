/**
 * Issue 40, finding 7: the page decided where the doctor went (a loopback page's 302 to another host
 * was read, a script tag's redirect reached 169.254.169.254, script tags and api-bases sent requests
 * to any port and path). The same attacks on loopback, now: a second (and third) loopback server
 * counts what reaches it, and a watch on this process's sockets names every host connected to.
 * Names off loopback come from a resolver of the test's own and are refused before any socket opens.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, test } from 'node:test';
import type { ResolvedAddress } from './address-gate.js';
import { MAX_REDIRECTS } from './http.js';
import { type CountingServer, countingServer, runDoctor, watchingConnects } from './hostile.test-helpers.js';

const SCRIPT = 'window.OnrampCheckout = {};\n';
const SRI = `sha384-${createHash('sha384').update(SCRIPT).digest('base64')}`;
const KEYS = 'publishable-key="onramp_test_pk_h0st1le" client-secret="ors_h0st1le_secret_abc123"';

/** What the page server answers, by path: set by each test. */
const routes = new Map<string, (response: ServerResponse, request: IncomingMessage) => void>();
const html =
  (body: string, csp?: string) =>
  (response: ServerResponse): void => {
    const headers: Record<string, string> = { 'Content-Type': 'text/html' };
    if (csp) headers['Content-Security-Policy'] = csp;
    response.writeHead(200, headers).end(`<!doctype html><html><head></head><body>${body}</body></html>`);
  };
const redirect = (location: string) => (response: ServerResponse) =>
  response.writeHead(302, { Location: location }).end();

let page: CountingServer;
/** Another loopback server: a script host and an API that answer as they should. */
let other: CountingServer;
/** A third, named by no policy. */
let third: CountingServer;

function answerAsApiOrScript(request: IncomingMessage, response: ServerResponse): void {
  if (request.url?.endsWith('.js')) {
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(SCRIPT);
    return;
  }
  response
    .writeHead(request.method === 'OPTIONS' ? 204 : 401, {
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'x-api-key, x-client-secret',
    })
    .end(request.method === 'OPTIONS' ? undefined : '{"success":false}');
}

before(async () => {
  page = await countingServer((request, response) => {
    const route = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (route) route(response, request);
    else response.writeHead(404).end();
  });
  other = await countingServer(answerAsApiOrScript);
  third = await countingServer(answerAsApiOrScript);
});

after(async () => {
  await Promise.all([page.close(), other.close(), third.close()]);
});

const reset = () => {
  for (const server of [page, other, third]) {
    server.counts.connections = 0;
    server.counts.requests = 0;
    server.counts.paths.clear();
    server.counts.hosts.length = 0;
  }
};

test("a loopback page's 302 to another host: reported on stderr (exit 2), not followed", async () => {
  reset();
  routes.set('/moved', redirect(`${other.origin}/shop`));
  routes.set('/renamed', redirect(`http://localhost:${page.port}/shop`));
  for (const path of ['/moved', '/renamed']) {
    const { status, stdout, stderr } = await runDoctor(['doctor', `${page.origin}${path}`]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(
      stderr,
      /redirects to http:\/\/(127\.0\.0\.1|localhost):\d+\/shop, another origin: the doctor does not follow it/,
    );
  }
  assert.equal(other.counts.connections, 0);
  assert.deepEqual(page.counts.hosts, [`127.0.0.1:${page.port}`, `127.0.0.1:${page.port}`]);
});

test('redirects within the origin are followed, each hop counted, at most MAX_REDIRECTS', async () => {
  reset();
  routes.set('/old', redirect('/new'));
  routes.set('/new', html(`<onramp-checkout ${KEYS} api-base="${other.origin}"></onramp-checkout>`));
  routes.set('/loop', redirect('/loop'));
  const moved = await runDoctor(['doctor', `${page.origin}/old`, '--json']);
  assert.equal(moved.status, 0, moved.stdout);
  assert.match(moved.stdout, /Redirected to http:\/\/127\.0\.0\.1:\d+\/new: that page was read\./);
  const loop = await runDoctor(['doctor', `${page.origin}/loop`]);
  assert.equal(loop.status, 2);
  assert.match(loop.stderr, new RegExp(`more than ${MAX_REDIRECTS} redirects`));
  assert.equal(page.counts.paths.get('/loop'), MAX_REDIRECTS + 1);
});

test("script tags' redirects to another origin (another port, 169.254.169.254): noted, not followed", async () => {
  reset();
  routes.set(
    '/',
    html(
      `<script src="/a/onramp-checkout.js" integrity="${SRI}"></script><script src="/b/onramp-checkout.js" integrity="${SRI}"></script>`,
    ),
  );
  routes.set('/a/onramp-checkout.js', redirect(`${other.origin}/x/onramp-checkout.js`));
  routes.set('/b/onramp-checkout.js', redirect('http://169.254.169.254/latest/meta-data/onramp-checkout.js'));
  const { result, hosts } = await watchingConnects(() => runDoctor(['doctor', `${page.origin}/`, '--json']));
  assert.deepEqual(new Set(hosts), new Set(['127.0.0.1']));
  assert.equal(hosts.length, 3, 'the page and the two script tags, once each');
  assert.equal(other.counts.connections, 0);
  const notes = (JSON.parse(result.stdout) as { notes: string[] }).notes.join('\n');
  assert.match(
    notes,
    /redirects to http:\/\/127\.0\.0\.1:\d+\/x\/onramp-checkout\.js, another origin, which the doctor does not follow/,
  );
  assert.match(
    notes,
    /redirects to http:\/\/169\.254\.169\.254\/latest\/meta-data\/onramp-checkout\.js, another origin/,
  );
});

test("script tags and api-bases the page's CSP does not allow (a port, a path) are never contacted", async () => {
  reset();
  const csp = `script-src 'self' ${other.origin}/allowed/; connect-src 'self' ${other.origin}/api/allowed/`;
  routes.set(
    '/',
    html(
      [
        `<script src="${other.origin}/allowed/onramp-checkout.js" integrity="${SRI}" crossorigin></script>`,
        `<script src="${other.origin}/denied/onramp-checkout.js" integrity="${SRI}" crossorigin></script>`,
        `<script src="${third.origin}/onramp-checkout.js" integrity="${SRI}" crossorigin></script>`,
        `<onramp-checkout ${KEYS} api-base="${other.origin}/api/allowed"></onramp-checkout>`,
        `<onramp-checkout ${KEYS} api-base="${other.origin}/api/denied"></onramp-checkout>`,
        `<onramp-checkout ${KEYS} api-base="${third.origin}"></onramp-checkout>`,
      ].join('\n'),
      csp,
    ),
  );
  const { status, stdout } = await runDoctor(['doctor', `${page.origin}/`, '--json']);
  const report = JSON.parse(stdout) as { findings: { code: string }[]; notes: string[]; checked: { apis: number } };
  assert.equal(status, 1);
  assert.deepEqual(report.findings.map((found) => found.code).sort(), [
    'CSP_CONNECT_SRC',
    'CSP_CONNECT_SRC',
    'CSP_SCRIPT_SRC',
    'CSP_SCRIPT_SRC',
  ]);
  assert.equal(third.counts.connections, 0);
  // The positive control: what the policy allows is fetched, once (the script) and twice (GET, preflight).
  assert.deepEqual(Object.fromEntries(other.counts.paths), {
    '/allowed/onramp-checkout.js': 1,
    '/api/allowed/v1/onramp': 2,
  });
  assert.equal(report.checked.apis, 1);
  assert.ok(
    report.notes.includes("2 API bases not asked: the page's Content-Security-Policy does not let it connect there."),
  );
  assert.ok(
    report.notes.includes(
      "2 widget script tags that the page's Content-Security-Policy refuses were not fetched: their integrity was not checked.",
    ),
  );
});

/** A resolver of the test's own: names off loopback, without a lookup leaving the process. */
function resolver(table: Record<string, string[]>): {
  resolve: (name: string) => Promise<ResolvedAddress[]>;
  asked: string[];
} {
  const asked: string[] = [];
  return {
    asked,
    resolve: (name) => {
      asked.push(name);
      const answers = table[name];
      if (!answers) return Promise.reject(Object.assign(new Error(`no ${name} in the test`), { code: 'ENOTFOUND' }));
      const next = answers.length > 1 ? answers.shift() : answers[0];
      return Promise.resolve(next ? [{ address: next, family: next.includes(':') ? 6 : 4 }] : []);
    },
  };
}

test('a loopback page: link-local and private addresses, by name or literal, refused before any socket', async () => {
  reset();
  routes.set(
    '/',
    html(
      [
        `<script src="http://meta.test:${other.port}/onramp-checkout.js" integrity="${SRI}" crossorigin></script>`,
        `<onramp-checkout ${KEYS} api-base="https://intranet.test"></onramp-checkout>`,
        `<onramp-checkout ${KEYS} api-base="https://[::ffff:a9fe:a9fe]"></onramp-checkout>`,
        `<onramp-checkout ${KEYS} api-base="https://[fd00::1]"></onramp-checkout>`,
      ].join('\n'),
    ),
  );
  const { resolve, asked } = resolver({ 'meta.test': ['169.254.169.254'], 'intranet.test': ['10.0.0.5'] });
  const { result, hosts } = await watchingConnects(() =>
    runDoctor(['doctor', `${page.origin}/`, '--json'], { resolve }),
  );
  assert.deepEqual(hosts, ['127.0.0.1'], 'the page only');
  assert.deepEqual(asked.sort(), ['intranet.test', 'meta.test']);
  assert.equal(other.counts.connections, 0);
  const report = JSON.parse(result.stdout) as { findings: { code: string }[]; notes: string[] };
  assert.deepEqual(report.findings, [], 'not asked is not unreachable');
  const notes = report.notes.join('\n');
  assert.match(notes, /meta\.test is at 169\.254\.169\.254, a link-local address, and the page is not on one/);
  assert.match(notes, /intranet\.test is at 10\.0\.0\.5, a private address, and the page is not on one/);
  assert.match(notes, /::ffff:a9fe:a9fe is a link-local address/);
  assert.match(notes, /fd00::1 is a private address/);
});

test('DNS rebinding at a redirect hop: the name now answering 169.254.169.254 is refused at that hop', async () => {
  reset();
  routes.set(
    '/',
    html(
      `<script src="http://flip.test:${page.port}/flip/onramp-checkout.js" integrity="${SRI}" crossorigin></script>`,
    ),
  );
  routes.set('/flip/onramp-checkout.js', redirect('/flip/second.js'));
  const { resolve, asked } = resolver({ 'flip.test': ['127.0.0.1', '169.254.169.254'] });
  const { result, hosts } = await watchingConnects(() =>
    runDoctor(['doctor', `${page.origin}/`, '--json'], { resolve }),
  );
  assert.deepEqual(asked, ['flip.test', 'flip.test'], 'resolved at each hop');
  assert.deepEqual(hosts, ['127.0.0.1', 'flip.test'], 'the page, then the first hop (to the address checked)');
  assert.equal(page.counts.paths.get('/flip/onramp-checkout.js'), 1);
  assert.equal(page.counts.paths.get('/flip/second.js'), undefined);
  assert.match(result.stdout, /flip\.test is at 169\.254\.169\.254, a link-local address, and the page is not on one/);
});
