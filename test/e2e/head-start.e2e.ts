/**
 * The script-tag file's head start, on the built file: loaded with `defer` (as the README shows) it
 * finds the element parsed, sends its status request before lit, zod and the element are
 * evaluated, and the element adopts that request instead of sending its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { fetchTimes, openHarness, recordedProblems, statusBody, type ApiAnswer } from './harness.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const widget = 'onramp-checkout';
const ok = (body: unknown): ApiAnswer => ({ body: JSON.stringify(body) });

/** Records, in order, each API request the page starts and each definition of the element. */
async function recordOrder(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const order: string[] = ((window as unknown as { __order: string[] }).__order = []);
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      order.push(`fetch ${String(input instanceof Request ? input.url : input).replace(/\?.*/, '')}`);
      return fetch(input, init);
    };
    const define = CustomElementRegistry.prototype.define;
    CustomElementRegistry.prototype.define = function (name, ...rest) {
      order.push(`define ${name}`);
      return define.call(this, name, ...rest);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __order: string[] }).__order);
}

test.beforeEach(async ({ page }) => {
  // Paused: no poll comes after the first request, so every request counted here is the first one.
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
});

test('deferred: the status request leaves before the element is defined, and is the only one', async ({ page }) => {
  const order = await recordOrder(page);
  const harness = await openHarness(page, { defer: true, onStatus: () => ok(statusBody(T0)) });
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await expect(page.locator('[part=crypto-amount]')).toContainText('0.0317');
  expect(await order()).toEqual(['fetch https://shop.test/api/v1/onramp', 'define onramp-checkout']);
  expect(harness.apiCalls()).toBe(1);
  expect(await recordedProblems(page)).toEqual([]);
});

test('not deferred, in the head: no element is parsed yet, so the element is defined at once and sends its own request', async ({
  page,
}) => {
  const order = await recordOrder(page);
  const harness = await openHarness(page, { onStatus: () => ok(statusBody(T0)) });
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(await order()).toEqual(['define onramp-checkout', 'fetch https://shop.test/api/v1/onramp']);
  expect(harness.apiCalls()).toBe(1);
});

for (const [name, attributes] of [
  ['a secret key', { 'publishable-key': 'onramp_test_sk_abcdefghijklmnop1234' }],
  ['a malformed client secret', { 'client-secret': 'ors_abc_secret_' }],
  ['an api-base that is not https', { 'api-base': 'http://shop.test/api' }],
] as const) {
  test(`deferred, ${name}: nothing is sent, early or late`, async ({ page }) => {
    const harness = await openHarness(page, { defer: true, attributes, onStatus: () => ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'error');
    await expect(page.locator('[part=error]')).toBeVisible();
    expect(harness.apiCalls()).toBe(0);
    expect(await fetchTimes(page)).toEqual([]);
  });
}

test('deferred and included twice: one status request, the element defined once, no error', async ({ page }) => {
  const harness = await openHarness(page, {
    defer: true,
    head: '<script src="/onramp-checkout.iife.js" defer></script>',
    onStatus: () => ok(statusBody(T0)),
  });
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(harness.apiCalls()).toBe(1);
  expect(await recordedProblems(page)).toEqual([]);
});

for (const defer of [true, false]) {
  test(`the OnrampCheckout global holds the element and event classes${defer ? ' (deferred)' : ''}`, async ({
    page,
  }) => {
    await openHarness(page, { defer, onStatus: () => ok(statusBody(T0)) });
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
    const global = await page.evaluate(() => {
      const api = (window as unknown as { OnrampCheckout?: Record<string, unknown> }).OnrampCheckout;
      return {
        names: Object.keys(api ?? {}).sort(),
        isTheElement: api?.OnrampCheckout === customElements.get('onramp-checkout'),
      };
    });
    expect(global.isTheElement).toBe(true);
    expect(global.names).toEqual(
      expect.arrayContaining(['OnrampErrorEvent', 'OnrampStatusChangeEvent', 'defineOnrampCheckout', 'TAG_NAME']),
    );
  });
}
