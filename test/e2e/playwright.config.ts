/** End-to-end tests: the built bundle and the demo pages against the real sandbox, in Chromium. */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  // Bounds for a busy 2-core CI machine: every wait is on a condition, so these only end a hang.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The widget's screenshots (screenshots.e2e.ts) live beside the demo, where the README shows them.
  snapshotPathTemplate: '{testDir}/../../demo/screenshots/{arg}{ext}',
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
});
