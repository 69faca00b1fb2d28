/**
 * The server-rendered merchant pages that embed the widget with a plain `<script>` tag. The demo
 * server adds the navigation and the "what this page shows" paragraph (demo-pages.ts).
 */
import { jsonForScriptElement } from '../../../src/ssr/json-for-script.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface EmbedPageOptions {
  title: string;
  publishableKey: string;
  clientSecret: string;
  /** The creation response's `redirect_url`: the spec's status answer has none to pay with. */
  redirectUrl: string;
  apiBase: string;
  checkoutOrigin: string;
  mode: 'embedded' | 'redirect';
  /**
   * The session creation response (with the request's fields), handed to the widget in its data
   * block (a `<script type="application/json">` child it reads when it starts): the order is drawn
   * with no request, and no script of the page's own is needed.
   */
  session?: unknown;
  /** On a return page: the path that starts a new order (the page without its return parameters). */
  newOrder?: string;
}

/** "New order" above a returned order: the page again, which makes a new session. */
export function newOrderLink(path: string): string {
  return `<p class="order-actions">Your order, as the onramp reports it now. <a class="button-link" href="${escapeHtml(path)}" data-new-order>New order</a></p>`;
}

export function renderEmbedPage(options: EmbedPageOptions): string {
  const { title } = options;
  const a = (value: string) => `"${escapeHtml(value)}"`;
  // A data block is never executed, so the strict CSP allows it; the element reads it on connect.
  const dataBlock = options.session
    ? `<script type="application/json">${jsonForScriptElement({ session: options.session })}</script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
  <script src="/dist/cdn/onramp-checkout.iife.js" defer></script>
  <script src="/dist/demo/event-log.js" type="module"></script>
</head>
<body>
  <main class="page">
    <h1>${title}</h1>
    ${options.newOrder ? newOrderLink(options.newOrder) : ''}
    <div class="layout">
      <onramp-checkout
        publishable-key=${a(options.publishableKey)}
        client-secret=${a(options.clientSecret)}
        redirect-url=${a(options.redirectUrl)}
        api-base=${a(options.apiBase)}
        checkout-origin=${a(options.checkoutOrigin)}
        mode=${a(options.mode)}
      >${dataBlock}</onramp-checkout>
      <section class="log" aria-label="Widget events"><h2>Events</h2><ol id="event-log"></ol></section>
    </div>
  </main>
</body>
</html>
`;
}
