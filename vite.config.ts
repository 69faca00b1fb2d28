/**
 * Two library builds of the widget:
 * - default mode: ES modules for bundlers (`dist/onramp-checkout.js`, side-effect free, and
 *   `dist/define.js`, which registers the element), with lit and zod left as dependencies;
 * - `--mode iife`: `dist/onramp-checkout.iife.js`, one self-contained file for a `<script>` tag.
 */
import { defineConfig, type Plugin } from 'vite';

/** Minifies the CSS inside Lit's css`` templates (the JS minifier leaves template text alone). */
function minifyLitCss(): Plugin {
  return {
    name: 'minify-lit-css',
    transform(code, id) {
      if (!id.endsWith('.styles.ts')) return null;
      return code.replace(/css`([^`]*)`/g, (_match, body: string) => {
        const min = body
          .replace(/\/\*[^]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/([\w-]+):\s+/g, '$1:')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    plugins: [minifyLitCss()],
    build: {
      target: 'es2022',
      sourcemap: true,
      emptyOutDir: !iife,
      minify: true,
      lib: iife
        ? { entry: 'src/define.ts', formats: ['iife'], name: 'OnrampCheckout', fileName: () => 'onramp-checkout.iife.js' }
        : {
            entry: { 'onramp-checkout': 'src/index.ts', define: 'src/define.ts' },
            formats: ['es'],
            fileName: (_format, entry) => `${entry}.js`,
          },
      rollupOptions: iife ? {} : { external: [/^lit(\/|$)/, /^@lit\//, /^zod(\/|$)/] },
    },
  };
});
