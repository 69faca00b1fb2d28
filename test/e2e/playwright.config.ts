/** End-to-end tests: the built bundle and the demo pages against the real sandbox, in Chromium. */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { SandboxShapes } from '../../demo/sandbox/http/spec-shapes.js';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig<{}, { shapes: SandboxShapes }>({
  testDir: '.',
  testMatch: '*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
  projects: [
    // Every test against the sandbox's DESIGN.md shapes.
    { name: 'design', use: { shapes: 'design' } },
    // The widget's main flows again against only what the spec shows (SANDBOX_SHAPES=spec): short
    // ids, no extensions, an unknown field in every answer, as another server could answer.
    { name: 'spec', use: { shapes: 'spec' }, testMatch: ['checkout.e2e.ts', 'quote-refresh.e2e.ts'] },
  ],
});
