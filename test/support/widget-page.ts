/**
 * A merchant page of one's own for the built script-tag file: a page server (page-server.ts) that
 * also serves dist/ (the script, its on-demand part, the catalogues) and an event recorder, and
 * pages with the element, its attributes, the merchant's fallback content inside it and the page's
 * own Content-Security-Policy, one thing wrong at a time; sessions made through the sandbox as the
 * merchant's server makes them, and the element's attributes for one. Used by the Chromium suites
 * (test/e2e/never-silent-*.e2e.ts) and the Firefox and WebKit flows (test/e2e-engines/flows.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import { escapeHtml } from '../../demo/shop/server/embed-page.js';
import type { CreatedSession } from '../../src/contract/write/session.js';
import { createOnrampClient, type OnrampClient } from '../../src/server-client/index.js';
import { PART_FILES } from '../../src/parts/cdn-folder.js';
import type { PageServer } from './page-server.js';

/** The folder a script tag needs (the script-tag files, their parts, their catalogues), served as it is. */
const DIST = resolve(import.meta.dirname, '../../dist/cdn');
const JS = 'text/javascript; charset=utf-8';

/** Where the page finds the script-tag file: its parts load from beside it. */
export const SCRIPT_PATH = '/dist/cdn/onramp-checkout.iife.js';
export const LATER_PART_PATH = '/dist/cdn/onramp-checkout.later.js';
/** The recorder, a file of the page's own origin: a strict `script-src 'self'` allows it. */
const RECORDER_PATH = '/record-events.js';

/** The events the recorder keeps, in `window.__events` as `{type, detail}` (harness.ts `recordedEvents` reads them). */
const RECORDED_EVENTS = ['onramp-ready', 'onramp-status-change', 'onramp-error', 'onramp-warning', 'onramp-fallback'];

/**
 * Page code, run before the widget's script: records the widget's events with the parts of their
 * detail a test reads (a session's whole object is left out). Plain script, so every engine runs it
 * without a driver's help (classic WebDriver has no script that runs before a page's own).
 */
const RECORDER = `(() => {
  const events = (window.__events = []);
  for (const type of ${JSON.stringify(RECORDED_EVENTS)}) {
    document.addEventListener(type, (event) => {
      const { code, message, cause, fix, values, reason, url, status } = event.detail || {};
      events.push({ type, detail: { code, message, cause, fix, values, reason, url, status } });
    });
  }
})();
`;

/** Puts the built files (the script-tag file, every part, the catalogues) and the recorder on `pages`; call after `npm run build`. */
export function serveWidgetFiles(pages: PageServer): void {
  for (const file of ['onramp-checkout.iife.js', ...Object.values(PART_FILES)])
    pages.set(`/dist/cdn/${file}`, { headers: { 'Content-Type': JS }, body: readFileSync(resolve(DIST, file)) });
  for (const file of readdirSync(resolve(DIST, 'locales'))) {
    const type = file.endsWith('.json') ? 'application/json' : JS;
    pages.set(`/dist/cdn/locales/${file}`, {
      headers: { 'Content-Type': type },
      body: readFileSync(resolve(DIST, 'locales', file)),
    });
  }
  pages.set(RECORDER_PATH, { headers: { 'Content-Type': JS }, body: RECORDER });
}

export interface WidgetPageOptions {
  /** The element's attributes, as the merchant's server writes them (escaped here). */
  attributes: Record<string, string>;
  /** The page's `Content-Security-Policy` header, if any. */
  csp?: string;
  /** Markup inside the element: the merchant's fallback content. */
  inside?: string;
  /** Wraps the element's markup (a narrow container, say). */
  wrap?: (element: string) => string;
  /** The script-tag file's URL, when not the page's own `SCRIPT_PATH` (a copy on another origin). */
  script?: string;
  /** More markup at the end of the head (a second copy of the script, say). */
  head?: string;
}

/**
 * The page at `path` on `pages`: the recorder, then the script-tag file with `defer` (as the README
 * shows), then the element. Returns its URL on `origin` (another host name for the same server, such
 * as `http://shop.test:<port>`), by default the server's own.
 */
export function serveWidgetPage(
  pages: PageServer,
  path: string,
  options: WidgetPageOptions,
  origin = pages.origin,
): string {
  const attributes = Object.entries(options.attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  const element = `<onramp-checkout ${attributes}>${options.inside ?? ''}</onramp-checkout>`;
  const body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>A merchant page</title>
  <script src="${RECORDER_PATH}"></script>
  <script src="${escapeHtml(options.script ?? SCRIPT_PATH)}" defer></script>
  ${options.head ?? ''}
</head>
<body>
  <h1>Checkout</h1>
  ${options.wrap ? options.wrap(element) : element}
</body>
</html>
`;
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' };
  if (options.csp) headers['Content-Security-Policy'] = options.csp;
  pages.set(path, { headers, body });
  return `${origin}${path}`;
}

export type Mode = 'test' | 'live';

/** The sandbox's API as the merchant's server calls it, with the secret key of `mode`. */
export const merchantServer = (demo: DemoHandle, mode: Mode = 'test'): OnrampClient =>
  createOnrampClient({ apiKey: demo.sandbox.keys![mode].secret, baseUrl: demo.sandbox.apiUrl, maxRetries: 0 });

/** A session made with the secret key of `mode`, as the merchant's server makes it. */
export function newSession(demo: DemoHandle, mode: Mode = 'test'): Promise<CreatedSession> {
  return merchantServer(demo, mode).sessions.create({
    wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    crypto_currency: 'ETH',
    fiat_amount: 10000,
    fiat_currency: 'USD',
  });
}

/** The sandbox's checkout origin, as `checkout-origin` names it. */
export const checkoutOriginOf = (demo: DemoHandle): string => new URL(demo.sandbox.checkoutUrl).origin;

/**
 * The element's attributes for `session`, as a merchant's server writes them: the key of `keyMode`,
 * the client secret, `redirect-url`, `api-base` and `checkout-origin` at the sandbox. `changes`
 * replace them; `null` leaves one out.
 */
export function attributesFor(
  demo: DemoHandle,
  session: CreatedSession,
  keyMode: Mode,
  changes: Record<string, string | null> = {},
): Record<string, string> {
  const all: Record<string, string | null> = {
    'publishable-key': demo.sandbox.keys![keyMode].publishable,
    'client-secret': session.client_secret,
    'redirect-url': session.redirect_url,
    'api-base': demo.sandbox.apiUrl,
    'checkout-origin': checkoutOriginOf(demo),
    ...changes,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
}
