/**
 * Two library builds of the widget:
 * - default mode: ES modules for bundlers and Node (`dist/onramp-checkout.js`, side-effect free,
 *   `dist/define.js`, which registers the element, `dist/hydrate.js`, `dist/webhooks.js`,
 *   `dist/react.js`, the `@lit/react` wrapper, `dist/react-native.js`, the react-native-webview
 *   component, `dist/ssr.js`, the server renderer), lit, zod, @lit/react, @lit-labs/ssr, React, React
 *   Native and react-native-webview left as dependencies. One build, so every entry shares
 *   one copy of the element class and of its state (`dist/shared/`): a server that loads both
 *   `define` (a framework's client component rendered on the server) and `ssr` has one class in its
 *   registry, which the renderer recognises;
 * - `--mode iife`: `dist/cdn/onramp-checkout.iife.js`, one self-contained file for a `<script>` tag
 *   (`src/script-tag.ts`: its head start sends the status request before Lit and zod are evaluated);
 * - `--mode hydrate`: `dist/cdn/onramp-checkout.hydrate.iife.js`, the same with Lit's hydration support
 *   loaded before Lit, for server-rendered pages (kept out of the default file's budget);
 * - `--mode part-<name>`: the script-tag files' on-demand parts, `dist/cdn/onramp-checkout.<name>.js`.
 *   `dist/cdn/` holds exactly what a script tag needs (the two script-tag files, their parts, their
 *   catalogues in `locales/`) and nothing else: the one folder a merchant serves as it is;
 * - `--mode demo`: the demo pages' scripts in `dist/demo/`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minify } from 'terser';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { LANGUAGES } from './src/i18n/languages.js';
import { demoPageScripts } from './demo/shop/server/demo-pages.js';
import { minifyLitTemplates } from './scripts/build/minify-templates.js';
import { pinHashes, pinned } from './scripts/build/pinned-hashes.js';
import { pinVariant } from './scripts/build/pin-variant.js';

/** Prints the Subresource Integrity hash of the script-tag files, for `<script integrity>`. */
function printIntegrity(): Plugin {
  return {
    name: 'print-integrity',
    generateBundle: {
      // The file as written: after terser and the parts' pins (`partFiles`).
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.fileName.endsWith('.iife.js')) {
            const sri = `sha384-${createHash('sha384').update(file.code).digest('base64')}`;
            this.info(`integrity of ${CDN_DIR}/${file.fileName}: ${sri}`);
          }
        }
      },
    },
  };
}

/**
 * A second minifier pass over the script-tag file, after Vite's own (oxc): terser's compressor
 * (three passes, no unsafe options) finds a few hundred bytes more. The source map is carried over.
 * Unused trailing parameters go too (`keep_fargs: false`: nothing in the file reads a function's
 * `length`). The file starts with V8's compile hint `//# allFunctionsCalledOnLoad`: nearly every
 * function of the file runs before the order is on screen, so Chromium compiles them all on its
 * streaming thread while the file downloads, instead of one by one on the main thread (the status
 * answer used to wait behind those compiles; issue #26). Other engines ignore the comment.
 */
function terserPass(): Plugin {
  return {
    name: 'terser-pass',
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !/^onramp-checkout\..*js$/.test(file.fileName)) continue;
        const mapAsset = bundle[`${file.fileName}.map`];
        const inputMap = mapAsset?.type === 'asset' ? String(mapAsset.source) : undefined;
        const comment = /\n?\/\/# sourceMappingURL=\S*\s*$/.exec(file.code)?.[0] ?? '';
        const result = await minify(file.code.slice(0, file.code.length - comment.length), {
          compress: { passes: 3, keep_fargs: false },
          mangle: true,
          format: { comments: false, preamble: '//# allFunctionsCalledOnLoad' },
          sourceMap: inputMap ? { content: inputMap, filename: file.fileName } : false,
        });
        file.code = `${result.code}${comment}`;
        if (mapAsset?.type === 'asset' && typeof result.map === 'string') mapAsset.source = result.map;
      }
    },
  };
}

/**
 * The script-tag build's catalogues: `locales/<code>.json` beside the script for every language of
 * the registry (`src/i18n/languages.ts`), and their SRI hashes for the loader
 * (`src/i18n/locale-loaders.iife.ts`), which fetches them with `integrity`. A registry entry
 * without its catalogue file stops the build.
 */
