/**
 * One hosted stack per worker (`accountTtlSeconds` sets its visitors' lifetime), and visitors: each
 * a browser context of its own (its own cookie jar), so each gets an account of its own.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { type HostedStack, startHostedStack } from './stack.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures: Playwright's own default
export const test = base.extend<{}, { stack: HostedStack; accountTtlSeconds: number }>({
  accountTtlSeconds: [600, { scope: 'worker', option: true }],
  stack: [
    async ({ accountTtlSeconds }, use) => {
      const stack = await startHostedStack({ accountTtlSeconds });
      await use(stack);
      await stack.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };

export interface Visitor {
  page: Page;
  /** Uncaught page errors so far: none is expected. */
  errors: string[];
  /** Console errors so far (a refused request logs one). */
  consoleErrors: string[];
  close(): Promise<void>;
}

/** A new visitor on the shop page: a context of its own, whose first page view makes its account. */
export async function newVisitor(
  browser: Browser,
  stack: HostedStack,
  options: { bypassCSP?: boolean } = {},
): Promise<Visitor> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${stack.shop}/`);
  await expect(page.locator('.demo-account')).toContainText('sandbox account of your own');
  return { page, errors, consoleErrors, close: () => context.close() };
}

/** Orders on the shop page (embedded checkout; the card's order form as it starts) and waits for the quote; returns the session id. */
export async function order(page: Page): Promise<string> {
  await page.getByLabel('Checkout opens').selectOption('embedded');
  await page.locator('onramp-checkout [part~="continue-button"]').click();
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  const secret = await page
    .locator('onramp-checkout')
    .evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
  return secret.slice(0, secret.indexOf('_secret_'));
}

/** Pays 4242 in the embedded checkout and waits for the delivery. */
export async function pay4242(page: Page): Promise<void> {
  await page.locator('[part=pay-button]').click();
  const frame = page.frameLocator('iframe[part=checkout-frame]');
  await frame.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await frame.getByLabel(/expir/i).fill('12/34');
  await frame.getByLabel(/cvc|security code/i).fill('123');
  await frame.getByRole('button', { name: /^pay/i }).click();
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
}
