/**
 * The server-rendered merchant pages that embed the widget with a plain `<script>` tag. The demo
 * server adds the navigation and the "what this page shows" paragraph (demo-pages.ts).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** JSON for a `<script type="application/json">` block: `<` escaped, so no `</script>` can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface EmbedPageOptions {
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  checkoutOrigin: string;
  mode: 'embedded' | 'redirect';
  /**
   * The session creation response (with the request's fields), handed to the widget as its
   * `session` property before it starts: the order is drawn with no request.
   */
  session?: unknown;
}

export function renderEmbedPage(options: EmbedPageOptions): string {
  const title = options.session ? 'Script tag with session' : options.mode === 'redirect' ? 'Redirect mode' : 'Script tag';
  const a = (value: string) => `"${escapeHtml(value)}"`;
  // The seed runs before the widget's script (deferred and module scripts run in document order),
  // so the element has its `session` when it first renders. No inline script: the CSP forbids it.
  const seed = options.session
    ? `\n  <script type="application/json" id="onramp-session">${jsonForScript(options.session)}</script>\n  <script src="/dist/demo/session-seed.js" type="module"></script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">${seed}
  <script src="/dist/onramp-checkout.iife.js" defer></script>
  <script src="/dist/demo/event-log.js" type="module"></script>
</head>
<body>
  <main class="page">
    <h1>${title}</h1>
    <div class="layout">
      <onramp-checkout
        publishable-key=${a(options.publishableKey)}
        client-secret=${a(options.clientSecret)}
        api-base=${a(options.apiBase)}
        checkout-origin=${a(options.checkoutOrigin)}
        mode=${a(options.mode)}
      ></onramp-checkout>
      <section class="log" aria-label="Widget events"><h2>Events</h2><ol id="event-log"></ol></section>
    </div>
  </main>
</body>
</html>
`;
}