let localeJson: Promise<{ language: string; source: string; integrity: string }[]> | undefined;
/** Read once, and only by the builds that write them (the script-tag file and its parts). */
const LOCALE_JSON = () =>
  (localeJson ??= Promise.all(
    LANGUAGES.filter(({ code }) => code !== 'en').map(async ({ code: language }) => {
      const module = (await tsImport(`./src/i18n/locales/${language}.ts`, import.meta.url)) as { default: unknown };
      const source = JSON.stringify(module.default);
      // SHA-256: as strong a pin as SHA-384 for this, and 20 characters less of incompressible base64 each.
      return { language, source, integrity: `sha256-${createHash('sha256').update(source).digest('base64')}` };
    }),
  ));

/**
 * The script-tag builds' condition: each module that loads something (a part, a catalogue) is
 * imported by a `#` name of package.json's `imports`, which gives the script-tag build its
 * `*.iife.ts` and every other build (npm, tests, Node) the dynamic `import()` one. No alias: the
 * import says that it depends on the build.
 */
const SCRIPT_TAG_CONDITIONS = ['onramp-script-tag', ...defaultClientConditions];

function localeFiles(): Plugin {
  return {
    name: 'locale-files',
    config: async () => ({
      define: {
        __ONRAMP_LOCALE_INTEGRITY__: JSON.stringify(
          Object.fromEntries(
            (await LOCALE_JSON()).map((file) => [file.language, pinned('locale', file.language, file.integrity)]),
          ),
        ),
      },
      resolve: { conditions: SCRIPT_TAG_CONDITIONS },
    }),
    async generateBundle() {
      for (const { language, source } of await LOCALE_JSON())
        this.emitFile({ type: 'asset', fileName: `locales/${language}.json`, source });
    },
  };
}

/** The folder a script tag needs, served as it is: the script-tag files, their parts, their catalogues. */
const CDN_DIR = 'dist/cdn';

/** The on-demand parts of the script-tag build (`src/parts/<name>/`): `dist/cdn/onramp-checkout.<name>.js`. */
const PARTS: Record<string, string> = {
  later: 'src/parts/later/later-part.iife.ts',
  order: 'src/parts/order/order-part.iife.ts',
  bridge: 'src/parts/bridge/bridge-part.iife.ts',
};

/**
 * Which parts each file loads, and so pins: the script-tag files load `later`; `later` loads `order`
 * (amount first: `order-part-loader.ts`) and `bridge` (a native app's WebView: `src/parts/bridge/`), so
 * their pins cost the script-tag file no byte. A part is built after the parts it pins
 * (package.json's build: `part-order` and `part-bridge`, then `part-later`).
 */
const PINS: Record<string, string[]> = { iife: ['later'], later: ['order', 'bridge'], order: [], bridge: [] };

/**
 * The script-tag builds load their parts with the integrity pinned here (`src/parts/load-part.iife.ts`,
 * swapped in for `load-part.ts`): the parts are built first (`--mode part-<name>`), and their bytes
 * hashed (SHA-256: as strong a pin as SHA-384 here, and 20 characters less of incompressible base64).
 * The minifiers see a placeholder of the hash's length (`pinned`), written over by `pinHashes`.
 */
function partFiles(names: string[], { atEnd = false }: { atEnd?: boolean } = {}): Plugin {
  const pins = () =>
    JSON.stringify(
      Object.fromEntries(
        names.map((name) => {
          const file = resolve(import.meta.dirname, `${CDN_DIR}/onramp-checkout.${name}.js`);
          if (!existsSync(file)) throw new Error(`${file} is missing: run vite build --mode part-${name} first`);
          return [
            name,
            pinned('part', name, `sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}`),
          ];
        }),
      ),
    );
  return {
    name: 'part-files',
    config: () => ({
      // The default script-tag file keeps its pin in a variable at the end of its own scope, read
      // once the file has run (it loads the part after its first update; the hydrating file may load
      // one at once, so it keeps the pin in place). Its value moves the file's brotli size by tens of
      // bytes wherever it sits: the build picks among variants of the part (`pin-variant.ts`).
      define: { __ONRAMP_PART_INTEGRITY__: atEnd ? '__onrampPartPins' : pins() },
      ...(atEnd ? { build: { rollupOptions: { output: { outro: `var __onrampPartPins = ${pins()};` } } } } : {}),
      resolve: { conditions: SCRIPT_TAG_CONDITIONS },
    }),
  };
}

