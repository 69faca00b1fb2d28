import { advanceSession, expect, openCheckout, payWithCard, sessionIdOf, test } from './fixtures.js';

const widget = 'onramp-checkout';

test.describe('paying in the embedded checkout', () => {
  test('4242 4242 4242 4242 pays, then the crypto is delivered', async ({ page, demo, problems }) => {
    void problems;
    await openCheckout(page, demo);
    await expect(page.locator('[part=crypto-amount]')).toContainText('ETH');
    await expect(page.locator('[part=fees]')).toContainText('Total fees');
    await page.locator('[part=pay-button]').click();
    const frame = page.frameLocator('iframe[part=checkout-frame]');
    await payWithCard(frame, '4242 4242 4242 4242');
    // Not the transient `processing` (delivery takes 800 ms: a read on a busy machine may land after it).
    await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
    await expect(page.locator('[part=result]')).toContainText('Purchase complete');
    await expect(page.locator('[part=tx-link]')).toHaveAttribute(
      'href',
      /^https:\/\/sepolia\.etherscan\.io\/tx\/0x[0-9a-f]{64}$/,
    );
    await expect(page.locator('#event-log')).toContainText('onramp-completed');
  });

  test('4000 0000 0000 0002 is declined: the failed screen says what to do next', async ({ page, demo, problems }) => {
    void problems;
    await openCheckout(page, demo);
    await page.locator('[part=pay-button]').click();
    await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4000 0000 0000 0002');
    await expect(page.locator(widget)).toHaveAttribute('status', 'failed');
    await expect(page.locator('[part=result]')).toContainText('start a new purchase');
    await expect(page.locator('#event-log')).toContainText('onramp-failed');
  });

  test('4000 0000 0000 9995 pays but delivery fails', async ({ page, demo, problems }) => {
    void problems;
    await openCheckout(page, demo);
    await page.locator('[part=pay-button]').click();
    await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4000 0000 0000 9995');
    // Delivery fails within a second of the payment, so a read on a busy machine may skip `processing`.
    await expect(page.locator(widget)).toHaveAttribute('status', 'failed');
    await expect(page.locator('#event-log')).toContainText(/(pending|processing) → failed/);
  });
});

test('a session forced to expire shows the expired screen and fires onramp-expired', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await openCheckout(page, demo);
  await advanceSession(demo, await sessionIdOf(page), 'expired');
  await expect(page.locator(widget)).toHaveAttribute('status', 'expired');
  await expect(page.locator('[part=result]')).toContainText('expired');
  await expect(page.locator('#event-log')).toContainText('onramp-expired');
});

test.describe('fallbacks', () => {
  test('a blocked popup shows the link and, unless cancelled, navigates to the checkout', async ({
    page,
    demo,
    problems,
  }) => {
    void problems;
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openCheckout(page, demo, 'popup');
    await page.locator('[part=pay-button]').click();
    await page.waitForURL(new RegExp(`^${demo.sandbox.checkoutUrl}/pay/`));
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(/processing|complete/i).first()).toBeVisible();
  });

  test('a cancelled onramp-fallback keeps the page and shows the fallback link', async ({ page, demo, problems }) => {
    void problems;
    await page.addInitScript(() => {
      window.open = () => null;
      document.addEventListener('onramp-fallback', (event) => event.preventDefault());
    });
    await openCheckout(page, demo, 'popup');
    await page.locator('[part=pay-button]').click();
    const link = page.locator('[part=fallback-link]');
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', new RegExp(`^${demo.sandbox.checkoutUrl}/pay/`));
    await expect(page.locator('#event-log')).toContainText('onramp-fallback popup-blocked');
    // Still the shop (its address names the order on screen, nothing more).
    const url = new URL(page.url());
    expect(url.origin + url.pathname).toBe(`${demo.url}/`);
    expect(url.searchParams.get('onramp_session_id')).toMatch(/^ors_/);
  });

  test('popup mode pays in a real popup', async ({ page, demo, problems }) => {
    void problems;
    await openCheckout(page, demo, 'popup');
    const popupPromise = page.waitForEvent('popup');
    await page.locator('[part=pay-button]').click();
    const popup = await popupPromise;
    await payWithCard(popup, '4242 4242 4242 4242');
    await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  });
});

test('the script-tag page (self-contained bundle, server-rendered attributes) pays end to end', async ({
  page,
  demo,
  shapes,
  problems,
}) => {
  void problems;
  const status = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/v1/onramp' && response.request().method() === 'GET',
  );
  await page.goto(`${demo.url}/demo/script-tag`);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await expect(page.locator(widget)).toHaveAttribute(
    'redirect-url',
    new RegExp(`^${demo.sandbox.checkoutUrl}/pay/ors_`),
  );
  // Against the spec's shapes the status answer has no redirect_url, rate or expiry: the widget
  // pays with redirect-url, prices with a fresh quote and counts down from created_at.
  const data = ((await (await status).json()) as { data: Record<string, unknown> }).data;
  expect('redirect_url' in data).toBe(shapes === 'design');
  expect('exchange_rate' in data).toBe(shapes === 'design');
  await expect(page.locator('[part=rate]')).toContainText(/1 ETH = \$[\d,]+\.\d{2}/);
  await expect(page.locator('[part=fees]')).toContainText('Total fees');
  await expect(page.locator('[part=session-countdown]')).toContainText(/(29|30):\d{2}/);
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
});

test('the redirect page leaves for the hosted checkout', async ({ page, demo, problems }) => {
  void problems;
  await page.goto(`${demo.url}/demo/redirect`);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await page.locator('[part=pay-button]').click();
  await page.waitForURL(new RegExp(`^${demo.sandbox.checkoutUrl}/pay/`));
});
