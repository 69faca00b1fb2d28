/**
 * The doctor checks the folder beside the widget's script: a page that serves the script-tag file
 * alone (the docs' old answers) is an error naming the missing file and the folder to serve; a file
 * of another build, or one the page's CSP refuses, too; only what the page can need is fetched. The
 * folder here is made up, its pins real: the script pins the later part, which pins the order part
 * and the catalogues, as the build writes them.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type PageServer, startPageServer } from '../../test/support/page-server.js';
import { diagnose } from './doctor.js';

const sha256 = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const JS = { 'Content-Type': 'text/javascript' };

const ORDER = '/* the order part */';
const BRIDGE = '/* the bridge part */';
const CATALOGUES: Record<string, string> = { de: '{"title":"Kaufen"}', fr: '{"title":"Acheter"}', ja: '{"t":"j"}' };
const LATER = `/* the later part */ const o={order:"${sha256(ORDER)}",bridge:"${sha256(BRIDGE)}"},l={${Object.entries(
  CATALOGUES,
)
  .map(([code, text]) => `${code}:"${sha256(text)}"`)
  .join(',')}};`;
const SCRIPT = `/* the script-tag file */ const p={later:"${sha256(LATER)}"};`;

let pages: PageServer;
before(async () => {
  pages = await startPageServer();
});
after(() => pages.close());

/** A folder at `/cdn/` with the files given (by name), and a page with `element`'s attributes. */
function serve(files: Record<string, string>, element: string, csp?: string): string {
  for (const [name, body] of Object.entries(files)) pages.set(`/cdn/${name}`, { headers: JS, body });
  const path = `/page-${Math.random().toString(36).slice(2)}`;
  pages.set(path, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...(csp ? { 'Content-Security-Policy': csp } : {}) },
    body: `<!doctype html><html><head><script src="/cdn/onramp-checkout.iife.js" defer></script></head>
<body><onramp-checkout publishable-key="onramp_test_pk_f0ld3r" ${element}></onramp-checkout></body></html>`,
  });
  return `${pages.origin}${path}`;
}

const SESSION = 'client-secret="ors_f0ld3r_secret_abc123"';
const FULL: Record<string, string> = {
  'onramp-checkout.iife.js': SCRIPT,
  'onramp-checkout.later.js': LATER,
  'onramp-checkout.order.js': ORDER,
  'onramp-checkout.bridge.js': BRIDGE,
  ...Object.fromEntries(Object.entries(CATALOGUES).map(([code, text]) => [`locales/${code}.json`, text])),
};

async function folderFindings(url: string) {
  const report = await diagnose(url);
  return report.findings.filter((found) => found.code.startsWith('FOLDER_'));
}

