/**
 * Screenshots of the widget's main states, taken from the built script-tag bundle with a scripted
 * API (the harness) and a paused page clock, compared with the PNGs in `demo/screenshots/` that the
 * README shows. A change to the widget's look fails here until the pictures are regenerated:
 *
 *     npm run screenshots        (builds, then rewrites the PNGs that differ)
 *
 * Rendering depends on the fonts and the Chromium build, so the PNGs are made on the CI image
 * (Debian 12, its `chromium` package, DejaVu fonts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { renderCheckoutPage } from '../../demo/hosted-checkout/page.js';
import { checkoutScript } from '../../demo/hosted-checkout/script.js';
import type { SessionRow } from '../../demo/onramp-api/db/sessions.js';
import { PSEUDO_LOCALE, pseudoCatalogue } from '../../src/i18n/pseudo-locale.test-helpers.js';
import {
  CHECKOUT_ORIGIN,
  ORIGIN,
  SESSION_ID,
  openHarness,
  recordedProblems,
  statusBody,
  type ApiAnswer,
} from './harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SCREENSHOTS = resolve(ROOT, 'demo/screenshots');
/** Device time when the page opens; the clock stays paused there unless a state moves it. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const WIDTH = 420;

const ok = (body: unknown): ApiAnswer => ({
  body: JSON.stringify(body),
  headers: { Date: new Date(NOW).toUTCString() },
});
const status =
  (value: string, overrides: Record<string, unknown> = {}) =>
  () =>
    ok(statusBody(NOW, value, overrides));
const hang = () => new Promise<ApiAnswer>(() => {});

interface Shot {
  name: string;
  /** What the README or a reader is shown. */
  title: string;
  attributes?: Record<string, string>;
  onStatus: () => ApiAnswer | Promise<ApiAnswer>;
  onQuote?: () => ApiAnswer | Promise<ApiAnswer>;
  /** Before the page opens (routes, init scripts). */
  before?: (page: Page) => Promise<void>;
  /** From the first render to the state. */
  drive?: (page: Page) => Promise<void>;
  /** The `status` attribute in that state. */
  status: string;
  /** Width of the element, px (default 420: the README's). */
  width?: number;
  /** Markup inside the element (a data block). */
  inner?: string;
}

/** The narrowest card a language must hold (issue #35), for the widest and the right-to-left ones. */
const NARROW = 320;
/** The pseudo-locale as a server's data block brings a language: its code, direction and texts. */
const pseudoBlock = `<script type="application/json">${JSON.stringify({
  locale: PSEUDO_LOCALE,
  language: PSEUDO_LOCALE,
  dir: 'ltr',
  messages: pseudoCatalogue(),
}).replace(/</g, '\\u003c')}</script>`;

