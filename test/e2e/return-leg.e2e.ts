/**
 * The return leg on a phone: a buyer who pays by leaving the merchant's page (redirect mode, or a
 * WebView where the frame is refused and popups are blocked) comes back to their order by
 * themselves, with `onramp_session_id` in the address, and the merchant's page shows the outcome
 * from the API, also after a reload. Against the real demo server and sandbox, the built bundle.
 */
import type { Page } from '@playwright/test';
import { advanceSession, continueOrder, expect, payWithCard, sessionIdOf, test } from './fixtures.js';

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const widget = 'onramp-checkout';
const CARD_PAYS = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

/** Orders on the demo shop with the checkout opening "by leaving this page". */
async function orderByLeaving(page: Page, shop: string): Promise<string> {
  await page.goto(`${shop}/`);
  await page.getByLabel('Checkout opens').selectOption('redirect');
  await continueOrder(page);
  return sessionIdOf(page);
}

/** Pays on the hosted checkout (a page of its own) and waits until it has sent the buyer back to `page`. */
async function payAndComeBack(page: Page, checkoutUrl: string, back: string, card: string): Promise<URL> {
  await page.locator('[part=pay-button]').tap();
  await page.waitForURL((url) => url.href.startsWith(`${checkoutUrl}/pay/`));
  await payWithCard(page, card);
  // The outcome, announced, then the way back by itself.
  await expect(page.locator('[data-way-back-note]')).toContainText(/Returning you to .+ in \d seconds/);
  await page.waitForURL((url) => url.href.startsWith(back) && url.searchParams.has('onramp_session_id'), {
    timeout: 20_000,
  });
  return new URL(page.url());
}

test('redirect mode on the shop: 4242 comes back to the order, completed, also after a reload', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const sessionId = await orderByLeaving(page, demo.url);
  // From its creation on, the address names the order (a reload shows it too).
  expect(new URL(page.url()).searchParams.get('onramp_session_id')).toBe(sessionId);
  const back = await payAndComeBack(page, demo.sandbox.checkoutUrl, `${demo.url}/`, CARD_PAYS);
  expect(back.searchParams.get('onramp_session_id')).toBe(sessionId);
  expect(back.searchParams.get('onramp_status')).toMatch(/^(processing|completed)$/);
  // The merchant's own parameter (the checkout mode) is kept; neither secret is in the address.
  expect(back.searchParams.get('mode')).toBe('redirect');
  expect(back.href).not.toContain('_secret_');
  expect(back.searchParams.has('t')).toBe(false);
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(await sessionIdOf(page)).toBe(sessionId);
  await expect(page.locator('[part=result]')).toContainText(/delivered|completed/i);
  await expect(page.locator('[part=tx-link]')).toBeVisible();
  await expect(page.locator('[part=pay-button]')).toHaveCount(0);

  await page.reload();
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(await sessionIdOf(page)).toBe(sessionId);
  await expect(page.locator('[part~=order-form]')).toHaveCount(0);

  // "New order" starts over: a new card with the order form, and an address without the order.
  await page.getByRole('button', { name: 'New order' }).tap();
  await expect(page.locator('[part~=continue-button]')).toBeVisible();
  await expect(page.locator(widget)).toHaveCount(1);
  await expect(page.locator(widget)).toHaveAttribute('status', 'loading');
  expect(
    await page.locator(widget).evaluate((el) => (el as HTMLElementTagNameMap['onramp-checkout']).clientSecret),
  ).toBe('');
  expect(new URL(page.url()).searchParams.has('onramp_session_id')).toBe(false);
  // The checkout mode stays as chosen.
  expect(new URL(page.url()).searchParams.get('mode')).toBe('redirect');
});

test('redirect mode on the shop: a declined card comes back showing failed', async ({ page, demo, problems }) => {
  void problems;
  const sessionId = await orderByLeaving(page, demo.url);
  const back = await payAndComeBack(page, demo.sandbox.checkoutUrl, `${demo.url}/`, CARD_DECLINED);
  expect(back.searchParams.get('onramp_status')).toBe('failed');
  await expect(page.locator(widget)).toHaveAttribute('status', 'failed');
  expect(await sessionIdOf(page)).toBe(sessionId);
});

