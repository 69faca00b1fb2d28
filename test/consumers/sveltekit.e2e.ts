/**
 * The SvelteKit app (`npx sv create`, Svelte 5, served by Node) with the packed package: its server
 * load creates the session with the secret key, its page renders the element; Svelte's server
 * rendering writes the props as attributes (lower-cased by the HTML parser), hydration then sets them
 * as properties. A direct load and a client-side navigation each show the order, the app's own
 * handler receives every status, and the console stays clean.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { payWithCard } from '../e2e/fixtures.js';
import { expectOrder, expectPaymentReachesTheApp } from './app-flows.js';
import { watchConsole } from './page-problems.js';
import { type AppServer, startSvelteKitApp, startTestSandbox } from './servers.js';

test.describe.configure({ mode: 'serial' });

let sandbox: SandboxHandle;
let app: AppServer;

test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  app = await startSvelteKitApp(sandbox);
});

test.afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

async function expectOrderAfterHydration(page: Page): Promise<void> {
  const widget = page.locator('onramp-checkout');
  await expectOrder(widget);
  // Hydration handed the session over as the object itself.
  expect(await widget.evaluate((element) => typeof (element as HTMLElement & { session: unknown }).session)).toBe(
    'object',
  );
}

test("the server's HTML carries the element with its attributes, and never the secret key", async () => {
  const html = await (await fetch(`${app.url}/`)).text();
  expect(html).toMatch(
    /<onramp-checkout publishablekey="onramp_test_pk_\w+" clientsecret="ors_\w+_secret_\w+" apibase="http:\/\/127\.0\.0\.1:\d+"/,
  );
  expect(html).not.toContain('_sk_');
});

test('a direct load shows the order, and the app receives every status', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${app.url}/`);
  await expectOrderAfterHydration(page);
  await expectPaymentReachesTheApp(
    page,
    sandbox,
    page.locator('onramp-checkout'),
    page.getByTestId('app-status'),
    'completed (delivered)',
  );
  expect(problems).toEqual([]);
});

test('client-side navigation away and back: a new session, the order again, and a 4242 payment', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${app.url}/other`);
  await page.getByRole('link', { name: 'Back to the checkout' }).click();
  await expect(page).toHaveURL(`${app.url}/`);
  await expectOrderAfterHydration(page);
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
  await expect(page.getByTestId('app-status')).toHaveText('completed (delivered)');
  expect(problems).toEqual([]);
});
