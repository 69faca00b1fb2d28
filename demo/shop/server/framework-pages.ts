/**
 * The framework pages: one static shell each, into which the framework's app (built by
 * `vite build --mode demo` into `dist/demo/<name>.js`) renders the widget and its event log.
 */

export interface FrameworkPage {
  /** URL path under `/demo/` and the name of the built script. */
  name: string;
  title: string;
  /** One or two sentences: what the page demonstrates. */
  about: string;
  /**
   * Trusted Types policies the framework itself creates, beside Lit's `lit-html`. Only Vue: its
   * runtime creates a `vue` policy as it loads, and a refused policy is a CSP violation.
   */
  trustedTypes?: string[];
}

export const FRAMEWORK_PAGES: readonly FrameworkPage[] = [
  {
    name: 'react',
    title: 'React 19',
    about:
      'A React 19 app in StrictMode renders <code>&lt;onramp-checkout&gt;</code> itself (React sets the properties, the <code>session</code> object included, and listens to <code>ononramp-…</code> props), or through the <code>@lit/react</code> wrapper of <code>onramp-checkout/react</code>. Remounting leaves one poller.',
  },
  {
    name: 'vue',
    title: 'Vue 3',
    about:
      'A Vue 3 single-file component, compiled at build time with <code>onramp-checkout</code> declared a custom element: properties bound with <code>:publishableKey</code>, the session object with <code>.session</code>, events with <code>@onramp-…</code>.',
    trustedTypes: ['vue'],
  },
  {
    name: 'svelte',
    title: 'Svelte 5',
    about:
      'A Svelte 5 component: Svelte sets the element’s properties (the <code>session</code> object included) and listens to <code>ononramp-…</code> attributes. Compiled with <code>fragments: &#39;tree&#39;</code>, so it needs no Trusted Types policy of its own.',
  },
  {
    name: 'angular-style',
    title: 'Angular style',
    about:
      'What Angular does with <code>[prop]=&quot;…&quot;</code> and <code>(onramp-ready)=&quot;…&quot;</code> on a custom element (with <code>CUSTOM_ELEMENTS_SCHEMA</code>): property assignments and <code>addEventListener</code>, written out in plain TypeScript, no Angular package.',
  },
];

/** The page shell; the demo server adds the navigation and the `about` paragraph (demo-pages.ts). */
export function renderFrameworkPage(page: FrameworkPage): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${page.title} · onramp-checkout demo</title>
  <link rel="stylesheet" href="/demo/public/demo.css">
  <script src="/dist/demo/${page.name}.js" type="module"></script>
</head>
<body>
  <main class="page">
    <h1>${page.title}</h1>
    <p>Pay with test card <code>4242 4242 4242 4242</code> (any future expiry, any CVC).</p>
    <div id="app"></div>
  </main>
</body>
</html>
`;
}
