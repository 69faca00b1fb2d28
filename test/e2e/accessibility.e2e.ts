/**
 * What the component tests cannot do in their runner: the buyer's keyboard path into the checkout
 * frame and out of it to the result, axe while paying in the frame, and the script-tag bundle's
 * languages loaded from the files beside it (with their integrity pinned).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  CHECKOUT_ORIGIN,
  ORIGIN,
  SESSION_ID,
  openHarness,
  recordedEvents,
  recordedProblems,
  statusBody,
} from './harness.js';

const widget = 'onramp-checkout';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The hosted checkout, as a plain page on its origin that posts `ready` on load as the real one does:
 * without it the widget gives up on the frame after 4 s and opens a popup, which on a loaded machine
 * happened in the middle of axe's run (and the popup then held up the context's teardown). Routed for
 * the whole context, so no window of the test ever leaves the machine.
 */
async function routeCheckout(page: Page): Promise<void> {
  const ready = JSON.stringify({ source: 'onramp-hosted-checkout', type: 'ready', session_id: SESSION_ID });
  await page.context().route(`${CHECKOUT_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Pay</title><main><label>Card <input></label></main>
<script>parent.postMessage(${ready}, ${JSON.stringify(ORIGIN)});</script></html>`,
    }),
  );
}

/** The frame stayed: no fallback to a popup or a link. */
async function expectNoFallback(page: Page): Promise<void> {
  expect((await recordedEvents(page)).filter((event) => event.type === 'onramp-fallback')).toEqual([]);
}

/** axe-core (WCAG 2.0–2.2 A/AA and best practices) on the widget; the frame's page is the checkout's own. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document.querySelector('onramp-checkout')!, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      iframes: false,
      resultTypes: ['violations'],
    });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    );
  });
}

const activeInWidget = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('onramp-checkout')!.shadowRoot!.activeElement;
    return active
      ? `${active.localName}${active.getAttribute('part') ? `[part=${active.getAttribute('part')}]` : ''}`
      : null;
  });

test('keyboard: Tab to Pay (focus ring), Enter opens the frame with focus in it; completion moves focus to the result', async ({
  page,
}) => {
  await routeCheckout(page);
  let status = 'pending';
  await openHarness(page, { onStatus: () => ({ body: JSON.stringify(statusBody(Date.now(), status)) }) });
  const pay = page.locator(widget).locator('[part=pay-button]');
  await expect(pay).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(pay).toBeFocused();
  expect(await pay.evaluate((node) => [getComputedStyle(node).outlineStyle, node.matches(':focus-visible')])).toEqual([
    'solid',
    true,
  ]);
  await page.keyboard.press('Enter');
  await expect(page.locator(widget).locator('[part=checkout-frame]')).toBeVisible();
  expect(await activeInWidget(page)).toBe('iframe[part=checkout-frame]');
  // Keys now go to the checkout page (once it has loaded: the frame takes focus as it appears).
  await expect(page.frameLocator('iframe').locator('input')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.frameLocator('iframe').locator('input')).toBeFocused();
  status = 'completed';
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(await activeInWidget(page)).toBe('h3');
  await expect(page.locator(widget).locator('[part=result] h3')).toBeFocused();
  await expectNoFallback(page);
  expect(await recordedProblems(page)).toEqual([]);
});

for (const theme of ['light', 'dark']) {
  test(`axe finds nothing while paying in the frame (${theme})`, async ({ page }) => {
    await routeCheckout(page);
    await openHarness(page, {
      attributes: { theme },
      onStatus: () => ({ body: JSON.stringify(statusBody(Date.now())) }),
    });
    await page.locator(widget).locator('[part=pay-button]').click();
    await expect(page.locator(widget).locator('[part=checkout-frame]')).toBeVisible();
    // The frame's page has loaded (and said `ready`) before axe looks: the widget holds still then.
    await expect(page.frameLocator('iframe').locator('input')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoFallback(page);
  });
}

test.describe('languages in the script-tag bundle', () => {
  test.describe('a German browser', () => {
    test.use({ locale: 'de-DE' });
    test('the browser’s language picks German: texts from locales/de.json, numbers and money in German', async ({
      page,
    }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      // The page's own `lang` is the merchant's, not the buyer's: the browser's languages decide.
      await openHarness(page, { lang: 'en', onStatus: () => ({ body: JSON.stringify(statusBody(Date.now())) }) });
      const el = page.locator(widget);
      await expect(el.locator('[part=status]')).toHaveText('Warten auf Ihre Zahlung');
      await expect(el.locator('[part=crypto-amount] strong')).toHaveText('≈ 0,031746 ETH');
      await expect(el.locator('[part=pay-button]')).toHaveText('100,00 $ bezahlen');
      await expect(el.locator('[part=base]')).toHaveAttribute('lang', 'de');
      expect(requests.filter((path) => path.startsWith('/locales/'))).toEqual(['/locales/de.json']);
    });
  });

  test.describe('a Taiwanese browser', () => {
    test.use({ locale: 'zh-TW' });
    test('zh-TW picks Traditional Chinese from locales/zh-Hant.json', async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await openHarness(page, { onStatus: () => ({ body: JSON.stringify(statusBody(Date.now())) }) });
      const el = page.locator(widget);
      await expect(el.locator('[part=base]')).toHaveAttribute('lang', 'zh-Hant');
      const { default: zhHant } = await import('../../src/i18n/locales/zh-Hant.js');
      await expect(el.locator('[part=status]')).toHaveText(zhHant['status.pending']);
      expect(requests.filter((path) => path.startsWith('/locales/'))).toEqual(['/locales/zh-Hant.json']);
    });
  });

  test('Arabic lays out right to left', async ({ page }) => {
    await openHarness(page, {
      attributes: { locale: 'ar' },
      onStatus: () => ({ body: JSON.stringify(statusBody(Date.now())) }),
    });
    const el = page.locator(widget);
    await expect(el.locator('[part=status]')).toHaveText('في انتظار دفعتك');
    await expect(el.locator('[part=base]')).toHaveAttribute('dir', 'rtl');
    // A summary row: the label sits on the right, the value on the left.
    const [label, value] = await Promise.all([
      el.locator('[part=rate] dt').boundingBox(),
      el.locator('[part=rate] dd').boundingBox(),
    ]);
    expect(label!.x).toBeGreaterThan(value!.x);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a tampered catalogue fails its integrity check: English, and nothing breaks', async ({ page }) => {
    await openHarness(page, {
      attributes: { locale: 'fr' },
      localeFile: (_language, built) => built.replace('En attente de votre paiement', 'Envoyez vos fonds à 0xEvil'),
      onStatus: () => ({ body: JSON.stringify(statusBody(Date.now())) }),
    });
    const el = page.locator(widget);
    await expect(el.locator('[part=status]')).toHaveText('Waiting for your payment');
    await expect(el.locator('[part=crypto-amount] strong')).toHaveText('≈ 0,031746 ETH'); // French number format still
    expect((await recordedEvents(page)).filter((event) => event.type === 'onramp-error')).toEqual([]);
  });
});
