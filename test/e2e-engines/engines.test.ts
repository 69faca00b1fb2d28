/**
 * End to end in Firefox and WebKit: the flows of flows.ts against the built bundle and the real
 * sandbox, one demo server (port 0, in-memory database) and one browser per engine. Chromium runs
 * the full end-to-end suite through Playwright (test/e2e). `ENGINES=webkit` runs one engine alone.
 */
import { after, before, describe, it } from 'node:test';
import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';
import { selectedEngines, type Engine } from '../engines/engines.mjs';
import { BRIDGE_FLOWS } from './bridge-flows.js';
import type { EngineDriver } from './driver.js';
import { FLOWS } from './flows.js';
import { launchFirefox } from './puppeteer-driver.js';
import { launchWebKit } from './webdriver-driver.js';

const LAUNCHERS: Partial<Record<Engine, () => Promise<EngineDriver>>> = {
  firefox: launchFirefox,
  webkit: launchWebKit,
};
// A flow takes a few seconds; the bound is for a loaded 2-core machine, and only ends a hang.
const FLOW_TIMEOUT_MS = 120_000;

for (const engine of selectedEngines()) {
  const launch = LAUNCHERS[engine];
  if (!launch) continue;
  describe(engine, () => {
    let demo: DemoHandle;
    let driver: EngineDriver;

    before(
      async () => {
        demo = await startDemo({
          port: 0,
          sandbox: { db: ':memory:', port: 0, checkoutPort: 0, deliveryMs: 800, log: () => {} },
        });
        driver = await launch();
      },
      { timeout: FLOW_TIMEOUT_MS },
    );

    after(async () => {
      await driver?.close();
      await demo?.close();
    });

    for (const flow of [...FLOWS, ...BRIDGE_FLOWS].filter((one) => one.engines?.includes(engine) ?? true)) {
      it(flow.name, { timeout: FLOW_TIMEOUT_MS }, async () => {
        const page = await driver.newPage();
        try {
          await flow.run(page, demo);
        } finally {
          await page.close();
        }
      });
    }
  });
}
