/**
 * Amount first on the demo shop (issue #34's "Done when"), against the real sandbox and the built
 * widget: the buyer chooses in the card, the price follows, "Continue" goes on into the session's
 * flow in the same card, and 4242 completes it; typing never floods the quote endpoint; amounts out
 * of range are refused before any request; and with the sandbox's price moved between the form and
 * Pay (its price clock, `priceTime`, stepped by the test), a worse price holds Pay back until the
 * buyer accepts it while a better one just updates.
 */
import type { Page, Request } from '@playwright/test';
import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';
import { rateAt } from '../../demo/onramp-api/domain/pricing.js';
import { formatCrypto } from '../../src/format/format.js';
import { expect, payWithCard, sessionIdOf, test } from './fixtures.js';

const QUOTE_PATH = '/v1/onramp/quote';

interface QuoteBody {
  fiat_amount: number;
  fiat_currency: string;
  crypto_currency: string;
  network?: string;
}

const isQuote = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname === QUOTE_PATH;

/** Every quote request the page sends, with its order, from now on. */
function recordQuotes(page: Page): QuoteBody[] {
  const sent: QuoteBody[] = [];
  page.on('request', (request) => {
    if (isQuote(request)) sent.push(request.postDataJSON() as QuoteBody);
  });
  return sent;
}

const part = (page: Page, name: string) => page.locator(`onramp-checkout [part~="${name}"]`);

/** The quote answer of the first quote request for `fiat_amount` (and `crypto`, when given) from now on. */
function quoteAnswerFor(page: Page, fiatAmount: number, crypto?: string) {
  return page.waitForResponse((response) => {
    if (!isQuote(response.request())) return false;
    const body = response.request().postDataJSON() as QuoteBody;
    return body.fiat_amount === fiatAmount && (crypto === undefined || body.crypto_currency === crypto);
  });
}

/** The shop page with the order form drawn and its first price shown. */
async function openShop(page: Page, shop: string): Promise<void> {
  await page.goto(`${shop}/`);
  await expect(part(page, 'amount-input')).toBeVisible();
  await expect(part(page, 'crypto-amount')).toContainText(/\d ETH/);
}

test('the buyer types an amount, the price follows within a second, USDC on polygon, Continue, 4242: completed in one card', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const quotes = recordQuotes(page);
  await openShop(page, demo.url);
  const card = await page.locator('onramp-checkout').elementHandle();

  await part(page, 'crypto-select').selectOption('USDC');
  await part(page, 'network-select').selectOption('polygon');
  await expect(part(page, 'crypto-amount')).toContainText('USDC');

  const amount = part(page, 'amount-input');
  await amount.fill('');
  const answer = quoteAnswerFor(page, 25_000, 'USDC');
  await amount.pressSequentially('250', { delay: 100 });
  const stopped = Date.now();
  const quote = (await (await answer).json()) as { data: { crypto_amount: string } };
  await expect(part(page, 'crypto-amount')).toContainText(formatCrypto(quote.data.crypto_amount, 'USDC', 'en'), {
    timeout: 5_000,
  });
  const followed = Date.now() - stopped;
  expect(followed, `the price followed ${followed} ms after the last keystroke`).toBeLessThanOrEqual(1_000);
  expect(quotes.at(-1)).toMatchObject({
    fiat_amount: 25_000,
    fiat_currency: 'USD',
    crypto_currency: 'USDC',
    network: 'polygon',
  });

  const orders: { body: unknown; key: string | undefined }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order')
      orders.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] });
  });
  await part(page, 'continue-button').click();
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  expect(orders).toEqual([
    {
      body: {
        fiat_amount: 25_000,
        fiat_currency: 'USD',
        crypto_currency: 'USDC',
        network: 'polygon',
        wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
      },
      key: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown as string,
    },
  ]);
  // One card: the element of the form is the element of the session, the only one on the page.
  await expect(page.locator('onramp-checkout')).toHaveCount(1);
  expect(await page.locator('onramp-checkout').evaluate((element, first) => element === first, card)).toBe(true);
  await expect(part(page, 'crypto-amount')).toContainText('USDC');
  await expect(part(page, 'order-form')).toHaveCount(0);

  // The shop's server kept the order (the return leg), and the address names it.
  const sessionId = await sessionIdOf(page);
  expect(new URL(page.url()).searchParams.get('onramp_session_id')).toBe(sessionId);
  const kept: unknown = await page.evaluate(
    async (id) => (await fetch(`/api/orders/${id}`)).json() as Promise<unknown>,
    sessionId,
  );
  expect(kept).toMatchObject({ order: { fiat_amount: 25_000, crypto_currency: 'USDC', network: 'polygon' } });

  await part(page, 'pay-button').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
  await expect(page.locator('onramp-checkout')).toHaveCount(1);
  expect(await page.locator('onramp-checkout').evaluate((element, first) => element === first, card)).toBe(true);
});

