/**
 * The demo's pages, in one list: the demo server puts the same small navigation and the page's
 * "what this page shows" paragraph at the top of every one of them (`withDemoNav`), so a page is
 * linked from everywhere by adding one entry here; `npm start` prints the list. A page with a
 * `script` needs nothing else: the server serves its page (script-page.ts) at its path and
 * `vite build --mode demo` builds the script (vite.config.ts reads `demoPageScripts`). Static text
 * only: nothing here comes from a request. (No imports: vite.config.ts reads this file.)
 */

export interface DemoPage {
  /** `/demo/<name>` for a page with a script (`<name>` names its built file, `dist/demo/<name>.js`). */
  path: string;
  /** The link's text (and a script page's title). */
  label: string;
  /** What this page shows, one paragraph of HTML (static, trusted). */
  about: string;
  /**
   * A page that is its own script (TypeScript, `.tsx`, `.vue` or `.svelte` through their Vite
   * plugins): the source module, from the repository's root. It renders into `#app` of a page
   * with the label as its title and asks `POST /api/sessions` for its session, as the framework
   * pages do.
   */
  script?: string;
  /**
   * Trusted Types policies the page's script creates itself, beside Lit's `lit-html`. Only Vue: its
   * runtime creates a `vue` policy as it loads, and a refused policy is a CSP violation.
   */
  trustedTypes?: string[];
}

/** A demo page with a script of its own. */
export type ScriptDemoPage = DemoPage & { script: string };

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    path: '/',
    label: 'Shop',
    about:
      'The main demo: a merchant page whose server creates the session with its secret key and mounts the widget with the publishable key, imported as an npm package. The theme panel restyles the widget live; the event log shows what a merchant page receives; the webhook log shows the signed events the shop’s server gets.',
  },
  {
    path: '/demo/script-tag',
    label: 'Script tag',
    about:
      'The widget with no build step: one <code>&lt;script&gt;</code> tag and one <code>&lt;onramp-checkout&gt;</code> element whose attributes the merchant’s server renders with a fresh session. Pay with a test card in the embedded checkout.',
  },
  {
    path: '/demo/session',
    label: 'Session property',
    about:
      'The fastest embed: the script-tag page again, but the merchant’s server also hands the widget the session it just created (in a <code>&lt;script type="application/json"&gt;</code> data block inside the element, which it reads when it starts: no script of the page’s own), so the order is drawn the moment the script runs, with no request before it.',
  },
  {
    path: '/demo/redirect',
    label: 'Redirect mode',
    about:
      'With <code>mode="redirect"</code>, “Pay” navigates this page to the hosted checkout, which brings the buyer back here by itself once paid: this page then shows that order from the API (<code>?onramp_session_id=</code>), also after a reload. The way every in-app browser and WebView pays, when it can neither frame the checkout nor open popups.',
  },
  {
    path: '/demo/ssr',
    label: 'Server-rendered',
    about:
      'The order in the HTML itself: the merchant’s server renders the widget with <code>onramp-checkout/ssr</code> (declarative shadow DOM, the buyer’s language, the session in a JSON data block), so it is on screen before any script runs and even with JavaScript off; the hydrating script then takes over the same nodes. “Amount first” draws the order form on the server instead (<code>renderOnrampOrderForm</code>): the buyer chooses, sees the price and continues into the session the shop makes then. The CSP allows the widget’s stylesheet by its hash only.',
  },
  // The same checkout in React 19, Vue 3, Svelte 5 and the Angular style: each a page of its own script.
  {
    path: '/demo/react',
    label: 'React 19',
    about:
      'A React 19 app in StrictMode renders <code>&lt;onramp-checkout&gt;</code> itself (React sets the properties, the <code>session</code> object included, and listens to <code>ononramp-…</code> props), or through the <code>@lit/react</code> wrapper of <code>onramp-checkout/react</code>. Remounting leaves one poller.',
    script: 'demo/shop/frameworks/react/main.tsx',
  },
  {
    path: '/demo/vue',
    label: 'Vue 3',
    about:
      'A Vue 3 single-file component, compiled at build time with <code>onramp-checkout</code> declared a custom element: properties bound with <code>:publishableKey</code>, the session object with <code>.session</code>, events with <code>@onramp-…</code>.',
    script: 'demo/shop/frameworks/vue/main.ts',
    trustedTypes: ['vue'],
  },
  {
    path: '/demo/svelte',
    label: 'Svelte 5',
    about:
      'A Svelte 5 component: Svelte sets the element’s properties (the <code>session</code> object included) and listens to <code>ononramp-…</code> attributes. Compiled with <code>fragments: &#39;tree&#39;</code>, so it needs no Trusted Types policy of its own.',
    script: 'demo/shop/frameworks/svelte/main.ts',
  },
  {
    path: '/demo/angular-style',
    label: 'Angular style',
    about:
      'What Angular does with <code>[prop]=&quot;…&quot;</code> and <code>(onramp-ready)=&quot;…&quot;</code> on a custom element (with <code>CUSTOM_ELEMENTS_SCHEMA</code>): property assignments and <code>addEventListener</code>, written out in plain TypeScript, no Angular package.',
    script: 'demo/shop/frameworks/angular-style/main.ts',
  },
  {
    path: '/demo/native-app',
    label: 'Native app',
    about:
      'The widget as a wallet app’s WebView shows it: a stand-in for the app’s bridge (react-native-webview’s <code>window.ReactNativeWebView</code>) is defined before the widget loads, so the widget posts each of its events to the app as one JSON message, listed here live as the app receives it, newest last. Pay with a test card and watch <code>ready</code>, the status changes and <code>completed</code> arrive.',
    script: 'demo/shop/pages/native-app/main.ts',
  },
  {
    path: '/console',
    label: 'Merchant console',
    about:
      'The merchant’s side: transaction history with every filter and pagination, a transaction’s detail, API keys (create, test, revoke) and webhook endpoints with their deliveries. It calls only this demo server, which holds the secret key.',
  },
];

