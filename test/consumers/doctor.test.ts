/**
 * The doctor as a merchant runs it: the packed package (`prepare.ts` made the tarball) installed with
 * `npm install <tgz>` into a fresh folder outside the repository, then `npx onramp-checkout doctor
 * <url>` there: exit 0 on the demo's pages, exit 1 on a copy of the script-tag page whose CSP leaves
 * out the API. Runs after the build, in `npm run test:consumers`; no browser.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import { type DemoHandle, startDemo } from '../../demo/shop/server/demo-server.js';
import { renderEmbedPage } from '../../demo/shop/server/embed-page.js';
import { type PageServer, startPageServer } from '../support/page-server.js';
import { CONSUMERS_DIR, TARBALL } from './apps.js';

let demo: DemoHandle;
let pages: PageServer;
let folder: string;

/** A command in the fresh folder (asynchronous: the pages it reads are served by this process). */
function run(command: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(
      command,
      args,
      { cwd: folder, timeout: 300_000, encoding: 'utf8' },
      (_error, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
    );
  });
}

const doctor = (url: string) => run('npx', ['--no', 'onramp-checkout', 'doctor', url]);

before(async () => {
  assert.ok(
    existsSync(TARBALL),
    `${TARBALL} is missing: run \`tsx test/consumers/prepare.ts\` first (after \`npm run build\`)`,
  );
  folder = mkdtempSync(join(CONSUMERS_DIR, 'doctor-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'doctor-check', private: true, type: 'module' }));
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', TARBALL]);
  assert.equal(install.status, 0, install.stderr);
  demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
  pages = await startPageServer();
});

after(async () => {
  await pages?.close();
  await demo?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('the installed bin: exit 0 on the demo script-tag and server-rendered pages', { timeout: 120_000 }, async () => {
  for (const path of ['/demo/script-tag', '/demo/ssr']) {
    const result = await doctor(`${demo.url}${path}`);
    assert.equal(result.status, 0, `${path}\n${result.stdout}${result.stderr}`);
    assert.match(result.stdout, /Read 1 <onramp-checkout> element, 1 widget script tag, 1 CSP policy; asked 1 API\./);
  }
});

/** A copy of the demo's script-tag page on `pages` at `path`, with the page's CSP changed by `csp` and its script by `script`. */
function shopPage(path: string, change: { csp?: (policy: string) => string; script?: string } = {}): string {
  const api = new URL(demo.sandbox.apiUrl).origin;
  const checkout = new URL(demo.sandbox.checkoutUrl).origin;
  const policy = contentSecurityPolicy(api, checkout);
  const html = renderEmbedPage({
    title: 'Doctor',
    publishableKey: 'onramp_test_pk_d0c70r',
    clientSecret: 'ors_d0c70r_secret_abc123',
    redirectUrl: `${checkout}/pay/ors_d0c70r?t=t0k3n`,
    apiBase: demo.sandbox.apiUrl,
    checkoutOrigin: checkout,
    mode: 'embedded',
  });
  pages.set(path, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': change.csp ? change.csp(policy) : policy,
    },
    body: change.script ? html.replace('/dist/cdn/onramp-checkout.iife.js', change.script) : html,
  });
  return `${pages.origin}${path}`;
}

test(
  'the installed bin: exit 1 on a page whose CSP leaves out the API, naming the origin to add',
  { timeout: 120_000 },
  async () => {
    const api = new URL(demo.sandbox.apiUrl).origin;
    const url = shopPage('/shop', {
      csp: (policy) => policy.replace(`connect-src 'self' ${api}`, "connect-src 'self'"),
    });
    const result = await doctor(url);
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stdout,
      new RegExp(`\\nerror CSP_CONNECT_SRC .*\\n.*\\n  Fix: Add ${api.replace(/\./g, '\\.')} to the connect-src`),
    );
  },
);

test(
  'the installed bin: exit 1 on a page that serves the script-tag file without its folder, naming the missing file',
  { timeout: 120_000 },
  async () => {
    // As the docs used to say: "copy the file" (here the built one, alone under /assets/).
    pages.set('/assets/onramp-checkout.iife.js', {
      headers: { 'Content-Type': 'text/javascript' },
      body: readFileSync(resolve(import.meta.dirname, '../../dist/cdn/onramp-checkout.iife.js')),
    });
    const url = shopPage('/alone', { script: '/assets/onramp-checkout.iife.js' });
    const result = await doctor(url);
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stdout, /\nerror FOLDER_FILE_MISSING.*\n.*onramp-checkout\.later\.js.*answered 404/);
    assert.match(result.stdout, /Fix: Serve the package's dist\/cdn\/ folder as it is/);
  },
);
