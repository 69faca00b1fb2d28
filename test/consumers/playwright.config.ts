/**
 * The consumer apps (test/consumers, built by `prepare.ts` from the packed package) driven in
 * Chromium against the sandbox. One worker: each file starts its app's server.
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
  use: playwrightChromium,
});
