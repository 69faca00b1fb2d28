/**
 * The doctor against real pages on loopback: every demo page is clean (exit 0), and a copy of the
 * script-tag page (rendered by the demo's own `renderEmbedPage`, under the demo's CSP) with one thing
 * wrong at a time gets exactly that problem's code, exit 1 for an error and 0 for a warning; a page
 * that cannot be read is exit 2. Most runs call the command in-process; a few run it as a process
 * (exit status, stderr without a stack trace). The packed package's bin: test/consumers/doctor.test.ts.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import { DEMO_PAGES } from '../../demo/shop/server/demo-pages.js';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';
import { type EmbedPageOptions, renderEmbedPage } from '../../demo/shop/server/embed-page.js';
import { PROBLEM_CODES, PROBLEMS, type ProblemCode } from '../../src/diagnostics/problems.js';
import { CATALOGUE_FILES } from '../../src/parts/cdn-folder.js';
import type { DoctorReport } from '../../src/doctor/doctor.js';
import { main } from '../../src/doctor/main.js';
import { freePort } from '../support/free-port.js';
import { type PageServer, startPageServer } from '../support/page-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HTML = 'text/html; charset=utf-8';
const sha256 = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;
/**
 * The script-tag file's folder, made up with real pins (the script pins the later part, which pins
 * the order part, the bridge part and every catalogue), so the doctor finds it whole.
 */
const FOLDER: Record<string, string> = {
  'onramp-checkout.order.js': '/* order */',
  'onramp-checkout.bridge.js': '/* bridge */',
  ...Object.fromEntries(CATALOGUE_FILES.map((file) => [file, `{"file":"${file}"}`])),
};
FOLDER['onramp-checkout.later.js'] = `/* later */ ${Object.values(FOLDER).map(sha256).join(' ')}`;
const SCRIPT = `window.OnrampCheckout = {}; // ${sha256(FOLDER['onramp-checkout.later.js'])}\n`;
const sri = (text: string): string => `sha384-${createHash('sha384').update(text).digest('base64')}`;

let demo: DemoHandle;
let pages: PageServer;
let deadPort: number;
/** The sandbox's API and checkout origins, as the demo's pages name them. */
let api: string;
let checkout: string;

before(async () => {
  demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
  pages = await startPageServer();
  deadPort = await freePort();
  api = new URL(demo.sandbox.apiUrl).origin;
  checkout = new URL(demo.sandbox.checkoutUrl).origin;
  pages.set('/dist/cdn/onramp-checkout.iife.js', { headers: { 'Content-Type': 'text/javascript' }, body: SCRIPT });
  for (const [file, body] of Object.entries(FOLDER)) {
    pages.set(`/dist/cdn/${file}`, { headers: { 'Content-Type': 'text/javascript' }, body });
    // The same folder with its later part of another build.
    pages.set(`/other/${file}`, { headers: { 'Content-Type': 'text/javascript' }, body: `${body}// other` });
  }
  // The script-tag file alone, as the old docs had it served.
  pages.set('/alone/onramp-checkout.iife.js', { headers: { 'Content-Type': 'text/javascript' }, body: SCRIPT });
  pages.set('/other/onramp-checkout.iife.js', { headers: { 'Content-Type': 'text/javascript' }, body: SCRIPT });
  pages.set('/data.json', { headers: { 'Content-Type': 'application/json' }, body: '{"ok":true}' });
  // Not the API: a web page, and a JSON service that sends no CORS headers.
  pages.set('/html-api/v1/onramp', { status: 404, headers: { 'Content-Type': HTML }, body: '<h1>Not found</h1>' });
  pages.set('/json-api/v1/onramp', {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
    body: '{"success":false,"error":{"code":"MISSING_API_KEY","message":"no key","request_id":"r"}}',
  });
});

after(async () => {
  await pages.close();
  await demo.close();
});

/** The doctor in-process with `--json`: its exit status and report. */
async function doctor(url: string): Promise<{ status: number; report: DoctorReport }> {
  let stdout = '';
  let stderr = '';
  const status = await main(['doctor', url, '--json'], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  assert.equal(stderr, '', `stderr for ${url}`);
  return { status, report: JSON.parse(stdout) as DoctorReport };
}

/** The doctor as a process, from the sources (never blocking this process: the pages are served here). */
function doctorProcess(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/doctor/cli.ts', ...args],
      { cwd: ROOT, timeout: 60_000, encoding: 'utf8' },
      (_error, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
    );
  });
}

