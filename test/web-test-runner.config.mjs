// Component tests in real Chromium, Firefox and WebKit (test/wtr/engine-launchers.mjs says how each
// is driven). One engine alone: `WTR_BROWSERS=firefox npm run test:unit` (comma separated list).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { selectedEngines } from './engines/engines.mjs';
import { engineLauncher } from './wtr/engine-launchers.mjs';
import { frameworkDeps } from './wtr/framework-deps.mjs';

export default {
  rootDir: '.',
  // `*.node.test.ts` beside a module runs in Node (`npm run test:sandbox`), not here.
  files: ['src/**/*.test.{ts,tsx}', '!src/**/*.node.test.ts'],
  nodeResolve: true,
  // A 2-core machine: one engine at a time, two test files at once within it (WebKit takes one).
  concurrentBrowsers: 1,
  concurrency: 2,
  // Generous bounds for a loaded CI machine; tests wait on conditions, so these only end a hang.
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 10_000 } },
  // JSX in .tsx tests follows tsconfig.json (`react-jsx`); React and Vue come from frameworkDeps.
  plugins: [frameworkDeps(), esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: selectedEngines().map(engineLauncher),
  // The widget's own console words (a test key's report at mount, each problem once): the tests that
  // mean them spy on the console; elsewhere they would bury the runner's output.
  filterBrowserLogs: ({ args }) =>
    !/^onramp-checkout[ :]|^[A-Z_]+: .*\nFix: |^API: .*\nCheckout origin: /s.test(String(args[0])),
};