const hostedCheckout = async (page: Page) => {
  const row: SessionRow = {
    id: SESSION_ID,
    transaction_id: 'txn_abcdefghijklmnop',
    account_id: 'acct_screenshots',
    environment: 'test',
    client_secret_hash: '',
    checkout_token_hash: '',
    status: 'pending',
    wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    crypto_currency: 'ETH',
    network: 'ethereum',
    fiat_currency: 'USD',
    fiat_amount: 10000,
    crypto_amount: '0.031746031746031746',
    exchange_rate: '3150.42',
    platform_fee: 100,
    network_fee: 250,
    processing_fee: 249,
    customer_email: null,
    metadata: null,
    return_url: null,
    tx_hash: null,
    failure_reason: null,
    created_at: NOW,
    updated_at: NOW,
    expires_at: NOW + 30 * 60_000,
    quote_expires_at: NOW + 5 * 60_000,
    paid_at: null,
    deliver_at: null,
    delivery_outcome: null,
    completed_at: null,
  };
  const asset = (name: string) => readFileSync(resolve(ROOT, 'demo/hosted-checkout/assets', name), 'utf8');
  // The sandbox's real hosted checkout page as the widget's frame shows it, for this session, on the checkout origin.
  await page.route(`${CHECKOUT_ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === `/pay/${SESSION_ID}`) {
      return route.fulfill({
        contentType: 'text/html',
        body: renderCheckoutPage({
          row,
          token: 'tok_abcdefghijklmnop',
          embedOrigin: ORIGIN,
          brand: 'onramp',
          surface: 'frame',
        }),
      });
    }
    if (pathname === '/assets/checkout.css')
      return route.fulfill({ contentType: 'text/css', body: asset('checkout.css') });
    if (pathname === '/assets/checkout.js')
      return route.fulfill({ contentType: 'text/javascript', body: checkoutScript() });
    return route.fulfill({ status: 404, body: '' });
  });
};

/** The main states, and two languages. Add one line for a new one. */
const SHOTS: readonly Shot[] = [
  { name: 'loading', title: 'Loading', onStatus: hang, status: 'loading' },
  { name: 'pending', title: 'Quote, test mode', onStatus: status('pending'), status: 'pending' },
  {
    name: 'pending-dark',
    title: 'Quote, dark theme',
    attributes: { theme: 'dark' },
    onStatus: status('pending'),
    status: 'pending',
  },
  {
    name: 'quote-expired',
    title: 'Quote expired, refreshing',
    onStatus: status('pending', { quote_expires_at: new Date(NOW - 1_000).toISOString() }),
    onQuote: hang,
    drive: (page) => page.clock.runFor(1_000),
    status: 'pending',
  },
  {
    name: 'quote-refreshed',
    title: 'Quote refreshed',
    onStatus: status('pending', { quote_expires_at: new Date(NOW - 1_000).toISOString() }),
    onQuote: () =>
      ok({
        success: true,
        data: {
          fiat_amount: 10000,
          fiat_currency: 'USD',
          crypto_currency: 'ETH',
          crypto_amount: '0.031622',
          exchange_rate: 3162.4,
          fees: { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49, total_fee: 5.99 },
          expires_at: new Date(NOW + 5 * 60_000).toISOString(),
          network: 'ethereum',
        },
      }),
    drive: async (page) => {
      await page.clock.runFor(1_000);
      await expect(page.locator('[part=quote-countdown]')).toContainText('Price updated');
    },
    status: 'pending',
  },
  {
    name: 'paying',
    title: 'Paying in the embedded checkout',
    onStatus: status('pending'),
    before: hostedCheckout,
    drive: async (page) => {
      await page.locator('[part=pay-button]').click();
      await expect(page.frameLocator('iframe[part=checkout-frame]').getByLabel('Card number')).toBeVisible();
    },
    status: 'pending',
  },
  {
    name: 'popup-blocked',
    title: 'Popup blocked: a link instead',
    attributes: { mode: 'popup' },
    onStatus: status('pending'),
    before: async (page) => {
      await page.addInitScript(() => {
        window.open = () => null;
        document.addEventListener('onramp-fallback', (event) => event.preventDefault());
      });
    },
    drive: async (page) => {
      await page.locator('[part=pay-button]').click();
      await expect(page.locator('[part=fallback-link]')).toBeVisible();
    },
    status: 'pending',
  },
  { name: 'processing', title: 'Payment received, delivering', onStatus: status('processing'), status: 'processing' },
  {
    name: 'completed',
    title: 'Completed',
    onStatus: status('completed', { completed_at: new Date(NOW).toISOString() }),
    status: 'completed',
  },
  {
    name: 'completed-dark',
    title: 'Completed, dark theme',
    attributes: { theme: 'dark' },
    onStatus: status('completed', { completed_at: new Date(NOW).toISOString() }),
    status: 'completed',
  },
  { name: 'failed', title: 'Failed', onStatus: status('failed'), status: 'failed' },
  {
    name: 'pending-de',
    title: 'Quote, German',
    attributes: { locale: 'de-DE' },
    onStatus: status('pending'),
    status: 'pending',
  },
  {
    name: 'pending-ar',
    title: 'Quote, Arabic (right to left)',
    attributes: { locale: 'ar' },
    onStatus: status('pending'),
    status: 'pending',
  },
  ...(
    [
      ['it', 'Italian, the longest quote of the 46 languages'],
      ['he', 'Hebrew (right to left)'],
      ['fa', 'Persian (right to left)'],
      ['ur', 'Urdu (right to left)'],
    ] as const
  ).map(([locale, title]): Shot => ({
    name: `pending-${locale}-320`,
    title: `Quote at 320 px, ${title}`,
    attributes: { locale },
    onStatus: status('pending'),
    status: 'pending',
    width: NARROW,
  })),
  {
    name: 'pending-pseudo-320',
    title: 'Quote at 320 px, pseudo-locale (texts 40 % longer, accented)',
    attributes: { locale: PSEUDO_LOCALE },
    inner: pseudoBlock,
    onStatus: status('pending'),
    status: 'pending',
    width: NARROW,
  },
  { name: 'expired', title: 'Session expired', onStatus: status('expired'), status: 'expired' },
  {
    name: 'error',
    title: 'Error',
    onStatus: () => ({
      status: 404,
      body: JSON.stringify({
        success: false,
        error: { code: 'NOT_FOUND', message: 'No such session', request_id: 'req_8f3a2c91d4e6b7a0' },
      }),
      headers: { 'Request-Id': 'req_8f3a2c91d4e6b7a0' },
    }),
    status: 'error',
  },
];

test.use({ viewport: { width: WIDTH + 40, height: 1400 }, reducedMotion: 'reduce', colorScheme: 'light' });

const documentedParts = (): Set<string> => {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, 'dist/custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { cssParts?: { name: string }[] }[] }[];
  };
  return new Set(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .flatMap((d) => d.cssParts ?? [])
      .map((p) => p.name),
  );
};

for (const shot of SHOTS) {
  test(`screenshot: ${shot.name} (${shot.title})`, async ({ page }) => {
    // Installed a little before NOW: time flows between the two calls, and pausing cannot go back.
    await page.clock.install({ time: NOW - 10_000 });
    await page.clock.pauseAt(NOW);
    await shot.before?.(page);
    await openHarness(page, {
      attributes: shot.attributes ?? {},
      onStatus: shot.onStatus,
      ...(shot.onQuote ? { onQuote: shot.onQuote } : {}),
      head: `<style>body { margin: 0; padding: 20px; } onramp-checkout { width: ${shot.width ?? WIDTH}px; }</style>`,
      // A data block is read as the element connects: the script must find it parsed (`defer`).
      ...(shot.inner ? { inner: shot.inner, defer: true } : {}),
    });
    const widget = page.locator('onramp-checkout');
    await expect(widget).toHaveAttribute('status', shot.status);
    await shot.drive?.(page);

    // Every part on screen is a documented one (the manifest's @csspart list).
    const parts = await widget.evaluate((element) =>
      [...(element.shadowRoot?.querySelectorAll('[part]') ?? [])].flatMap((node) =>
        (node.getAttribute('part') ?? '').split(/\s+/),
      ),
    );
    const documented = documentedParts();
    expect(
      parts.filter((part) => !documented.has(part)),
      'undocumented parts',
    ).toEqual([]);

    await expect(widget).toHaveScreenshot(`${shot.name}.png`, {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      omitBackground: true,
    });
    expect(await recordedProblems(page)).toEqual([]);
  });
}

test('the README shows only these screenshots, and demo/screenshots holds nothing else', () => {
  const names = new Set(SHOTS.map((shot) => shot.name));
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const shown = [...readme.matchAll(/demo\/screenshots\/([\w-]+)\.png/g)].map((match) => match[1]!);
  expect(shown.length, 'the README shows screenshots').toBeGreaterThanOrEqual(3);
  for (const name of shown) {
    expect(names.has(name), `${name}.png is made by this spec`).toBe(true);
    expect(existsSync(resolve(SCREENSHOTS, `${name}.png`)), `${name}.png is committed`).toBe(true);
  }
  const files = readdirSync(SCREENSHOTS).filter((file) => file.endsWith('.png'));
  expect(
    files.filter((file) => !names.has(file.slice(0, -4))),
    'stale screenshots',
  ).toEqual([]);
});
