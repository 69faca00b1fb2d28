import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';
import { expect, openCheckout, test } from './fixtures.js';

// Quotes that live 3 s, so the widget's refresh happens within the test; its countdown runs on the
// sandbox's clock, so faking the page's clock would (rightly) change nothing.
let demo: DemoHandle;
test.beforeAll(async ({ shapes }) => {
  demo = await startDemo({
    port: 0,
    sandbox: { db: ':memory:', port: 0, checkoutPort: 0, quoteTtlMs: 3000, log: () => {}, shapes },
  });
});
test.afterAll(async () => demo.close());

test('an expired quote is refreshed: new figures, a new countdown, and the events', async ({ page, problems }) => {
  void problems;
  await openCheckout(page, demo);
  await expect(page.locator('[part=quote-countdown]')).toContainText('Price updated', { timeout: 30_000 });
  await expect(page.locator('#event-log')).toContainText('onramp-quote-expired');
  await expect(page.locator('#event-log')).toContainText('onramp-quote-refreshed');
  await expect(page.locator('[part=quote-countdown]')).toContainText(/00:0[0-3]/);
});
