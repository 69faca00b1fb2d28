/**
 * The way back to a native app (docs/design.md §10): a wallet app opens the session's
 * `redirect_url` in an in-app browser (a top-level page: no widget, no bridge), the buyer pays, and
 * the hosted checkout leads back to the app's `return_url` with `onramp_session_id` and
 * `onramp_status` added. To an app's own scheme (`myapp://…`) the panel
 * says "Back to the app" and "Return now" is the way: browsers open a scheme only on the buyer's
 * gesture, so the page never goes there by itself. A universal link (plain https) is a web page:
 * its host named, and the automatic return as before.
 *
 * Time is the page's own fake clock (`page.clock`): running it well past the announced delay shows
 * what the page does by itself, with no sleep. Headless Chromium cannot follow `myapp://`, so the
 * test reads "Return now"'s address and records every navigation the page asks for.
 */
import type { Page } from '@playwright/test';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import { RETURN_DELAY_SECONDS } from '../../demo/hosted-checkout/way-back.js';
import { expect, payWithCard, test } from './fixtures.js';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const CARD_PAYS = '4242 4242 4242 4242';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const APP_RETURN = 'myapp://onramp/done';
const UNIVERSAL_LINK = 'https://wallet.example/onramp/done';

/** The app's server creates the session (secret key), as a wallet's backend would. */
async function createSession(demo: DemoHandle, returnUrl: string): Promise<{ id: string; redirectUrl: string }> {
  const response = await fetch(`${demo.sandbox.apiUrl}/v1/onramp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': demo.sandbox.keys!.test.secret },
    body: JSON.stringify({
      wallet_address: WALLET,
      crypto_currency: 'ETH',
      fiat_amount: 10000,
      fiat_currency: 'USD',
      return_url: returnUrl,
    }),
  });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: { session_id: string; redirect_url: string } };
  return { id: data.session_id, redirectUrl: data.redirect_url };
}

/**
 * Every navigation the page asks for whose address starts with `prefix`: as the browser reports it
 * (a navigation request, even one it cannot follow) and as the page's frame requests it (CDP).
 */
async function recordNavigations(page: Page, prefix: string): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(prefix)) asked.push(`request ${request.url()}`);
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Page.frameRequestedNavigation', ({ url }) => {
    if (url.startsWith(prefix)) asked.push(`frame ${url}`);
  });
  await cdp.send('Page.enable');
  return asked;
}

/** Runs the page's clock a second at a time until `heading` shows (the page polls and reloads itself). */
async function untilShown(page: Page, heading: string): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(1_000);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('in an in-app browser, back to myapp://onramp/done: "Back to the app", "Return now" leads there, and the page never goes there by itself', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const session = await createSession(demo, APP_RETURN);
  const toApp = await recordNavigations(page, 'myapp:');
  await page.clock.install();
  await page.goto(session.redirectUrl);
  const back = (status: string) => `${APP_RETURN}?onramp_session_id=${session.id}&onramp_status=${status}`;
  await expect(page.locator('[data-back-link]')).toHaveAttribute('href', back('pending'));
  await expect(page.locator('[data-back-link]')).toHaveText('← Back to the app');

  await payWithCard(page, CARD_PAYS);
  const panel = page.getByRole('region', { name: 'Back to the app' });
  await expect(panel.locator('[data-way-back-note]')).toHaveText('Back to the app');
  await expect(panel.getByRole('link', { name: 'Return now' })).toHaveAttribute('href', back('processing'));
  // Delivered a moment later: the page follows the session and shows it, the way back with it.
  await untilShown(page, 'Crypto delivered');
  // Three times the delay after which a web page's way back returns by itself: still here, no
  // countdown, no "Stay on this page" (nothing to stay from), nothing asked of the scheme.
  await page.clock.runFor(3 * RETURN_DELAY_SECONDS * 1_000);
  await expect(panel.locator('[data-way-back-note]')).toHaveText('Back to the app');
  await expect(page.getByRole('button', { name: 'Stay on this page' })).toBeHidden();
  const returnNow = panel.getByRole('link', { name: 'Return now' });
  await expect(returnNow).toBeVisible();
  await expect(returnNow).toHaveAttribute('href', back('completed'));
  await expect(page.locator('[data-back-link]')).toHaveAttribute('href', back('completed'));
  expect(new URL(page.url()).origin).toBe(new URL(demo.sandbox.checkoutUrl).origin);
  expect(toApp).toEqual([]);
  // No site's name read out of the app's address ("onramp" is its host), and nothing secret in it.
  await expect(page.locator('.way-back')).not.toContainText('onramp');
  const href = (await returnNow.getAttribute('href')) ?? '';
  expect(href).not.toContain('_secret_');
  expect(href).not.toContain(new URL(session.redirectUrl).searchParams.get('t') ?? 'no token');
});

test('in an in-app browser, back to a universal link (https): the host named, and the page returns by itself as before', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const session = await createSession(demo, UNIVERSAL_LINK);
  // The app's universal link, as the in-app browser would load it were the app not installed.
  await page.route('https://wallet.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Wallet</title><p>Wallet</p>' }),
  );
  const toLink = await recordNavigations(page, UNIVERSAL_LINK);
  await page.clock.install();
  await page.goto(session.redirectUrl);
  await payWithCard(page, CARD_PAYS);
  const panel = page.getByRole('region', { name: 'Back to the merchant' });
  await expect(panel.locator('[data-way-back-note]')).toHaveText(
    `Returning you to wallet.example in ${RETURN_DELAY_SECONDS} seconds.`,
  );
  await expect(panel.getByRole('button', { name: 'Stay on this page' })).toBeVisible();
  const expected = `${UNIVERSAL_LINK}?onramp_session_id=${session.id}&onramp_status=processing`;
  await expect(panel.getByRole('link', { name: 'Return now' })).toHaveAttribute('href', expected);
  expect(toLink).toEqual([]);
  // The announced delay on the page's clock, and it goes back by itself.
  await page.clock.runFor(RETURN_DELAY_SECONDS * 1_000);
  await page.waitForURL((url) => url.href === expected);
  await expect(page.getByText('Wallet')).toBeVisible();
  // The recorder saw it: the scheme test's empty record means the page asked for nothing.
  expect(toLink.length).toBeGreaterThan(0);
});
