// Component tests in real Chromium (Debian's, or CHROMIUM_PATH, or Playwright's own where present).
import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  rootDir: '.',
  files: ['src/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 5000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
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
