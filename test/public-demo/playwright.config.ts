/**
 * The public demo behind Caddy (test/public-demo/stack.ts), driven in Chromium over https on
 * `*.localhost` names. One worker: each file starts its own stack (the expiry file with a short
 * account lifetime).
 */
import { defineConfig } from '@playwright/test';
import { playwrightChromium } from '../engines/engines.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  workers: 1,
  // Bounds for a busy 2-core CI machine: every wait is on a condition, so these only end a hang.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Caddy's local CA is not in Chromium's trust store (the test keeps it out of the system's).
  use: { ...playwrightChromium, ignoreHTTPSErrors: true },
});