test('/demo/redirect: 4242 comes back to that page and its order, also after a reload', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}/demo/redirect`);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  const sessionId = await sessionIdOf(page);
  const back = await payAndComeBack(page, demo.sandbox.checkoutUrl, `${demo.url}/demo/redirect`, CARD_PAYS);
  expect(back.searchParams.get('onramp_session_id')).toBe(sessionId);
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(await sessionIdOf(page)).toBe(sessionId);
  await page.reload();
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(await sessionIdOf(page)).toBe(sessionId);
  // "New order" is the page again, with a new session.
  await page.locator('[data-new-order]').tap();
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(await sessionIdOf(page)).not.toBe(sessionId);
});

test('the checkout page keeps the buyer in control: "Stay on this page" stops the return, "Return now" goes back', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const sessionId = await orderByLeaving(page, demo.url);
  await page.locator('[part=pay-button]').tap();
  await page.waitForURL((url) => url.href.startsWith(`${demo.sandbox.checkoutUrl}/pay/`));
  await payWithCard(page, CARD_PAYS);
  await page.getByRole('button', { name: 'Stay on this page' }).tap();
  // Delivered meanwhile: the page shows it (reloaded by its status check, or not yet), and, stayed,
  // does not count down again.
  await expect(page.getByRole('heading', { name: 'Crypto delivered' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-way-back-note]')).not.toContainText('Returning you');
  await expect(page.getByRole('button', { name: 'Stay on this page' })).toHaveCount(0);
  expect(page.url().startsWith(demo.sandbox.checkoutUrl)).toBe(true);
  const returnNow = page.getByRole('link', { name: 'Return now' });
  const href = new URL((await returnNow.getAttribute('href')) ?? '');
  expect(href.searchParams.get('onramp_session_id')).toBe(sessionId);
  expect(href.searchParams.get('onramp_status')).toBe('completed');
  await returnNow.tap();
  await page.waitForURL((url) => url.href.startsWith(`${demo.url}/`));
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
});

test('a WebView (frame refused, popups blocked) falls to the redirect and comes back', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  // No popups, as in an in-app browser; the checkout refuses to be framed there.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.route(`${demo.sandbox.checkoutUrl}/pay/**`, async (route) => {
    if (route.request().frame() === page.mainFrame()) return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "frame-ancestors 'none'" },
      body: '<p>refused</p>',
    });
  });
  await page.goto(`${demo.url}/`);
  await continueOrder(page);
  const sessionId = await sessionIdOf(page);
  await page.locator('[part=pay-button]').tap();
  // Frame refused, popup blocked: the page itself goes to the checkout.
  await page.waitForURL((url) => url.href.startsWith(`${demo.sandbox.checkoutUrl}/pay/`), { timeout: 20_000 });
  await payWithCard(page, CARD_PAYS);
  await page.waitForURL(
    (url) => url.href.startsWith(`${demo.url}/`) && url.searchParams.get('onramp_session_id') === sessionId,
    { timeout: 20_000 },
  );
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
});

test('embedded on the shop: the frame has no way out and no second order, and shows the widget’s own amounts', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}/`);
  await continueOrder(page);
  await page.locator('[part=pay-button]').tap();
  const frame = page.frameLocator('iframe[part=checkout-frame]');
  await expect(frame.getByLabel(/card number/i)).toBeVisible();
  await expect(frame.locator('a[href]')).toHaveCount(0);
  await expect(frame.locator('.summary, .details, [data-way-back]')).toHaveCount(0);
  const widgetCrypto = (await page.locator('[part=crypto-amount] strong').innerText()).replace(/^≈\s*/, '');
  await expect(frame.locator('.frame-summary')).toContainText(widgetCrypto);
  await expect(frame.locator('.frame-summary')).toContainText('$100.00');
});

test('the hosted checkout page shows amounts as a buyer reads them, as the widget does', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await orderByLeaving(page, demo.url);
  const widgetCrypto = (await page.locator('[part=crypto-amount] strong').innerText()).replace(/^≈\s*/, '');
  const widgetRate = await page.locator('[part=rate] dd').innerText();
  await page.locator('[part=pay-button]').tap();
  await page.waitForURL((url) => url.href.startsWith(`${demo.sandbox.checkoutUrl}/pay/`));
  await expect(page.locator('.receive .crypto')).toHaveText(widgetCrypto);
  await expect(page.locator('.details')).toContainText(widgetRate);
  // At most 8 decimals of crypto, the rate in cents.
  expect(widgetCrypto).toMatch(/^0\.\d{1,8} ETH$/);
  expect(widgetRate).toMatch(/^1 ETH = \$[\d,]+\.\d{2}$/);
});