const codes = (report: DoctorReport): string[] => report.findings.map((found) => found.code).sort();

describe('the demo pages', () => {
  for (const page of DEMO_PAGES) {
    // The server-rendered page renders with the built renderer (dist/ssr.js), as `npm start` does.
    const needsBuild = page.path === '/demo/ssr' && !existsSync(resolve(ROOT, 'dist/ssr.js'));
    test(page.path, { skip: needsBuild ? 'needs `npm run build` (dist/ssr.js)' : false }, async () => {
      const { status, report } = await doctor(`${demo.url}${page.path}`);
      assert.equal(status, 0, JSON.stringify(report.findings, null, 2));
      if (report.checked.elements > 0) {
        // A page with the element in its HTML: checked through, its API asked.
        assert.deepEqual(codes(report), []);
        assert.equal(report.checked.apis, 1);
        assert.ok(report.checked.policies >= 1);
      } else {
        // A framework page (or the console): the element is made in the browser.
        assert.deepEqual(codes(report), ['ELEMENT_NOT_FOUND']);
      }
    });
  }
});

/** One broken copy of the script-tag page: what differs, and the codes it must get (exactly). */
interface Variant {
  name: string;
  expect: ProblemCode[];
  /** The element's settings that differ (a function: the servers' ports are known only once they listen). */
  element?: () => Partial<EmbedPageOptions>;
  /** The demo's CSP, rewritten. */
  csp?: (policy: string) => string;
  /** The page's HTML, rewritten. */
  html?: (html: string) => string;
}

const SECRET = 'ors_d0c70r_secret_abc123';
const SCRIPT_TAG = '<script src="/dist/cdn/onramp-checkout.iife.js" defer></script>';
/** Another origin for the script: the same server as `localhost`. */
const elsewhere = (): string => pages.origin.replace('127.0.0.1', 'localhost');
const withScript = (tag: string) => (html: string) => html.replace(SCRIPT_TAG, tag);