/** Where the demo serves docs/mobile.md (the native side of `/demo/native-app`), as plain text. */
export const MOBILE_DOCS_PATH = '/docs/mobile.md';

/** The pages with a script of their own. */
export const scriptPages = (): ScriptDemoPage[] =>
  DEMO_PAGES.filter((page): page is ScriptDemoPage => page.script !== undefined);

/** The built script's name: the path's last segment (`/demo/react`: `dist/demo/react.js`). */
export const scriptName = (page: ScriptDemoPage): string => page.path.slice(page.path.lastIndexOf('/') + 1);

/** `vite build --mode demo`'s inputs for the pages' scripts: built name to source module. */
export const demoPageScripts = (): Record<string, string> =>
  Object.fromEntries(scriptPages().map((page) => [scriptName(page), page.script]));

/** True for the path of one of the demo's pages. */
export const isDemoPage = (path: string): boolean => DEMO_PAGES.some((page) => page.path === path);

/** What the public demo tells a visitor about their own account (nothing locally). */
export interface VisitorAccountNote {
  /** When the account and everything in it is deleted (epoch ms). */
  expiresAt: number | null;
}

function renderAccountNote(account: VisitorAccountNote | undefined): string {
  if (account?.expiresAt == null) return '';
  const at = new Date(account.expiresAt);
  const time = `${at.toISOString().slice(11, 16)} UTC`;
  return `<p class="demo-account" role="note">This is a sandbox account of your own, in test mode: no one else sees its orders, keys or webhooks. It is deleted with everything in it at <time datetime="${at.toISOString()}">${time}</time>; come back after that for a new one.</p>`;
}

/** The navigation and the "what this page shows" paragraph for the page at `path`. */
export function renderDemoNav(path: string, account?: VisitorAccountNote): string {
  const links = DEMO_PAGES.map(
    (page) => `<li><a href="${page.path}"${page.path === path ? ' aria-current="page"' : ''}>${page.label}</a></li>`,
  ).join('');
  const about = DEMO_PAGES.find((page) => page.path === path)?.about;
  return `<header class="demo-header">
  <nav class="demo-nav" aria-label="Demo pages"><span class="demo-nav-title">onramp-checkout demo</span><ul>${links}</ul></nav>
  ${about ? `<p class="demo-about"><strong>What this page shows:</strong> ${about}</p>` : ''}
  ${renderAccountNote(account)}
</header>`;
}

/**
 * `<link rel="preconnect">` for each origin, first in `<head>`: the connection (DNS, TCP, TLS) is
 * ready when the widget's first request leaves. `crossorigin` for the API, which the widget calls
 * without credentials (a separate connection pool); the checkout is framed, so credentialed.
 */
export function withPreconnect(html: string, [api, ...others]: readonly string[]): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head || !api) return html;
  const links = [
    `<link rel="preconnect" href="${api}" crossorigin>`,
    ...others.map((origin) => `<link rel="preconnect" href="${origin}">`),
  ];
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n  ${links.join('\n  ')}${html.slice(at)}`;
}

/** Inserts the header at the top of the page's `<main>`, or of `<body>` when there is none. */
export function withDemoNav(html: string, path: string, account?: VisitorAccountNote): string {
  const opening = /<main\b[^>]*>/i.exec(html) ?? /<body\b[^>]*>/i.exec(html);
  if (!opening) return html;
  const at = opening.index + opening[0].length;
  return `${html.slice(0, at)}\n${renderDemoNav(path, account)}${html.slice(at)}`;
}
