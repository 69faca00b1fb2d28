/**
 * A Web Test Runner plugin that serves React and Vue to the component tests as a merchant's bundler
 * would build them, so the tests run the frameworks' real code in Chromium:
 * - React ships CommonJS only, which a browser cannot import. It is bundled once, at server start,
 *   into ES modules with Vite (as Vite's dependency optimizer does in an app): `react`,
 *   `react/jsx-runtime`, `react-dom` and `react-dom/client` share one copy of React, development
 *   build (`act`, warnings).
 * - Vue's ESM build for bundlers expects its compile-time flags to be replaced; the same build
 *   defines them. It is the build with the template compiler, so a test's template goes through
 *   the compiler an SFC's goes through at build time (the test page has no CSP forbidding eval).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = '/__framework-deps__/';

/** Served file name → the import it answers. */
const ENTRIES = {
  react: 'react',
  'react-jsx-runtime': 'react/jsx-runtime',
  'react-dom': 'react-dom',
  'react-dom-client': 'react-dom/client',
  vue: 'vue/dist/vue.esm-bundler.js',
};
const IMPORTS = { ...Object.fromEntries(Object.entries(ENTRIES).map(([file, source]) => [source, file])), vue: 'vue' };

const FACADE = '\0facade:';

/**
 * An ES module re-exporting a CommonJS package by name: the names are read by loading the package
 * in Node, since `export *` cannot see through CommonJS.
 */
function commonJsFacade(source) {
  const names = Object.keys(require(source)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return `import m from ${JSON.stringify(source)};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

async function bundle() {
  // Development React, as in the bundle (`act` exists only there); Vite's build would set
  // NODE_ENV to production for this whole process, so it is put back afterwards.
  const savedNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    const facadeCode = new Map(
      Object.values(ENTRIES)
        .filter((source) => source.startsWith('react'))
        .map((source) => [`${FACADE}${source}`, commonJsFacade(source)]),
    );
    const facades = {
      name: 'commonjs-facades',
      resolveId: (id) => (facadeCode.has(id) ? id : null),
      load: (id) => facadeCode.get(id) ?? null,
    };
    const input = Object.fromEntries(
      Object.entries(ENTRIES).map(([file, source]) => [
        file,
        facadeCode.has(`${FACADE}${source}`) ? `${FACADE}${source}` : source,
      ]),
    );
    const result = await build({
      configFile: false,
      root: ROOT,
      mode: 'development',
      logLevel: 'warn',
      plugins: [facades],
      define: {
        'process.env.NODE_ENV': JSON.stringify('development'),
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
      build: {
        write: false,
        minify: false,
        target: 'es2022',
        sourcemap: false,
        modulePreload: false,
        rollupOptions: {
          input,
          preserveEntrySignatures: 'strict',
          output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
        },
      },
    });
    const files = new Map();
    for (const { output } of Array.isArray(result) ? result : [result]) {
      for (const chunk of output) if (chunk.type === 'chunk') files.set(chunk.fileName, chunk.code);
    }
    return files;
  } finally {
    if (savedNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = savedNodeEnv;
  }
}

export function frameworkDeps() {
  let files = new Map();
  return {
    name: 'framework-deps',
    async serverStart() {
      files = await bundle();
    },
    resolveImport({ source }) {
      const file = IMPORTS[source];
      return file ? `${PREFIX}${file}.js` : undefined;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const code = files.get(context.path.slice(PREFIX.length));
      return code === undefined ? undefined : { body: code, type: 'js' };
    },
  };
}
