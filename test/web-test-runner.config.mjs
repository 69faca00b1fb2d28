// Component tests in real Chromium (Debian's, or CHROMIUM_PATH, or Playwright's own where present).
import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { frameworkDeps } from './wtr/framework-deps.mjs';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  rootDir: '.',
  files: ['src/**/*.test.{ts,tsx}'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 5000 } },
  // JSX in .tsx tests follows tsconfig.json (`react-jsx`); React and Vue come from frameworkDeps.
  plugins: [frameworkDeps(), esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        ...(executablePath ? { executablePath } : {}),
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    }),
  ],
};