describe('the folder beside the script', () => {
  test('the whole folder: nothing to say', async () => {
    const url = serve(FULL, `${SESSION} locale="de-DE"`);
    assert.deepEqual(await folderFindings(url), []);
  });

  test('the script-tag file alone: an error naming the missing part and the folder to serve', async () => {
    // Another path, so nothing of the whole folder above answers for it.
    pages.set('/alone/onramp-checkout.iife.js', { headers: JS, body: SCRIPT });
    const path = '/alone-page';
    pages.set(path, {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: `<!doctype html><script src="/alone/onramp-checkout.iife.js" defer></script><onramp-checkout publishable-key="onramp_test_pk_f0ld3r" ${SESSION}></onramp-checkout>`,
    });
    const report = await diagnose(`${pages.origin}${path}`);
    const missing = report.findings.filter((found) => found.code === 'FOLDER_FILE_MISSING');
    assert.equal(missing.length, 1, JSON.stringify(report.findings));
    assert.equal(missing[0]?.kind, 'error');
    assert.match(missing[0].cause, /onramp-checkout\.later\.js/);
    assert.match(missing[0].cause, /answered 404/);
    assert.match(missing[0].fix, /dist\/cdn\/ folder as it is/);
    assert.ok(report.errors >= 1);
  });

  test('a part of another build: FOLDER_FILE_OTHER_BUILD', async () => {
    const url = serve({ ...FULL, 'onramp-checkout.later.js': `${LATER}// another build` }, SESSION);
    const found = await folderFindings(url);
    assert.deepEqual(
      found.map((item) => item.code),
      ['FOLDER_FILE_OTHER_BUILD'],
    );
    assert.match(found[0]!.cause, /onramp-checkout\.later\.js/);
    pages.set('/cdn/onramp-checkout.later.js', { headers: JS, body: LATER });
  });

  test('the catalogues the element can pick: its locale, else its locales; a missing one named', async () => {
    const { 'locales/fr.json': _fr, ...withoutFrench } = FULL;
    pages.set('/cdn/locales/fr.json', { status: 404, body: 'Not found' });
    // German only: French is not asked for, so its absence is nothing to say.
    assert.deepEqual(await folderFindings(serve(withoutFrench, `${SESSION} locale="de"`)), []);
    // English: no catalogue at all.
    assert.deepEqual(await folderFindings(serve(withoutFrench, `${SESSION} locale="en-GB"`)), []);
    const offered = await folderFindings(serve(withoutFrench, `${SESSION} locales="de fr"`));
    assert.deepEqual(
      offered.map((item) => [item.code, /locales\/(\w+)\.json/.exec(item.cause)?.[1]]),
      [['FOLDER_FILE_MISSING', 'fr']],
    );
    pages.set('/cdn/locales/fr.json', { headers: JS, body: CATALOGUES.fr! });
  });

  test('amount first needs the order part; a session first does not', async () => {
    pages.set('/cdn/onramp-checkout.order.js', { status: 404, body: 'Not found' });
    const { 'onramp-checkout.order.js': _order, ...withoutOrder } = FULL;
    assert.deepEqual(await folderFindings(serve(withoutOrder, `${SESSION} locale="en"`)), []);
    const form = await folderFindings(serve(withoutOrder, 'session-url="/api/order" locale="en"'));
    assert.deepEqual(
      form.map((item) => item.code),
      ['FOLDER_FILE_MISSING'],
    );
    assert.match(form[0]!.cause, /onramp-checkout\.order\.js/);
    pages.set('/cdn/onramp-checkout.order.js', { headers: JS, body: ORDER });
  });

  test('the bridge part is checked on every page: a native app may open any of them', async () => {
    pages.set('/cdn/onramp-checkout.bridge.js', { status: 404, body: 'Not found' });
    const { 'onramp-checkout.bridge.js': _bridge, ...withoutBridge } = FULL;
    const found = await folderFindings(serve(withoutBridge, `${SESSION} locale="en"`));
    assert.deepEqual(
      found.map((item) => item.code),
      ['FOLDER_FILE_MISSING'],
    );
    assert.match(found[0]!.cause, /onramp-checkout\.bridge\.js/);
    pages.set('/cdn/onramp-checkout.bridge.js', { headers: JS, body: BRIDGE });
  });

  test('a script-src that allows the one file refuses its parts: FOLDER_FILE_REFUSED naming the directive', async () => {
    const url = serve(FULL, `${SESSION} locale="en"`, `script-src ${pages.origin}/cdn/onramp-checkout.iife.js`);
    const found = await folderFindings(url);
    assert.deepEqual(
      found.map((item) => item.code),
      ['FOLDER_FILE_REFUSED'],
    );
    assert.match(found[0]!.cause, /script-src/);
    assert.match(found[0]!.fix, /folder of/);
  });

  test('a connect-src without the script’s origin refuses its catalogues', async () => {
    const url = serve(FULL, `${SESSION} locale="ja"`, "connect-src https://api.example; script-src 'self'");
    const found = await folderFindings(url);
    assert.deepEqual(
      found.map((item) => item.code),
      ['FOLDER_FILE_REFUSED'],
    );
    assert.match(found[0]!.cause, /refuses http:\/\/127\.0\.0\.1:\d+\/cdn\/locales\/, the locales\/\*\.json/);
  });
});
