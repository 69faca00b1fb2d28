/**
 * `/demo/ssr?start=amount`: amount first drawn by the merchant's server (`renderOnrampOrderForm` of
 * the built `dist/ssr.js`) and taken over by the built `onramp-checkout.hydrate.iife.js`, under the
 * demo's strict CSP plus the stylesheet's hash. With JavaScript off the order form is there, styled;
 * with it on, the element waits for its parts (`defer-hydration`), then takes over the very nodes the
 * server sent (no second drawing, no mismatch), and the buyer types, sees the price, continues and
 * pays. What the buyer did before that is kept; a part that cannot load is an error in the card.
 */
import type { Page } from '@playwright/test';
import { expect, payWithCard, test } from './fixtures.js';
import { holdHydration } from './held-back-hydration.js';

const widget = 'onramp-checkout';
const PAGE = '/demo/ssr?start=amount';
const SHOP_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const part = (page: Page, name: string) => page.locator(`${widget} [part~="${name}"]`);

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the styled order form: its fields, labels, presets, wallet and the price being fetched', async ({
    page,
    demo,
  }) => {
    await page.goto(`${demo.url}${PAGE}`);
    const element = page.locator(widget);
    await expect(element).toHaveAttribute('status', 'loading');
    await expect(element).toHaveAttribute('session-url', '/api/order');
    await expect(element).not.toHaveAttribute('client-secret');
    await expect(part(page, 'status')).toHaveText('Choose your amount');
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('100');
    await expect(part(page, 'fiat-select')).toHaveValue('USD');
    await expect(page.getByLabel('Crypto', { exact: true })).toHaveValue('ETH');
    await expect(page.getByLabel('Network', { exact: true })).toHaveValue('ethereum');
    await expect(part(page, 'preset')).toHaveText(['$50', '$100', '$250', '$500']);
    await expect(part(page, 'preset').nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(part(page, 'wallet')).toContainText(SHOP_WALLET);
    await expect(part(page, 'quote-age')).toHaveText('Getting the price…');
    await expect(part(page, 'continue-button')).toHaveText('Continue');
    // Styled by the one stylesheet the hash allows: the card's and the form's (else no border, no grid).
    await expect(part(page, 'base')).toHaveCSS('border-top-style', 'solid');
    await expect(part(page, 'order-form')).toHaveCSS('display', 'grid');
    await expect(part(page, 'continue-button')).toHaveCSS('min-height', '44px');
  });
});

/**
 * Opens the page with the hydrating script held back, marks the server's nodes and records every
 * change of text from then on; returns the function that lets the script load and waits until the
 * element has rendered (taken over).
 */
async function openHeldBack(page: Page, url: string): Promise<() => Promise<void>> {
  const hydrate = await holdHydration(page);
  await page.goto(url, { waitUntil: 'commit' });
  await expect(part(page, 'order-form')).toBeVisible();
  expect(await page.evaluate(() => customElements.get('onramp-checkout'))).toBeUndefined();
  await page.locator(widget).evaluate((element) => {
    const root = element.shadowRoot!;
    const state = ((window as unknown as { __ssr: unknown }).__ssr = {
      marked: [...root.querySelectorAll('[part], input, select, label, option')],
      form: root.querySelector('form'),
      texts: [] as string[],
    });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        state.texts.push(`${record.type} in ${target?.getAttribute('part') ?? target?.localName}`);
      }
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  return hydrate;
}

/**
 * Whether every node marked before the script ran is still in the shadow root (the price adds its
 * rows beside them), and the text changes since.
 */
const sameNodes = (page: Page) =>
  page.locator(widget).evaluate((element) => {
    const { marked, form, texts } = (
      window as unknown as { __ssr: { marked: Element[]; form: Element; texts: string[] } }
    ).__ssr;
    const root = element.shadowRoot!;
    const same = marked.length > 20 && marked.every((node) => node.isConnected && root.contains(node));
    return { same, formKept: root.querySelector('form') === form, texts };
  });

/** Console errors and `onramp-error` details of the page, from now on. */
function recordErrors(page: Page): { console: string[] } {
  const recorded = { console: [] as string[] };
  page.on('console', (message) => message.type() === 'error' && recorded.console.push(message.text()));
  return recorded;
}

async function listenForWidgetErrors(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const errors: unknown[] = ((window as unknown as { __widgetErrors: unknown[] }).__widgetErrors = []);
    document.addEventListener('onramp-error', (event) => errors.push((event as CustomEvent).detail));
  });
}

