import { expect, openCheckout, payWithCard, test } from './fixtures.js';

test('the client secret never appears in a URL, storage, cookie or console output', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const urls: string[] = [];
  const consoleLines: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('console', (message) => consoleLines.push(message.text()));
  await openCheckout(page, demo);
  const secret = await page
    .locator('onramp-checkout')
    .evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
  expect(secret).toMatch(/_secret_/);
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');

  for (const url of urls) expect(url).not.toContain(secret);
  const stored = await page.evaluate(() =>
    JSON.stringify({
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
      cookie: document.cookie,
    }),
  );
  expect(stored).not.toContain(secret);
  for (const line of consoleLines) expect(line).not.toContain(secret);
});
