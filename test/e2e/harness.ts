/**
 * A merchant page with no real network: Playwright routes serve the page, the built script-tag
 * bundle and a scripted API on one made-up https origin, so faults can be injected response by
 * response and time driven with `page.clock`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from '@playwright/test';

export const ORIGIN = 'https://shop.test';
export const CHECKOUT_ORIGIN = 'https://checkout.shop.test';
export const PK = 'onramp_test_pk_abcdefghijklmnop1234';
export const SESSION_ID = 'ors_abcdefghijklmnop1234';
export const SECRET = `${SESSION_ID}_secret_ABCDEFGHIJKLMNOP5678`;

const bundle = () => readFileSync(resolve(import.meta.dirname, '../../dist/cdn/onramp-checkout.iife.js'), 'utf8');

export interface ApiAnswer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
  /** Drop the connection instead of answering. */
  drop?: boolean;
}

/** A well-formed `GET /v1/onramp` body for the given status, expiries relative to `serverNow`. */
export function statusBody(
  serverNow: number,
  status = 'pending',
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const created = new Date(serverNow).toISOString();
  return {
    success: true,
    data: {
      id: 'txn_abcdefghijklmnop',
      session_id: SESSION_ID,
      status,
      wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
      crypto_currency: 'ETH',
      crypto_amount: '0.031746031746031746',
      fiat_currency: 'USD',
      fiat_amount: 10000,
      network: 'ethereum',
      ...(status === 'completed' ? { tx_hash: `0x${'ab'.repeat(32)}` } : {}),
      fees: { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49 },
      metadata: {},
      created_at: created,
      expires_at: new Date(serverNow + 30 * 60_000).toISOString(),
      quote_expires_at: new Date(serverNow + 5 * 60_000).toISOString(),
      exchange_rate: 3150.42,
      estimated_crypto_amount: '0.031746031746031746',
      redirect_url: `${CHECKOUT_ORIGIN}/pay/${SESSION_ID}?t=tok_abcdefghijklmnop`,
      ...overrides,
    },
  };
}

export interface HarnessOptions {
  attributes?: Record<string, string>;
  /** Answers `GET /v1/onramp`; called once per request. May never resolve (a hung request). */
  onStatus: (request: Request) => ApiAnswer | Promise<ApiAnswer>;
  onQuote?: (request: Request) => ApiAnswer | Promise<ApiAnswer>;
  /** Extra markup before the element (e.g. a second script tag). */
  head?: string;
  /** `lang` of the page. */
  lang?: string;
  /** Load the script with `defer`, as the README shows: it then finds the element parsed (the head start's case). */
  defer?: boolean;
  /** Replaces a catalogue file beside the bundle (`locales/<language>.json`). */
  localeFile?: (language: string, built: string) => string;
  /** Markup inside the element (a data block). */
  inner?: string;
}

export interface Harness {
  /** URLs of every request the page made, in order. */
  requests: string[];
  apiCalls: () => number;
}

/** Serves the harness page and its API, then opens it. Install `page.clock` before calling. */
export async function openHarness(page: Page, options: HarnessOptions): Promise<Harness> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const attributes = {
    'publishable-key': PK,
    'client-secret': SECRET,
    'api-base': `${ORIGIN}/api`,
    'checkout-origin': CHECKOUT_ORIGIN,
    ...options.attributes,
  };
  const attrText = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join(' ');
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') {
      // UTF-8 declared, as on any real page: else the bundle's `≈` and `…` decode as windows-1252.
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="${options.lang ?? 'en'}"><head><script src="/onramp-checkout.iife.js"${options.defer ? ' defer' : ''}></script>${options.head ?? ''}</head>
<body><onramp-checkout ${attrText}>${options.inner ?? ''}</onramp-checkout></body></html>`,
      });
    } else if (url.pathname === '/onramp-checkout.iife.js') {
      await route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: bundle() });
    } else if (/^\/onramp-checkout\.\w+\.js$/.test(url.pathname)) {
      // The script-tag file's on-demand parts, beside it as a merchant serves them.
      await route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        path: resolve(import.meta.dirname, `../../dist/cdn${url.pathname}`),
      });
    } else if (/^\/locales\/[\w-]+\.json$/.test(url.pathname)) {
      const language = url.pathname.slice('/locales/'.length, -'.json'.length);
      const built = readFileSync(resolve(import.meta.dirname, `../../dist/cdn${url.pathname}`), 'utf8');
      await route.fulfill({ contentType: 'application/json', body: options.localeFile?.(language, built) ?? built });
    } else if (url.pathname === '/api/v1/onramp') {
      const answer = await options.onStatus(route.request());
      if (answer.drop) return route.abort('connectionreset');
      await route.fulfill({
        status: answer.status ?? 200,
        contentType: 'application/json',
        headers: answer.headers ?? {},
        body: answer.body,
      });
    } else if (url.pathname === '/api/v1/onramp/quote' && options.onQuote) {
      const answer = await options.onQuote(route.request());
      await route.fulfill({
        status: answer.status ?? 200,
        contentType: 'application/json',
        headers: answer.headers ?? {},
        body: answer.body,
      });
    } else {
      // Routes registered before the harness (a test's own files) get their turn, else 404.
      await route.fallback();
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as {
      __events: { type: string; detail: unknown }[];
      __problems: string[];
      __fetches: number[];
      __inFlight: number;
    };
    w.__events = [];
    w.__problems = [];
    // When each API request started, on the page's (possibly fake) clock: timing assertions use
    // these, not wall time, so a loaded machine cannot make them flaky.
    w.__fetches = [];
    const originalFetch = window.fetch.bind(window);
    // Requests not yet answered: a test can let the page clock run only while none is, so a slow
    // answer (real time) is not counted as page time.
    w.__inFlight = 0;
    window.fetch = (input, init) => {
      w.__fetches.push(Date.now());
      w.__inFlight += 1;
      const settled = () => {
        w.__inFlight -= 1;
      };
      const request = originalFetch(input, init);
      request.then(settled, settled);
      return request;
    };
    for (const type of [
      'onramp-ready',
      'onramp-status-change',
      'onramp-error',
      'onramp-fallback',
      'onramp-completed',
      'onramp-failed',
      'onramp-expired',
      'onramp-quote-expired',
      'onramp-quote-refreshed',
    ]) {
      document.addEventListener(type, (event) => w.__events.push({ type, detail: (event as CustomEvent).detail }));
    }
    window.addEventListener('error', (event) => w.__problems.push(`error: ${event.message}`));
    window.addEventListener('unhandledrejection', (event) =>
      w.__problems.push(`unhandledrejection: ${String(event.reason)}`),
    );
  });
  await page.goto(`${ORIGIN}/`);
  return { requests, apiCalls: () => requests.filter((url) => url.startsWith(`${ORIGIN}/api/`)).length };
}

export async function recordedEvents(page: Page): Promise<{ type: string; detail: Record<string, unknown> }[]> {
  return page.evaluate(
    () => (window as unknown as { __events: { type: string; detail: Record<string, unknown> }[] }).__events,
  );
}

/** Start times (page clock, ms) of the widget's API requests so far. */
export async function fetchTimes(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __fetches: number[] }).__fetches);
}

/** Runs the page clock `ms` forward, one second at a time, each step only once no request is in flight. */
export async function runClockWhileIdle(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000) {
    await page.waitForFunction(() => (window as unknown as { __inFlight: number }).__inFlight === 0);
    await page.clock.runFor(Math.min(1000, left));
  }
}

export async function recordedProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __problems: string[] }).__problems);
}