test('with JavaScript, the form is taken over on the very same nodes; the buyer types 250, sees the price, continues and pays 4242 to completed', async ({
  page,
  demo,
  problems,
}) => {
  const errors = recordErrors(page);
  const hydrate = await openHeldBack(page, `${demo.url}${PAGE}`);
  await hydrate();
  // No second drawing: every node the server sent is the element's own now, nothing was redrawn.
  await expect(part(page, 'crypto-amount')).toContainText(/≈ 0\.\d+ ETH/); // the first price, asked by the browser
  const taken = await sameNodes(page);
  expect(taken.same, 'the server nodes are the rendered ones').toBe(true);
  expect(taken.formKept).toBe(true);
  expect(taken.texts.filter((change) => !/crypto-amount|quote|strong|dl|rate|fees/.test(change))).toEqual([]);

  const amount = part(page, 'amount-input');
  await amount.fill('');
  const priced = page.waitForResponse(
    (response) =>
      response.url().endsWith('/v1/onramp/quote') &&
      (response.request().postDataJSON() as { fiat_amount: number }).fiat_amount === 25_000,
  );
  await amount.pressSequentially('250');
  await priced;
  await expect(part(page, 'preset').nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(part(page, 'crypto-amount')).toContainText(/≈ 0\.\d+ ETH/);
  await expect(part(page, 'fees')).toContainText('Total fees');

  await part(page, 'continue-button').click();
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await expect(part(page, 'order-form')).toHaveCount(0);
  await expect(part(page, 'pay-button')).toHaveText('Pay $250.00');
  await part(page, 'pay-button').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  await expect(part(page, 'result')).toContainText('Purchase complete');
  expect(errors.console).toEqual([]);
  void problems; // no page error (a hydration mismatch throws), no CSP violation
});

test('what the buyer does before the form is taken over is kept: the amount and asset typed, and "Continue" goes on once it is there', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const errors = recordErrors(page);
  const orders: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order') orders.push(request.postDataJSON());
  });
  // The later part held too: the script runs, and the element waits for its parts.
  let releasePart!: () => void;
  const partReleased = new Promise<void>((resolve) => (releasePart = resolve));
  await page.route('**/dist/cdn/onramp-checkout.later.js', async (route) => {
    await partReleased;
    await route.continue();
  });
  const hydrate = await openHeldBack(page, `${demo.url}${PAGE}`);
  // Before any script: the server's fields are plain HTML, they take the buyer's input; "Continue"
  // does nothing yet (the page does not submit the form to itself).
  await part(page, 'amount-input').fill('75');
  await part(page, 'crypto-select').selectOption('USDC');
  await part(page, 'continue-button').click();
  expect(new URL(page.url()).search).toBe('?start=amount');
  const taken = hydrate();
  await expect.poll(() => page.evaluate(() => !!customElements.get('onramp-checkout'))).toBe(true);
  // The script runs, the parts are on their way: "Continue" is held until the form is there.
  await part(page, 'continue-button').click();
  expect(orders).toEqual([]);
  releasePart();
  await taken;
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(orders).toEqual([
    {
      fiat_amount: 7500,
      fiat_currency: 'USD',
      crypto_currency: 'USDC',
      network: 'ethereum',
      wallet_address: SHOP_WALLET,
    },
  ]);
  await expect(part(page, 'pay-button')).toHaveText('Pay $75.00');
  expect(errors.console).toEqual([]);
});

test('a German render is taken over in German, and its number format kept', async ({ page, demo, problems }) => {
  void problems;
  const hydrate = await openHeldBack(page, `${demo.url}${PAGE}&locale=de-DE`);
  await expect(part(page, 'header').locator('h2')).toHaveText('ETH kaufen');
  await expect(part(page, 'amount-input')).toHaveValue('100');
  await hydrate();
  await expect(part(page, 'crypto-amount')).toContainText(/≈ 0,\d+ ETH/);
  expect((await sameNodes(page)).same).toBe(true);
  await expect(part(page, 'header').locator('h2')).toHaveText('ETH kaufen');
  await expect(part(page, 'continue-button')).toHaveText('Weiter');
  await part(page, 'amount-input').fill('12,50');
  await expect(part(page, 'amount-error')).toHaveText('');
});

for (const [name, file] of [
  ['order', 'onramp-checkout.order.js'],
  ['later', 'onramp-checkout.later.js'],
] as const) {
  test(`the ${name} part cannot load: the card says so and onramp-error names PART_LOAD_FAILED, no dead form`, async ({
    page,
    demo,
    problems,
  }) => {
    void problems;
    await listenForWidgetErrors(page);
    await page.route(`**/dist/cdn/${file}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(`${demo.url}${PAGE}`);
    await expect(page.locator(widget)).toHaveAttribute('status', 'error');
    await expect(part(page, 'order-form')).toHaveCount(0);
    await expect(part(page, 'error')).toHaveText('This checkout is not set up correctly. Please tell the merchant.');
    const details = await page.evaluate(
      () =>
        (window as unknown as { __widgetErrors: { code: string; fix: string; values: { part: string } }[] })
          .__widgetErrors,
    );
    expect(details.map((detail) => detail.code)).toEqual(['PART_LOAD_FAILED']);
    expect(details[0]!.values.part).toBe(file);
    expect(details[0]!.fix).toContain('dist/cdn/');
  });
}

test("render=client: the same form drawn in the browser by the default script-tag file, its parts loaded under the page's Trusted Types", async ({
  page,
  demo,
  problems,
}) => {
  void problems; // no CSP violation: the order part is loaded with the policy of the file that loaded the later part
  await page.goto(`${demo.url}${PAGE}&render=client`);
  expect(await page.evaluate(() => document.querySelector('onramp-checkout template'))).toBeNull();
  await expect(part(page, 'crypto-amount')).toContainText(/≈ 0\.\d+ ETH/);
  await expect(part(page, 'wallet')).toContainText(SHOP_WALLET);
});

test('an element inserted later with defer-hydration and no shadow root (its template stayed inert) is drawn in the browser, not left waiting', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}${PAGE}`);
  await expect(part(page, 'crypto-amount').first()).toContainText(/≈ 0\.\d+ ETH/);
  // What a client-side navigation does with the server's HTML: the element, its attributes, and its
  // declarative shadow root as a plain <template> (no script of the page: the CSP has Trusted Types).
  await page.locator(widget).evaluate((served) => {
    const element = document.createElement('onramp-checkout');
    for (const { name, value } of served.attributes) if (name !== 'status') element.setAttribute(name, value);
    element.setAttribute('defer-hydration', '');
    element.setAttribute('fiat-amount', '25000');
    element.append(document.createElement('template'));
    served.after(element);
  });
  const inserted = page.locator(widget).nth(1);
  await expect(inserted).not.toHaveAttribute('defer-hydration');
  await expect(inserted.locator('[part~="amount-input"]')).toHaveValue('250');
  await expect(inserted.locator('[part~="crypto-amount"]')).toContainText(/≈ 0\.\d+ ETH/);
});
