/**
 * `/demo/session`: the merchant's server writes the session it created into the element's data
 * block, so the order is drawn from the page itself, before (and without) any status answer.
 */
import { expect, payWithCard, test } from './fixtures.js';

test('the session data block draws the order with no status answer, then the widget polls and pays', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  // Hold every status request until the order is on screen: what is drawn came from the page.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/v1/onramp',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`${demo.url}/demo/session`);
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  await expect(page.locator('[part=crypto-amount]')).toContainText('ETH');
  await expect(page.locator('[part=fees]')).toContainText('Total fees');
  await expect(page.locator('[part=quote-countdown]')).toContainText(/0[45]:\d{2}/);
  await expect(page.locator('#event-log')).toContainText('status pending');
  release();
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
});
