// ESLint flat config. Type-aware rules run through typescript-eslint on TypeScript 5.9 (the
// `typescript` package); the project's own compiler is TypeScript 7 (`typescript-7`), which has no
// JavaScript API yet, so typescript-eslint cannot use it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.sandbox-data/**',
      // Each consumer app is a separate project, linted (if at all) by its own starter's tools.
      'test/consumers/*/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Without the TypeScript resolver, `./x.js` specifiers never reach `./x.ts` and no-cycle
      // silently finds nothing.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': 'error',
      // A file past 400 lines holds more than one subject: split it by what it holds.
      'max-lines': ['error', { max: 400 }],
      // Numbers in template strings are how messages and ids are built; objects still are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => this.close()` shorthands and `if (x) return this.#fail(e)` early returns from functions
      // that return nothing are how this code is written; a void value used anywhere else is reported.
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true },
      ],
      // `env.HOST || '127.0.0.1'`: an empty string means "not set" here, on purpose.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true, boolean: true } }],
      // `interface GlobalEventHandlersEventMap extends OnrampEventMap {}` merges into the DOM's map.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // `declare module 'react' { namespace JSX … }` is how JSX's element types are extended.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // `.catch(() => {})` and `onChange ?? (() => {})`: an empty arrow is the no-op callback.
      '@typescript-eslint/no-empty-function': ['error', { allow: ['arrowFunctions'] }],
      // Records keyed by data are this code's maps (choices, catalogues, encodings); `delete` is how
      // a key leaves one.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // A leading underscore marks what is unused on purpose (a parameter an interface requires, a
      // property dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // Plain JavaScript (config files, test launchers): outside any tsconfig, so no type-aware rules.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // The widget: Lit's template rules and the custom-element rules.
  { files: ['src/**/*.ts'], extends: [lit.configs['flat/recommended']] },
  { files: ['src/**/*.ts'], extends: [wc.configs['flat/recommended']] },
  // The four programs of demo/ (demo/README.md): the shop and the public demo reach the onramp API
  // only through its public module and the shared HTTP pieces, never its internals; the API knows
  // neither of them.
  {
    files: ['demo/shop/**', 'demo/public-demo/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+onramp-api(?!/index\\.js$)(/|$)',
              message:
                "Import the onramp API's public module (onramp-api/index.js) or http-common/, not its internals.",
            },
            {
              regex: '^(\\.\\./)+hosted-checkout(/|$)',
              message:
                "The hosted checkout is the provider's page: the shop reaches it through the API, never by import.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['demo/onramp-api/**', 'demo/hosted-checkout/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(shop|public-demo)(/|$)',
              message:
                'The provider (the onramp API and its hosted checkout) knows nothing of the shop or the public demo.',
            },
          ],
        },
      ],
    },
  },
  // The hosted checkout's browser code (bundled into its page's script by script.ts): type-aware
  // rules like the rest, the browser's globals only, and no imports but its siblings, the
  // contract's zod-free protocols (the widget's hints, the native bridge's messages) and the native
  // host's detection (no Node module, no server code, no zod in the page).
  {
    files: ['demo/hosted-checkout/browser/**'],
    rules: {
      // TypeScript knows Node's globals here too (the project's `types`): refuse the ones no browser has.
      'no-restricted-globals': ['error', ...Object.keys(globals.node).filter((name) => !(name in globals.browser))],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!\\./[\\w-]+\\.js$|\\.\\./\\.\\./\\.\\./src/contract/(checkout|bridge)-protocol\\.js$|\\.\\./\\.\\./\\.\\./src/parts/bridge/native-host\\.js$)',
              message:
                "The checkout page's code imports its siblings, src/contract/checkout-protocol.js, src/contract/bridge-protocol.js and src/parts/bridge/native-host.js only: it runs in the buyer's browser.",
            },
          ],
        },
      ],
    },
  },
  // Tests and their helpers.
  {
    files: ['test/**', '**/*.test.ts', '**/*.test.tsx', '**/*.test-helpers.ts'],
    rules: {
      // node:test's describe/it return promises that the runner itself tracks.
      '@typescript-eslint/no-floating-promises': 'off',
      // `el.shadowRoot!`: a missing value throws, which fails the test as it should.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Chai's property assertions (`expect(x).to.be.true`, sinon-chai's `.calledOnce`) are expressions.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Stubs and silent loggers (`{ log() {} }`) are empty on purpose.
      '@typescript-eslint/no-empty-function': 'off',
      // Spies (`expect(window.open).to.have.been…`) and probes that wrap and restore browser methods.
      '@typescript-eslint/unbound-method': 'off',
      // `act(async () => …)` and stubs of async interfaces (`async fetch() { return response; }`).
      '@typescript-eslint/require-await': 'off',
      // `let app: App` set in before() and closed with `app?.close()` in after(), in case before() failed.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  // `void problems` asks Playwright for a fixture whose checks run after the test; the type tests
  // write `void expression` to make the compiler check an expression's type and nothing else.
  {
    files: ['test/e2e/**', 'test/types/**'],
    rules: { '@typescript-eslint/no-meaningless-void-operator': 'off' },
  },
  // test/react-native is a package of its own: `npm run test:react-native` installs react-native there
  // after the lint has run, and type-checks it with its own tsconfig. ESLint reads it without types.
  { files: ['test/react-native/**'], extends: [tseslint.configs.disableTypeChecked] },
  // This type test checks that the names before the `Onramp` prefix still resolve to the new
  // types, so it names the deprecated aliases on purpose.
  {
    files: ['test/types/deprecated-names.types.ts'],
    rules: { '@typescript-eslint/no-deprecated': 'off' },
  },
  prettier,
);
