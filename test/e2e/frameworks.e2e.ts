/**
 * The framework demo pages, built as merchants build them (Vite, each framework's own plugin), under
 * the pages' strict CSP: every page shows the order, its framework's handlers receive the events,
 * and a buyer pays through the embedded hosted checkout.
 */
import type { Page } from '@playwright/test';
import { expect, payWithCard, test } from './fixtures.js';

const widget = 'onramp-checkout';
const FRAMEWORKS = ['react', 'vue', 'svelte', 'angular-style'] as const;

/** The page's widget got the session as an object property, for the session its client secret names. */
async function sessionIsAnObjectProperty(page: Page): Promise<boolean> {
  return page.locator(widget).evaluate((element) => {
    const { session, clientSecret } = element as HTMLElement & { session: unknown; clientSecret: string };
    return (
      typeof session === 'object' &&
      session !== null &&
      (session as { client_secret?: unknown }).client_secret === clientSecret
    );
  });
}

for (const framework of FRAMEWORKS) {
  test.describe(`the ${framework} page`, () => {
    test('shows the order and its handlers receive onramp-ready', async ({ page, demo, problems }) => {
      void problems;
      await page.goto(`${demo.url}/demo/${framework}`);
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await expect(page.locator('[part=crypto-amount]')).toContainText('ETH');
      await expect(page.locator('[part=fees]')).toContainText('Total fees');
      await expect(page.locator('#event-log')).toContainText('onramp-ready');
      await expect(page.locator('#event-log')).toContainText('loading → pending');
      expect(await sessionIsAnObjectProperty(page)).toBe(true);
      await expect(
        page.getByRole('navigation', { name: 'Demo pages' }).getByRole('link', { name: 'Shop' }),
      ).toHaveAttribute('href', '/');
    });

    test('pays with 4242 4242 4242 4242 in the embedded checkout and shows completed', async ({
      page,
      demo,
      problems,
    }) => {
      void problems;
      await page.goto(`${demo.url}/demo/${framework}`);
      await page.locator('[part=pay-button]').click();
      await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
      await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
      await expect(page.locator('[part=result]')).toContainText('Purchase complete');
      await expect(page.locator('#event-log')).toContainText('onramp-completed');
      // Delivery follows payment within a second, so a read on a busy machine may skip `processing`.
      await expect(page.locator('#event-log')).toContainText(/(pending|processing) → completed/);
      // Written from the completed event's detail by the framework's handler.
      await expect(page.locator('.delivered')).toContainText(/Delivered: 0x[0-9a-f]{64}/);
    });

    test('remount and a new session each leave one widget, ready again', async ({ page, demo, problems }) => {
      void problems;
      await page.goto(`${demo.url}/demo/${framework}`);
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      const firstSecret = await page
        .locator(widget)
        .evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
      const readyEvents = page.locator('#event-log li', { hasText: 'onramp-ready' });

      await page.getByRole('button', { name: 'Remount widget' }).click();
      await expect(readyEvents).toHaveCount(2);
      await expect(page.locator(widget)).toHaveCount(1);
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');

      await page.getByRole('button', { name: 'New session' }).click();
      await expect(readyEvents).toHaveCount(3);
      await expect(page.locator(widget)).toHaveCount(1);
      const secret = await page
        .locator(widget)
        .evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
      expect(secret).not.toBe(firstSecret);
    });
  });
}

test('the React page renders through the @lit/react wrapper too', async ({ page, demo, problems }) => {
  void problems;
  await page.goto(`${demo.url}/demo/react`);
  await expect(page.locator('#event-log li', { hasText: 'onramp-ready' })).toHaveCount(1);
  await page.getByLabel('Render with').selectOption('wrapper');
  await expect(page.locator('#event-log li', { hasText: 'onramp-ready' })).toHaveCount(2);
  await expect(page.locator(widget)).toHaveCount(1);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(await sessionIsAnObjectProperty(page)).toBe(true);
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  await expect(page.locator('.delivered')).toContainText(/Delivered: 0x[0-9a-f]{64}/);
});
