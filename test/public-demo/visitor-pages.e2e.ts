/**
 * Hosted, behind Caddy: whatever demo page a visitor opens first, it sets their cookie, and one
 * visitor is one account however many pages they open or reload; a payment made on any page (here
 * by leaving the page, on a phone, and coming back) is in that visitor's console; a page that makes
 * a session makes none for another site's navigation.
 */
import Database from 'better-sqlite3';
import { DEMO_PAGES } from '../../demo/shop/server/demo-pages.js';
import { expect, test } from './fixtures.js';
import { type HostedStack, httpsCall } from './stack.js';

const COOKIE = '__Host-onramp_demo';

/** Rows in the sandbox's database, read beside the running demo. */
function count(stack: HostedStack, sql: string, ...params: string[]): number {
  const db = new Database(stack.dbPath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${sql}`).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

test('every demo page a visitor opens first sets their cookie; pages and reloads make one account', async ({
  browser,
  stack,
}) => {
  for (const first of DEMO_PAGES) {
    const before = count(stack, 'accounts');
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${stack.shop}${first.path}`);
    expect(response?.status(), first.path).toBe(200);
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
    expect(cookie, `${first.path} sets the visitor's cookie`).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    await page.reload();
    await page.reload();
    // The shop and the console (which make no session: the address's creation limit is shared by
    // every test here), then the first page again: still the same visitor.
    for (const other of ['/', '/console', first.path]) await page.goto(`${stack.shop}${other}`);
    expect((await context.cookies()).find((c) => c.name === COOKIE)?.value, `${first.path}: the cookie stays`).toBe(
      cookie?.value,
    );
    expect(count(stack, 'accounts') - before, `${first.path}: one account`).toBe(1);
    await context.close();
  }
});

test('a visitor whose first page is /demo/redirect pays by leaving it on a phone, comes back to the order, and finds it in the console', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${stack.shop}/demo/redirect`);
  const widget = page.locator('onramp-checkout');
  await expect(widget).toHaveAttribute('status', 'pending');
  const secret = await widget.evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
  const sessionId = secret.slice(0, secret.indexOf('_secret_'));
  await page.locator('[part=pay-button]').tap();
  await page.waitForURL((url) => url.href.startsWith(`${stack.checkout}/pay/`));
  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expir/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByRole('button', { name: /^pay/i }).tap();
  await page.waitForURL(
    (url) =>
      url.href.startsWith(`${stack.shop}/demo/redirect?`) && url.searchParams.get('onramp_session_id') === sessionId,
    { timeout: 20_000 },
  );
  await expect(widget).toHaveAttribute('status', 'completed');
  await page.reload();
  await expect(widget).toHaveAttribute('status', 'completed');

  await page.goto(`${stack.shop}/console`);
  await expect(page.locator('#tx-table tbody tr')).toHaveCount(1);
  await expect(page.locator('#tx-table tbody tr')).toContainText('completed');
  expect(errors).toEqual([]);

  // Another visitor cannot open this order: the shop has no such order of theirs.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const answer = await strangerPage.goto(
    `${stack.shop}/demo/redirect?onramp_session_id=${sessionId}&onramp_status=completed`,
  );
  expect(answer?.status()).toBe(404);
  await expect(strangerPage.getByRole('alert')).toContainText('This shop has no such order');
  expect(await strangerPage.content()).not.toContain('_secret_');
  await stranger.close();
  await context.close();
});

test('a page that makes a session makes none when another site opens it: it offers to start', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.shop}/`);
  const sessions = () => count(stack, 'sessions');
  const before = sessions();
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
  const shopHost = new URL(stack.shop).host;
  for (const path of ['/demo/script-tag', '/demo/session', '/demo/redirect', '/demo/ssr']) {
    for (const site of ['cross-site', 'same-site']) {
      // As the browser sends a navigation that another site started (the visitor's Lax cookie goes with it).
      const headers = {
        Cookie: `${COOKIE}=${cookie?.value ?? ''}`,
        'Sec-Fetch-Site': site,
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
      };
      const answer = await httpsCall(stack.httpsPort, shopHost, 'GET', path, headers);
      expect(answer.status, `${path} ${site}`).toBe(200);
      const html = answer.body;
      expect(html, path).toContain('data-start');
      expect(html, path).not.toContain('client-secret');
    }
  }
  expect(sessions()).toBe(before);
  // In the browser: a navigation started by another site's page (the checkout's, same-site)…
  await page.goto(`${stack.checkout}/pay/ors_none?t=none`); // its "checkout not found" page
  await page.evaluate((url) => window.location.assign(url), `${stack.shop}/demo/ssr`);
  await expect(page.locator('[data-start]')).toBeVisible();
  expect(sessions()).toBe(before);
  // …and the visitor's own click starts it.
  await page.locator('[data-start]').click();
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  expect(sessions()).toBe(before + 1);
  await context.close();
});
