/**
 * The widget refusing hostile input, on the built script-tag bundle: secret or malformed keys and
 * client secrets, unsafe redirect URLs, markup in API strings, and forged postMessage hints. Every
 * API answer is scripted (Playwright routes) and time is driven with `page.clock`, so nothing here sleeps.
 */
import { expect, test } from '@playwright/test';
import { ok, T0, widget } from './hardening-helpers.js';
import { CHECKOUT_ORIGIN, fetchTimes, openHarness, recordedEvents, statusBody } from './harness.js';

test.describe('hostile input', () => {
  for (const [name, attributes, code] of [
    ['a secret key', { 'publishable-key': 'onramp_test_sk_abcdefghijklmnop1234' }, 'SECRET_KEY_REFUSED'],
    [
      'a key with whitespace',
      { 'publishable-key': ' onramp_test_pk_abcdefghijklmnop1234 ' },
      'INVALID_PUBLISHABLE_KEY',
    ],
    ['a malformed client secret', { 'client-secret': 'ors_abc_secret_' }, 'INVALID_CLIENT_SECRET'],
    ['a client secret with markup', { 'client-secret': '<img src=x onerror=alert(1)>' }, 'INVALID_CLIENT_SECRET'],
  ] as const) {
    test(`${name} is refused with no request sent`, async ({ page }) => {
      const harness = await openHarness(page, { attributes, onStatus: () => ok(statusBody(Date.now())) });
      await expect(page.locator(widget)).toHaveAttribute('status', 'error');
      await expect(page.locator('[part=error]')).toBeVisible();
      expect((await recordedEvents(page)).find((event) => event.type === 'onramp-error')?.detail).toMatchObject({
        code,
        recoverable: false,
      });
      expect(harness.apiCalls()).toBe(0);
      expect(await fetchTimes(page)).toEqual([]);
    });
  }

  for (const redirect of [
    'javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    '//checkout.shop.test/pay/x',
    `https://checkout.shop.test@evil.test/pay/x`,
    `https://user:pw@checkout.shop.test/pay/x`,
    'https://checkout.shop.test.evil.test/pay/x',
    'http://checkout.shop.test/pay/x',
    'https://checkout.shop.test:8443/pay/x',
  ]) {
    test(`redirect_url ${redirect} is refused and nothing opens`, async ({ page }) => {
      let popups = 0;
      page.on('popup', () => popups++);
      await openHarness(page, { onStatus: () => ok(statusBody(Date.now(), 'pending', { redirect_url: redirect })) });
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await page.locator('[part=pay-button]').click();
      // The buyer reads that the checkout is not set up; the merchant's event names both origins.
      await expect(page.locator('[part=error]')).toContainText('not set up correctly');
      expect(
        (await recordedEvents(page)).some(
          (event) => event.type === 'onramp-error' && event.detail.code === 'UNSAFE_REDIRECT_URL',
        ),
      ).toBe(true);
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(popups).toBe(0);
      expect(page.url()).toBe('https://shop.test/');
    });
  }

  test('markup in API strings is shown as text only: a page-level canary proves nothing ran', async ({ page }) => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    await openHarness(page, {
      onStatus: () => ({
        status: 400,
        body: JSON.stringify({
          success: false,
          error: { code: 'VALIDATION_ERROR', message: payload, request_id: payload },
        }),
      }),
    });
    await expect(page.locator('[part=error]')).toContainText('<img src=x onerror=');
    await expect(page.locator('[part=error] img, [part=error] script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('postMessage hints from another origin, or from the right origin but another window, change nothing', async ({
    page,
  }) => {
    await page.clock.install({ time: T0 });
    // Paused from the start: this checkout page posts no `ready`, and on a loaded machine the
    // frame's 4 s deadline passed (the widget fell back to a popup) before the frame was looked for.
    // Any poll while the clock stands still answers a hint.
    await page.clock.pauseAt(T0 + 1_000);
    await page.route(`${CHECKOUT_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>checkout</p>' }),
    );
    await page.route('https://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>parent.postMessage({source:'onramp-hosted-checkout',type:'submitted',session_id:'ors_abcdefghijklmnop1234'}, '*')</script>`,
      }),
    );
    await openHarness(page, { onStatus: () => ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    await page.locator('[part=pay-button]').click();
    await expect(page.locator('iframe[part=checkout-frame]')).toHaveCount(1);
    const before = await fetchTimes(page);
    // Another origin: an iframe of evil.test posting a well-formed hint.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://evil.test/';
      document.body.append(frame);
    });
    await expect(page.frameLocator('iframe[src="https://evil.test/"]').locator('script')).toHaveCount(1);
    // The right origin claimed, but from the page's own window.
    await page.evaluate(() =>
      window.postMessage(
        { source: 'onramp-hosted-checkout', type: 'submitted', session_id: 'ors_abcdefghijklmnop1234' },
        '*',
      ),
    );
    await page.clock.runFor(500);
    // Only the regular cadence may have polled since (a slow machine lets real time flow), never
    // an immediate poll in answer to the forged hints.
    const since = (await fetchTimes(page)).slice(before.length);
    for (const [i, time] of since.entries())
      expect(time - (i === 0 ? before.at(-1)! : since[i - 1]!)).toBeGreaterThanOrEqual(3_000);
  });
});
