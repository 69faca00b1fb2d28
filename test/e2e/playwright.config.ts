/** End-to-end tests: the built bundle and the demo pages against the real sandbox, in Chromium (Firefox and WebKit: test/e2e-engines). */
import { defineConfig } from '@playwright/test';
import type { SandboxShapes } from '../../demo/onramp-api/http/spec-shapes.js';
import { playwrightChromium } from '../engines/engines.mjs';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures: Playwright's own default
export default defineConfig<{}, { shapes: SandboxShapes }>({
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
  use: playwrightChromium,
  projects: [
    // Every test against the sandbox's docs/design.md shapes.
    { name: 'design', use: { shapes: 'design' } },
    // The widget's main flows again against only what the spec shows (SANDBOX_SHAPES=spec): short
    // ids, no extensions, an unknown field in every answer, as another server could answer.
    { name: 'spec', use: { shapes: 'spec' }, testMatch: ['checkout.e2e.ts', 'quote-refresh.e2e.ts'] },
  ],
});