const VARIANTS: Variant[] = [
  { name: 'the page as the demo serves it', expect: [] },
  {
    name: 'connect-src without the API',
    expect: ['CSP_CONNECT_SRC'],
    csp: (policy) => policy.replace(`connect-src 'self' ${api}`, "connect-src 'self'"),
  },
  {
    name: 'a <meta> policy without the API, the header allowing it',
    expect: ['CSP_CONNECT_SRC'],
    html: (html) =>
      html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="connect-src 'self'">`),
  },
  {
    name: "frame-src 'none' (a warning)",
    expect: ['CSP_FRAME_SRC'],
    csp: (policy) => policy.replace(`frame-src ${checkout}`, "frame-src 'none'"),
  },
  {
    name: 'trusted-types without onramp-checkout',
    expect: ['CSP_TRUSTED_TYPES'],
    csp: (policy) => policy.replace('trusted-types lit-html onramp-checkout', 'trusted-types lit-html'),
  },
  {
    name: 'script-src without the script',
    expect: ['CSP_SCRIPT_SRC'],
    html: (html) => withScript(`<script src="${elsewhere()}/dist/cdn/onramp-checkout.iife.js" defer></script>`)(html),
  },
  {
    name: 'a script from elsewhere with the nonce that script-src lists, its origin in connect-src (its languages)',
    expect: [],
    csp: (policy) =>
      policy
        .replace("script-src 'self'", "script-src 'self' 'nonce-d0c70r'")
        .replace(`connect-src 'self'`, `connect-src 'self' ${elsewhere()}`),
    html: (html) =>
      withScript(`<script src="${elsewhere()}/dist/cdn/onramp-checkout.iife.js" nonce="d0c70r" defer></script>`)(html),
  },
  {
    name: 'a script from elsewhere, connect-src without its origin: its languages refused',
    expect: ['FOLDER_FILE_REFUSED'],
    csp: (policy) => policy.replace("script-src 'self'", `script-src 'self' ${elsewhere()}`),
    html: (html) => withScript(`<script src="${elsewhere()}/dist/cdn/onramp-checkout.iife.js" defer></script>`)(html),
  },
  {
    name: 'the script-tag file alone, without its folder',
    expect: ['FOLDER_FILE_MISSING'],
    html: withScript('<script src="/alone/onramp-checkout.iife.js" defer></script>'),
  },
  {
    name: 'a part of another build beside the script',
    expect: ['FOLDER_FILE_OTHER_BUILD'],
    html: withScript('<script src="/other/onramp-checkout.iife.js" defer></script>'),
  },
  {
    name: 'integrity that the file served does not match',
    expect: ['SCRIPT_INTEGRITY_MISMATCH'],
    html: withScript(
      `<script src="/dist/cdn/onramp-checkout.iife.js" integrity="${sri('another version')}" defer></script>`,
    ),
  },
  {
    name: 'integrity that the file served matches',
    expect: [],
    html: withScript(`<script src="/dist/cdn/onramp-checkout.iife.js" integrity="${sri(SCRIPT)}" defer></script>`),
  },
  {
    name: 'integrity without crossorigin on a cross-origin script',
    expect: ['SCRIPT_CROSSORIGIN_MISSING'],
    csp: (policy) =>
      policy
        .replace("script-src 'self'", `script-src 'self' ${elsewhere()}`)
        .replace(`connect-src 'self'`, `connect-src 'self' ${elsewhere()}`),
    html: (html) =>
      withScript(
        `<script src="${elsewhere()}/dist/cdn/onramp-checkout.iife.js" integrity="${sri(SCRIPT)}" defer></script>`,
      )(html),
  },
  {
    name: 'a secret key',
    expect: ['SECRET_KEY_REFUSED'],
    element: () => ({ publishableKey: 'onramp_test_sk_d0c70r' }),
  },
  {
    name: 'key and client secret swapped',
    expect: ['KEY_AND_SECRET_SWAPPED'],
    element: () => ({ publishableKey: SECRET, clientSecret: 'onramp_test_pk_d0c70r' }),
  },
  { name: 'a malformed key', expect: ['INVALID_PUBLISHABLE_KEY'], element: () => ({ publishableKey: 'pk_test_123' }) },
  { name: 'a malformed client secret', expect: ['INVALID_CLIENT_SECRET'], element: () => ({ clientSecret: 'cs_123' }) },
  {
    name: 'a live key without api-base and checkout-origin (no local sandbox for it)',
    expect: ['MISSING_API_BASE', 'MISSING_CHECKOUT_ORIGIN'],
    element: () => ({ publishableKey: 'onramp_live_pk_d0c70r', apiBase: '', checkoutOrigin: '' }),
  },
  {
    name: 'api-base and checkout-origin over http away from loopback',
    expect: ['INVALID_API_BASE', 'INVALID_CHECKOUT_ORIGIN'],
    element: () => ({ apiBase: 'http://api.onramp.example', checkoutOrigin: 'http://checkout.onramp.example' }),
  },
  {
    name: 'redirect-url off checkout-origin',
    expect: ['UNSAFE_REDIRECT_URL'],
    element: () => ({ redirectUrl: 'https://pay.elsewhere.example/pay/ors_d0c70r?t=x' }),
  },
  {
    name: 'api-base at a web page',
    expect: ['API_NOT_AN_ONRAMP_API'],
    element: () => ({ apiBase: `${pages.origin}/html-api` }),
  },
  {
    name: 'api-base where nothing listens',
    expect: ['API_UNREACHABLE'],
    csp: (policy) => policy.replace(`connect-src 'self' ${api}`, `connect-src 'self' http://127.0.0.1:${deadPort}`),
    element: () => ({ apiBase: `http://127.0.0.1:${deadPort}` }),
  },
  {
    name: 'api-base at a JSON service without CORS',
    expect: ['API_CORS_REFUSED'],
    element: () => ({ apiBase: `${pages.origin}/json-api` }),
  },
  {
    name: 'no element in the HTML (a warning)',
    expect: ['ELEMENT_NOT_FOUND'],
    html: (html) => html.replace(/<onramp-checkout[\s\S]*<\/onramp-checkout>/, ''),
  },
];

/** Serves the variant at `/<index>` and returns its URL. */
function serve(variant: Variant, index: number): string {
  const element: EmbedPageOptions = {
    title: 'Doctor',
    publishableKey: 'onramp_test_pk_d0c70r',
    clientSecret: SECRET,
    redirectUrl: `${checkout}/pay/ors_d0c70r?t=t0k3n`,
    apiBase: demo.sandbox.apiUrl,
    checkoutOrigin: checkout,
    mode: 'embedded',
    ...variant.element?.(),
  };
  const html = (variant.html ?? ((text: string) => text))(renderEmbedPage(element));
  const csp = (variant.csp ?? ((text: string) => text))(contentSecurityPolicy(api, checkout));
  pages.set(`/${index}`, { headers: { 'Content-Type': HTML, 'Content-Security-Policy': csp }, body: html });
  return `${pages.origin}/${index}`;
}