/**
 * What every build of the widget is told: its version (`DUPLICATE_DEFINITION` compares copies), and
 * the provider's addresses when a provider builds the package for its own merchants
 * (`ONRAMP_API_BASE=https://… ONRAMP_CHECKOUT_ORIGIN=https://… npm run build`); none by default;
 * and whether it is the default script-tag file, whose budget leaves some of the element out.
 */
function buildConstants(mode: string): Record<string, string> {
  const origin = (name: 'ONRAMP_API_BASE' | 'ONRAMP_CHECKOUT_ORIGIN') => {
    const value = process.env[name] ?? '';
    if (value && !/^https:\/\/[^/?#@]+(\/[^?#]*)?$/.test(value))
      throw new Error(`${name} must be an https URL: ${value}`);
    return JSON.stringify(value);
  };
  const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    __ONRAMP_VERSION__: JSON.stringify(version),
    __ONRAMP_API_BASE__: origin('ONRAMP_API_BASE'),
    __ONRAMP_CHECKOUT_ORIGIN__: origin('ONRAMP_CHECKOUT_ORIGIN'),
    // The default script-tag file's budget leaves some of the element out (`FULL` in onramp-checkout.ts).
    __ONRAMP_LEAN__: JSON.stringify(mode === 'iife'),
  };
}

/**
 * Prints the CSP hash of the stylesheet the server renderer writes into the shadow root, read from
 * the built renderer itself (what a merchant adds to `style-src`).
 */
function printStyleHash(): Plugin {
  return {
    name: 'print-style-hash',
    async closeBundle() {
      const { ONRAMP_CHECKOUT_STYLE_HASH } = (await import(resolve(import.meta.dirname, 'dist/ssr.js'))) as {
        ONRAMP_CHECKOUT_STYLE_HASH: string;
      };
      this.info(`style-src of server-rendered pages: '${ONRAMP_CHECKOUT_STYLE_HASH}'`);
    },
  };
}

/**
 * The source modules that do their work on import (registration, the head start, the demo pages).
 * `sideEffects` in package.json lists the published files only, so these builds of the sources say
 * it themselves: without it a bare `import './define.js'` would be dropped as side-effect free.
 */
const SOURCE_SIDE_EFFECTS = [
  /\/src\/(define|hydrate|react|script-tag|head-start)\.ts$/,
  /\/src\/ssr\/render-onramp-checkout\.ts$/,
  /\/demo\//,
];

function sourceSideEffects(): Plugin {
  return {
    name: 'source-side-effects',
    transform: (code, id) =>
      SOURCE_SIDE_EFFECTS.some((pattern) => pattern.test(id)) ? { code, map: null, moduleSideEffects: true } : null,
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'demo') {
    // The demo pages' scripts (served by `npm start`), built from TypeScript like any merchant app,
    // the framework pages' with their frameworks' own Vite plugins (only in this mode).
    return {
      plugins: [
        sourceSideEffects(),
        minifyLitTemplates(),
        vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'onramp-checkout' } } }),
        // `tree`: Svelte builds its DOM node by node instead of through innerHTML, which the pages'
        // Trusted Types policy would refuse.
        svelte({ configFile: false, compilerOptions: { fragments: 'tree' } }),
      ],
      build: {
        target: 'es2022',
        outDir: 'dist/demo',
        emptyOutDir: true,
        sourcemap: true,
        // No preload links for the pages' dynamic imports (the widget's later part): Vite would
        // write them from the site's root, where dist/demo/ is not, and the browser would ask twice,
        // once in vain. The import itself resolves beside its module.
        modulePreload: false,
        rollupOptions: {
          input: {
            merchant: 'demo/shop/pages/merchant.ts',
            'event-log': 'demo/shop/pages/event-log.ts',
            console: 'demo/shop/pages/console.ts',
            // The pages of a script of their own (the framework pages among them): their list's entries.
            ...demoPageScripts(),
          },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    };
  }
  const part = /^part-(\w+)$/.exec(mode)?.[1];
  if (part) {
    const entry = PARTS[part];
    if (!entry) throw new Error(`no part named ${part}`);
    // Each part one self-contained file beside the script-tag file, loaded by it on demand.
    return {
      define: buildConstants(mode),
      plugins: [
        sourceSideEffects(),
        localeFiles(),
        ...(PINS[part]?.length ? [partFiles(PINS[part])] : []),
        minifyLitTemplates(),
        terserPass(),
        pinHashes(),
      ],
      // The part draws with the script-tag file's Lit: no second copy (src/parts/host-lit.ts).
      resolve: { alias: [{ find: /^lit$/, replacement: resolve(import.meta.dirname, 'src/parts/host-lit.ts') }] },
      build: {
        target: 'es2022',
        outDir: CDN_DIR,
        sourcemap: true,
        emptyOutDir: false,
        minify: true,
        lib: {
          entry,
          formats: ['iife'],
          name: 'OnrampCheckoutPart',
          fileName: () => `onramp-checkout.${part}.js`,
        },
        rollupOptions: { output: { generatedCode: { symbols: false } } },
      },
    };
  }
  const iife = mode === 'iife' || mode === 'hydrate';
  return {
    define: buildConstants(mode),
    plugins: iife
      ? [
          sourceSideEffects(),
          localeFiles(),
          // The default file loads its parts only after its first update; the hydrating one may at once.
          partFiles(PINS.iife ?? [], { atEnd: mode === 'iife' }),
          minifyLitTemplates(),
          terserPass(),
          ...(mode === 'iife'
            ? [pinVariant('onramp-checkout.iife.js', 'later', `${CDN_DIR}/onramp-checkout.later.js`)]
            : []),
          pinHashes(),
          printIntegrity(),
        ]
      : [sourceSideEffects(), minifyLitTemplates(), printStyleHash()],
    build: {
      target: 'es2022',
      ...(iife ? { outDir: CDN_DIR } : {}),
      sourcemap: true,
      emptyOutDir: !iife,
      minify: true,
      lib: iife
        ? mode === 'hydrate'
          ? {
              entry: 'src/hydrate.ts',
              formats: ['iife'],
              name: 'OnrampCheckout',
              fileName: () => 'onramp-checkout.hydrate.iife.js',
            }
          : {
              entry: 'src/script-tag.ts',
              formats: ['iife'],
              name: 'OnrampCheckout',
              fileName: () => 'onramp-checkout.iife.js',
            }
        : {
            entry: {
              'onramp-checkout': 'src/index.ts',
              define: 'src/define.ts',
              hydrate: 'src/hydrate.ts',
              webhooks: 'src/webhooks/verify-signature.ts',
              return: 'src/return.ts',
              server: 'src/server-client/index.ts',
              react: 'src/react.ts',
              'react-native': 'src/react-native/index.ts',
              ssr: 'src/ssr/render-onramp-checkout.ts',
              // The `bin`: `npx onramp-checkout doctor <page-url>` (Node only).
              doctor: 'src/doctor/cli.ts',
            },
            formats: ['es'],
            fileName: (_format, entry) => `${entry}.js`,
          },
      rollupOptions: iife
        ? // The `OnrampCheckout` global is a plain object: no `Symbol.toStringTag` of "Module" (bytes).
          { output: { generatedCode: { symbols: false } } }
        : {
            // lit, zod, @lit/react, Lit's hydration support and server renderer, node: modules, React
            // (Native) and react-native-webview stay dependencies; `define.js` imports the side-effect-free
            // entry as published, and `react.js` and `hydrate.js` import `define.js` (same name in dist).
            // What the entries share is one chunk under a stable name (`shared/`), never two copies.
            external: (source: string, importer: string | undefined) =>
              /^(lit|lit\/.*|@lit\/.*|@lit-labs\/ssr-client\/.*|@lit-labs\/ssr|@lit-labs\/ssr\/.*|node:.*|zod|zod\/.*|react|react\/.*|react-native|react-native-webview)$/.test(
                source,
              ) ||
              (source === './index.js' && !!importer?.endsWith('/src/define.ts')) ||
              (source === './define.js' &&
                (!!importer?.endsWith('/src/react.ts') || !!importer?.endsWith('/src/hydrate.ts'))),
            // The catalogues other than English are chunks of their own, under stable names.
            output: {
              chunkFileNames: (chunk: { name: string }) =>
                LANGUAGES.some(({ code }) => code === chunk.name) ? 'locales/[name].js' : 'shared/[name].js',
            },
            plugins: [
              {
                name: 'define-imports-published-entry',
                renderChunk: (code: string, chunk: { fileName: string }) =>
                  chunk.fileName === 'define.js' ? code.replaceAll('"./index.js"', '"./onramp-checkout.js"') : null,
              },
            ],
          },
    },
  };
});
