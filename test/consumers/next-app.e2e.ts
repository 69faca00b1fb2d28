/**
 * The Next.js app (create-next-app, App Router, React 19, Turbopack) with the packed package: a
 * server component that server-renders the widget and hydrates it from a client component, a
 * client component with the element itself, one with the React wrapper, and client-side navigation
 * between them. Every page shows the order on a direct load, its handlers receive the events, and
 * the console stays clean.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { payWithCard } from '../e2e/fixtures.js';
import { expectOrder as expectOrderOf, expectPaymentReachesTheApp } from './app-flows.js';
import { INERT_DECLARATIVE_SHADOW_ROOT, watchConsole } from './page-problems.js';
import { type AppServer, startNextApp, startTestSandbox } from './servers.js';

test.describe.configure({ mode: 'serial' });

let sandbox: SandboxHandle;
let app: AppServer;

test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  app = await startNextApp(sandbox);
});

test.afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

// The starter's favicon was left out of the app (as in the Vite apps' server); Chromium asks for
// one whenever it likes, and Next.js's 404 for it would read as a console error of the page.
test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});

const PAGES = { 'server-rendered': 'Server-rendered', element: 'Element', wrapper: 'React wrapper' } as const;

/**
 * The widget on screen. After client-side navigation Next.js keeps the pages left behind in hidden
 * React Activity boundaries, so the document may hold more than one.
 */
const widget = (page: Page) => page.locator('onramp-checkout').filter({ visible: true });
const appStatus = (page: Page) => page.getByTestId('app-status').filter({ visible: true });

const expectOrder = (page: Page) => expectOrderOf(widget(page));
const expectEventsReachTheApp = (page: Page) =>
  expectPaymentReachesTheApp(page, sandbox, widget(page), appStatus(page));

test('server rendering keeps its shadow root whatever the server rendered before', async ({ request }) => {
  // The client components import onramp-checkout/define on the server too, in the same process.
  for (const path of ['/element', '/wrapper', '/server-rendered', '/element', '/server-rendered']) {
    const answer = await request.get(`${app.url}${path}`);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    if (path !== '/server-rendered') continue;
    expect(html).toMatch(
      /<onramp-checkout [^>]*status="pending"[^>]*><template shadowroot="open" shadowrootmode="open">/,
    );
    expect(html).toContain('part="crypto-amount"');
  }
});

test('with JavaScript off, the server-rendered page shows the order', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${app.url}/server-rendered`);
  await expect(page.locator('[part~=crypto-amount]')).toContainText('ETH');
  await expect(page.locator('[part~=pay-button]')).toBeVisible();
  await context.close();
});

for (const path of Object.keys(PAGES)) {
  test(`a direct load of /${path} shows the order and the app receives the events`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`${app.url}/${path}`);
    await expectOrder(page);
    await expectEventsReachTheApp(page);
    expect(problems).toEqual([]);
  });
}

test('client-side navigation between the pages: each shows the order, and the events reach the app', async ({
  page,
}) => {
  const problems = watchConsole(page, [INERT_DECLARATIVE_SHADOW_ROOT]);
  await page.goto(`${app.url}/`);
  for (const link of [...Object.values(PAGES), ...Object.values(PAGES)]) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true })).not.toHaveText('Shop');
    await expectOrder(page);
  }
  // The last page reached by navigation (the wrapper): its handler sees the events.
  await expectEventsReachTheApp(page);
  expect(problems).toEqual([]);
});

test('a buyer pays 4242 in the embedded checkout of the element page (direct load)', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${app.url}/element`);
  await expectOrder(page);
  await widget(page).locator('[part~=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part~=checkout-frame]'), '4242 4242 4242 4242');
  await expect(appStatus(page)).toHaveText('completed');
  await expect(widget(page).locator('[part~=result]')).toContainText('Purchase complete');
  expect(problems).toEqual([]);
});

test('a page Next.js keeps hidden after the buyer navigates away reads nothing, then once when it shows again', async ({
  page,
}) => {
  const problems = watchConsole(page, [INERT_DECLARATIVE_SHADOW_ROOT]);
  // The page's own clock: ten minutes pass in a moment, as the buyer would wait them.
  await page.clock.install();
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/v1/onramp')
      reads.push(url.searchParams.get('session_id') ?? '');
  });
  await page.goto(`${app.url}/element`);
  await expectOrder(page);
  const element = page.locator('onramp-checkout');
  const secret = await element.evaluate((el) => (el as HTMLElementTagNameMap['onramp-checkout']).clientSecret);
  const sessionId = secret.slice(0, secret.indexOf('_secret_'));

  // Away: Next.js keeps the page mounted but hidden (React's Activity: display: none on the element).
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true })).toHaveText('Shop');
  await expect(element).toHaveCount(1);
  await expect(element).toBeHidden();
  const before = reads.length;
  await page.clock.runFor(10 * 60_000);
  expect(reads.length, 'no status read while the page is kept hidden').toBe(before);

  // Back: the same element shows again, and reads at once, once.
  await page.goBack();
  await expect(widget(page)).toBeVisible();
  expect(await widget(page).evaluate((el) => (el as HTMLElementTagNameMap['onramp-checkout']).clientSecret)).toBe(
    secret,
  );
  await expect.poll(() => reads.length).toBe(before + 1);
  expect(reads.at(-1)).toBe(sessionId);
  await page.clock.runFor(1_000);
  expect(reads.length).toBe(before + 1);
  expect(problems).toEqual([]);
});
