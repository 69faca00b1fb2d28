/**
 * `/demo/ssr`: the widget rendered by the merchant's server (the built `dist/ssr.js`) and hydrated
 * by the built `onramp-checkout.hydrate.iife.js`, under the demo's strict CSP plus the stylesheet's
 * hash. With JavaScript off the order is there; with it on, the script takes over the very nodes
 * the server sent (no re-render, no mismatch, no text changing language), then ticks, polls and pays.
 */
import type { Page } from '@playwright/test';
import { expect, payWithCard, test } from './fixtures.js';
import { holdHydration } from './held-back-hydration.js';

const widget = 'onramp-checkout';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the styled order, its fees and both countdowns', async ({ page, demo }) => {
    await page.goto(`${demo.url}/demo/ssr`);
    const element = page.locator(widget);
    await expect(element).toHaveAttribute('status', 'pending');
    await expect(page.locator('[part=crypto-amount]')).toContainText(/≈ 0\.\d+ ETH/);
    await expect(page.locator('[part=rate]')).toContainText('1 ETH = $');
    await expect(page.locator('[part=fees]')).toContainText(/Platform fee\s*\$0\.50/);
    await expect(page.locator('[part=fees]')).toContainText(/Total fees\s*\$\d+\.\d\d/);
    await expect(page.locator('[part=quote-countdown]')).toHaveText(/^Price valid for 0[45]:\d\d$/);
    await expect(page.locator('[part=session-countdown]')).toHaveText(/^Session expires in (30:00|29:\d\d)$/);
    await expect(page.locator('[part=pay-button]')).toHaveText(/Pay \$50\.00/);
    // Styled: the shadow root's stylesheet was allowed by its hash (else the card has no border).
    await expect(page.locator('[part=base]')).toHaveCSS('border-top-style', 'solid');
    await expect(page.locator('[part=pay-button]')).toHaveCSS('min-height', '44px');
  });
});

/**
 * Opens the page with the hydrating script held back, so the server's DOM can be marked first;
 * returns the function that lets the script load.
 */
async function openHeldBack(page: Page, url: string): Promise<() => Promise<void>> {
  const hydrate = await holdHydration(page);
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.locator('[part=pay-button]')).toBeVisible();
  expect(await page.evaluate(() => customElements.get('onramp-checkout'))).toBeUndefined();
  // Mark every server-rendered node with a part, and record every text change from now on.
  await page.locator(widget).evaluate((element) => {
    const root = element.shadowRoot!;
    const state = ((window as unknown as { __ssr: unknown }).__ssr = {
      marked: [...root.querySelectorAll('[part]')],
      texts: [] as string[],
    });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (target?.closest('[role=timer]')) continue;
        state.texts.push(
          `${record.type} in ${target?.getAttribute('part') ?? target?.localName}: ${record.target.textContent}`,
        );
      }
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  return hydrate;
}

/** Whether every marked node is still the one in the shadow root, and what text changed. */
const sameNodes = (page: Page) =>
  page.locator(widget).evaluate((element) => {
    const { marked, texts } = (window as unknown as { __ssr: { marked: Element[]; texts: string[] } }).__ssr;
    const now = [...element.shadowRoot!.querySelectorAll('[part]')];
    return { same: marked.length > 0 && marked.every((node, index) => node === now[index] && node.isConnected), texts };
  });

test('with JavaScript, the element hydrates onto the same nodes, ticks, polls and pays 4242 to completed', async ({
  page,
  demo,
  problems,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  const statusRequests: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith(`${demo.sandbox.apiUrl}/v1/onramp?`) && statusRequests.push(request.url()),
  );
  const hydrate = await openHeldBack(page, `${demo.url}/demo/ssr`);
  const countdown = page.locator('[part=session-countdown]');
  const before = await countdown.textContent();
  await hydrate();
  await expect(countdown).not.toHaveText(before!); // ticks
  await expect.poll(() => statusRequests.length).toBeGreaterThan(0); // polls
  expect(await sameNodes(page)).toEqual({ same: true, texts: [] });
  await expect(page.locator('#event-log')).toContainText('onramp-ready');

  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  await expect(page.locator('[part=result]')).toContainText('Purchase complete');
  expect(consoleErrors).toEqual([]);
  void problems; // no page error (a hydration mismatch throws), no CSP violation
});

for (const { locale, title, pay } of [
  { locale: 'de-DE', title: 'ETH kaufen', pay: /50,00\s\$ bezahlen/ },
  { locale: 'ar', title: 'شراء ETH', pay: /ادفع/ },
]) {
  test(`a ${locale} render hydrates without a text changing language`, async ({ page, demo, problems }) => {
    void problems;
    const hydrate = await openHeldBack(page, `${demo.url}/demo/ssr?locale=${locale}`);
    await expect(page.locator('[part=header] h2')).toHaveText(title);
    await expect(page.locator('[part=pay-button]')).toHaveText(pay);
    const countdown = page.locator('[part=session-countdown]');
    const before = await countdown.textContent();
    await hydrate();
    await expect(countdown).not.toHaveText(before!);
    expect(await sameNodes(page)).toEqual({ same: true, texts: [] });
    await expect(page.locator('[part=header] h2')).toHaveText(title);
    await expect(page.locator('[part=pay-button]')).toHaveText(pay);
  });
}