for (const width of [320, 375]) {
  test(`no sideways scroll at ${width} px: the shop, the widget, the hosted checkout; touch targets of 44 px on the payment path`, async ({
    page,
    demo,
    problems,
  }) => {
    void problems;
    await page.setViewportSize({ width, height: 740 });
    const noSidewaysScroll = async (where: string) => {
      const sizes = await page.evaluate(() => ({
        scroll: document.scrollingElement?.scrollWidth ?? 0,
        inner: window.innerWidth,
      }));
      expect(sizes.scroll, `${where}: page width ${sizes.scroll} > viewport ${sizes.inner}`).toBeLessThanOrEqual(
        sizes.inner,
      );
    };
    const tall = async (selector: string, where: string) => {
      const box = await page.locator(selector).first().boundingBox();
      expect(box?.height ?? 0, `${where}: ${selector} height`).toBeGreaterThanOrEqual(44);
    };
    await page.goto(`${demo.url}/`);
    await noSidewaysScroll('shop');
    await orderByLeaving(page, demo.url);
    await noSidewaysScroll('shop with the widget');
    await tall('[part=pay-button]', 'widget');
    await page.locator('[part=pay-button]').tap();
    await page.waitForURL((url) => url.href.startsWith(`${demo.sandbox.checkoutUrl}/pay/`));
    await noSidewaysScroll('hosted checkout');
    for (const selector of ['#card_number', '#card_expiry', '#card_cvc', '[data-pay-button]', '[data-back-link]'])
      await tall(selector, 'hosted checkout');
    await payWithCard(page, CARD_PAYS);
    await expect(page.locator('[data-return-now]')).toBeVisible();
    await noSidewaysScroll('hosted checkout, paid');
    for (const selector of ['[data-return-now]', '[data-stay]']) await tall(selector, 'hosted checkout, paid');
    await page.getByRole('button', { name: 'Stay on this page' }).tap();
  });
}

test('popup mode: once paid, the checkout window shows the outcome and closes itself; the widget shows it', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}/`);
  await page.getByLabel('Checkout opens').selectOption('popup');
  await continueOrder(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('[part=pay-button]').click()]);
  await payWithCard(popup, CARD_PAYS);
  await expect(popup.locator('[data-way-back-note]')).toContainText(/This window closes in \d seconds/);
  await expect(popup.getByRole('link', { name: 'Close this window' })).toBeVisible();
  await popup.waitForEvent('close', { timeout: 20_000 });
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(page.url().startsWith(demo.url)).toBe(true);
});

for (const path of [
  '/demo/script-tag',
  '/demo/session',
  '/demo/ssr',
  '/demo/react',
  '/demo/vue',
  '/demo/svelte',
  '/demo/angular-style',
]) {
  test(`${path} is the return page of its own sessions: back with onramp_session_id, it shows that order from the API`, async ({
    page,
    demo,
    problems,
  }) => {
    void problems;
    await page.goto(`${demo.url}${path}`);
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    const sessionId = await sessionIdOf(page);
    await advanceSession(demo, sessionId, 'processing');
    await advanceSession(demo, sessionId, 'completed');
    // As the hosted checkout sends the buyer back (the status in the address is only a hint: here a wrong one).
    await page.goto(`${demo.url}${path}?onramp_session_id=${sessionId}&onramp_status=pending`);
    await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
    expect(await sessionIdOf(page)).toBe(sessionId);
    await expect(page.locator('[part=pay-button]')).toHaveCount(0);
    await page.reload();
    await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
    expect(await sessionIdOf(page)).toBe(sessionId);
  });
}

test('an order the shop does not have is not shown, whatever the address says', async ({ page, demo, problems }) => {
  void problems;
  const answer = await page.goto(`${demo.url}/demo/redirect?onramp_session_id=ors_notours123&onramp_status=completed`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('This shop has no such order');
  await expect(page.locator(widget)).toHaveCount(0);
  await page.goto(`${demo.url}/?onramp_session_id=ors_notours123`);
  await expect(page.locator('#order-error')).toContainText('no such order');
  await expect(page.locator('[part~=continue-button]')).toBeVisible();
  expect(new URL(page.url()).searchParams.has('onramp_session_id')).toBe(false);
});