test('20 keystrokes typed 100 ms apart cost at most 3 quote requests', async ({ page, demo, problems }) => {
  void problems;
  // The page's clock: the keystrokes are exactly 100 ms apart in the widget's time, however busy the machine.
  await page.clock.install();
  await openShop(page, demo.url);
  const quotes = recordQuotes(page);
  const amount = part(page, 'amount-input');
  await expect(amount).toHaveValue('100');
  await amount.focus();
  await page.keyboard.press('End');
  // "100" → "10" → "105" → "10" → "105" …: every step an amount the API takes.
  for (let stroke = 0; stroke < 20; stroke++) {
    await page.keyboard.press(stroke % 2 === 0 ? 'Backspace' : '5');
    await page.clock.runFor(100);
  }
  await expect(amount).toHaveValue('105');
  await expect(amount).toHaveValue('105');
  const last = quoteAnswerFor(page, 10_500);
  await page.clock.runFor(1_000); // past the debounce: the last order's request leaves
  await last;
  await expect(part(page, 'quote-age')).not.toContainText('Getting the price');
  await page.clock.runFor(1_000);
  test.info().annotations.push({ type: 'quote requests for 20 keystrokes', description: String(quotes.length) });
  expect(quotes.length, `quote requests: ${JSON.stringify(quotes)}`).toBeLessThanOrEqual(3);
  expect(quotes.at(-1)?.fiat_amount).toBe(10_500);
  await expect(part(page, 'crypto-amount')).toContainText(/\d ETH/);
});

for (const [typed, message] of [
  ['5', 'The minimum is $10.00.'],
  ['20000', 'The maximum is $10,000.00.'],
] as const) {
  test(`an amount of ${typed} is refused with a message and no quote request`, async ({ page, demo, problems }) => {
    void problems;
    await page.clock.install();
    await openShop(page, demo.url);
    const quotes = recordQuotes(page);
    const amount = part(page, 'amount-input');
    await amount.fill(typed);
    await expect(part(page, 'amount-error')).toHaveText(message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await page.clock.runFor(5_000); // far past the debounce: a request would have left
    // Then a valid amount: its request is the first, so none was sent for the refused one before it.
    const valid = quoteAnswerFor(page, 4_200);
    await amount.fill('42');
    await page.clock.runFor(1_000);
    await valid;
    expect(quotes.map((quote) => quote.fiat_amount)).toEqual([4_200]);
    // And Continue with a refused amount sends no order.
    await amount.fill(typed);
    const orders: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/order') orders.push(request.url());
    });
    await part(page, 'continue-button').click();
    await expect(amount).toBeFocused();
    await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'loading');
    expect(orders).toEqual([]);
  });
}

test.describe('price consent with the sandbox’s price moved between the form and Pay', () => {
  // ETH's rate is a triangle wave (±2 % over 7200 s, demo/onramp-api/domain/pricing.ts): lowest at a
  // multiple of 7200 s, back at its base rate 1800 s later, 2 % dearer.
  const CHEAP = 7_200_000 * 240_000;
  const DEAR = CHEAP + 1_800_000;
  let priceTime = CHEAP;
  let demo: DemoHandle;

  test.beforeAll(async () => {
    const cheap = rateAt('ETH', 'USD', CHEAP);
    const dear = rateAt('ETH', 'USD', DEAR);
    // More than the default tolerance (0.5 %) apart, and dearer at DEAR.
    expect(Number(((dear - cheap) * 10_000n) / cheap)).toBeGreaterThan(50);
    demo = await startDemo({
      port: 0,
      sandbox: { db: ':memory:', port: 0, checkoutPort: 0, deliveryMs: 800, log: () => {}, priceTime: () => priceTime },
    });
  });
  test.afterAll(async () => demo.close());

  /** Shows the form's price at `from`, then moves the sandbox's price to `to` as the order leaves for the shop. */
  async function orderAcrossAPriceMove(page: Page, from: number, to: number): Promise<string> {
    priceTime = from;
    await openShop(page, demo.url);
    const formAmount = await part(page, 'crypto-amount').locator('strong').innerText();
    await page.route(`${demo.url}/api/order`, async (route) => {
      priceTime = to;
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { __priceChanges: unknown[] };
      w.__priceChanges = [];
      document.addEventListener('onramp-price-change', (event) => w.__priceChanges.push((event as CustomEvent).detail));
    });
    await part(page, 'continue-button').click();
    await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
    return formAmount;
  }

  const priceChanges = (page: Page) =>
    page.evaluate(() => (window as unknown as { __priceChanges: { accepted: boolean }[] }).__priceChanges);

  test('a worse price: no Pay until the buyer accepts it, then Pay at the new price, and 4242 completes', async ({
    page,
    problems,
  }) => {
    void problems;
    await orderAcrossAPriceMove(page, CHEAP, DEAR);
    const consent = part(page, 'price-change');
    await expect(consent).toBeVisible();
    await expect(part(page, 'pay-button')).toHaveCount(0);
    await expect(consent).toContainText(/\d ETH[\s\S]*\d ETH/);
    await expect.poll(() => priceChanges(page)).toEqual([expect.objectContaining({ accepted: false })]);

    await part(page, 'accept-price-button').click();
    await expect(part(page, 'pay-button')).toBeVisible();
    await expect(part(page, 'pay-button')).toBeFocused();
    await expect(part(page, 'price-change')).toHaveCount(0);
    await expect
      .poll(() => priceChanges(page))
      .toEqual([expect.objectContaining({ accepted: false }), expect.objectContaining({ accepted: true })]);

    await part(page, 'pay-button').click();
    await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
    await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
  });

  test('a better price updates without a step', async ({ page, problems }) => {
    void problems;
    const formAmount = await orderAcrossAPriceMove(page, DEAR, CHEAP);
    await expect(part(page, 'pay-button')).toBeVisible();
    await expect(part(page, 'price-change')).toHaveCount(0);
    await expect(part(page, 'accept-price-button')).toHaveCount(0);
    await expect.poll(() => priceChanges(page)).toEqual([expect.objectContaining({ accepted: true })]);
    const sessionAmount = await part(page, 'crypto-amount').locator('strong').innerText();
    const figure = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    expect(figure(sessionAmount)).toBeGreaterThan(figure(formAmount));
  });
});
