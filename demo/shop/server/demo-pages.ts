/**
 * The demo's pages, in one list: the demo server puts the same small navigation and the page's
 * "what this page shows" paragraph at the top of every one of them (`withDemoNav`), so a page is
 * linked from everywhere by adding one line here. Static text only: nothing here comes from a request.
 */
import { FRAMEWORK_PAGES } from './framework-pages.js';

export interface DemoPage {
  path: string;
  /** The link's text. */
  label: string;
  /** What this page shows, one paragraph of HTML (static, trusted). */
  about: string;
}

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
      'The order in the HTML itself: the merchant’s server renders the widget with <code>onramp-checkout/ssr</code> (declarative shadow DOM, the buyer’s language, the session in a JSON data block), so it is on screen before any script runs and even with JavaScript off; the hydrating script then takes over the same nodes. The CSP allows the widget’s stylesheet by its hash only.',
  },
  // React 19, Vue 3, Svelte 5, Angular style: described beside their page shells.
  ...FRAMEWORK_PAGES.map((page) => ({ path: `/demo/${page.name}`, label: page.title, about: page.about })),
  {
    path: '/console',
    label: 'Merchant console',
    about:
      'The merchant’s side: transaction history with every filter and pagination, a transaction’s detail, API keys (create, test, revoke) and webhook endpoints with their deliveries. It calls only this demo server, which holds the secret key.',
  },
];

/** True for the path of one of the demo's pages. */
export const isDemoPage = (path: string): boolean => DEMO_PAGES.some((page) => page.path === path);

/** What the hosted demo tells a visitor about their own account (nothing locally). */
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