describe('a copy of the script-tag page with one thing wrong', () => {
  VARIANTS.forEach((variant, index) => {
    const error = variant.expect.some((code) => PROBLEMS[code].kind === 'error');
    test(`${variant.name}: ${variant.expect.join(', ') || 'nothing'} (exit ${error ? 1 : 0})`, async () => {
      const { status, report } = await doctor(serve(variant, index));
      assert.deepEqual(codes(report), [...variant.expect].sort(), JSON.stringify(report.findings, null, 2));
      assert.equal(status, error ? 1 : 0);
      for (const found of report.findings) {
        assert.equal(found.kind, PROBLEMS[found.code].kind);
        assert.doesNotMatch(`${found.cause} ${found.fix}`, /\{\w+\}/, 'every value filled');
      }
    });
  });

  test('every code the doctor can find is found above (LIVE_KEY_INSECURE_PAGE needs a page off loopback: element-checks.node.test.ts)', () => {
    const found = new Set<string>([...VARIANTS.flatMap((variant) => variant.expect), 'LIVE_KEY_INSECURE_PAGE']);
    const doctorCodes = PROBLEM_CODES.filter((code) => PROBLEMS[code].finder !== 'widget');
    assert.deepEqual(
      doctorCodes.filter((code) => !found.has(code)),
      [],
    );
  });
});

describe('the command as a process', () => {
  test('a clean page: exit 0; a broken one: exit 1, each finding with its fix', async () => {
    const clean = await doctorProcess(['doctor', `${demo.url}/demo/script-tag`]);
    assert.equal(clean.status, 0, clean.stderr);
    assert.match(clean.stdout, /\n0 errors, 0 warnings: no problem found\.\n$/);
    const url = serve(VARIANTS[1]!, 1);
    const broken = await doctorProcess(['doctor', url]);
    assert.equal(broken.status, 1, broken.stderr);
    assert.match(
      broken.stdout,
      new RegExp(
        `\\nerror CSP_CONNECT_SRC .*\\n .*\\n  Fix: Add ${api.replace(/\./g, '\\.')} to the connect-src directive`,
      ),
    );
  });

  test('--json: {url, findings: [{code, kind, cause, fix, element}], errors, warnings}', async () => {
    const { status, stdout } = await doctorProcess(['doctor', serve(VARIANTS[3]!, 3), '--json']);
    assert.equal(status, 0);
    const report = JSON.parse(stdout) as DoctorReport;
    assert.equal(report.url, `${pages.origin}/3`);
    assert.deepEqual(report.findings, [
      {
        code: 'CSP_FRAME_SRC',
        kind: 'warning',
        cause: `The page's Content-Security-Policy (frame-src 'none') refused to frame ${checkout}, so the hosted checkout opens in a popup or a new tab instead of inside the card.`,
        fix: `Add ${checkout} to the frame-src directive of the page's Content-Security-Policy.`,
        element: { index: 1, line: report.findings[0]?.element?.line },
      },
    ]);
    assert.deepEqual([report.errors, report.warnings], [0, 1]);
  });

  test('a page that cannot be fetched, or is not HTML: one line on stderr, exit 2', async () => {
    const refused = await doctorProcess(['doctor', `http://127.0.0.1:${deadPort}/shop`]);
    assert.equal(refused.status, 2);
    assert.equal(refused.stdout, '');
    assert.match(
      refused.stderr,
      /^onramp-checkout doctor: could not fetch http:\/\/127\.0\.0\.1:\d+\/shop: connection refused .*\n$/,
    );
    const json = await doctorProcess(['doctor', `${pages.origin}/data.json`]);
    assert.equal(json.status, 2);
    assert.equal(
      json.stderr,
      `onramp-checkout doctor: ${pages.origin}/data.json is not an HTML page (Content-Type: application/json)\n`,
    );
    const missing = await doctorProcess(['doctor', `${pages.origin}/missing`]);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, `onramp-checkout doctor: ${pages.origin}/missing answered 404\n`);
  });
});
