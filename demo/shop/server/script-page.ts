/**
 * The page of a demo page with a script of its own (demo-pages.ts, `script`): one static document
 * into which the script (built by `vite build --mode demo` into `dist/demo/<name>.js`) renders the
 * widget and its event log, as the framework pages do.
 */
import { type ScriptDemoPage, scriptName } from './demo-pages.js';

/** The page; the demo server adds the navigation and the `about` paragraph (demo-pages.ts). */
export function renderScriptPage(page: ScriptDemoPage): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${page.label} · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
  <script src="/dist/demo/${scriptName(page)}.js" type="module"></script>
</head>
<body>
  <main class="page">
    <h1>${page.label}</h1>
    <p>Pay with test card <code>4242 4242 4242 4242</code> (any future expiry, any CVC).</p>
    <div id="app"></div>
  </main>
</body>
</html>
`;
}
