/**
 * The document is enough to build a server the widget works with: the widget's main flow (the
 * quote, a pending session, Pay opens the checkout) against a mock that `@stoplight/prism-cli`
 * generates from `dist/openapi.json` alone, answering from the document's examples and validating
 * each request against it. No sandbox runs here.
 *
 * The examples are fixed in time (created 2025-01-15T12:00Z), so the page's clock is set just after
 * their creation, and Prism's `Date` header (the real time, which the widget would take as the
 * server's clock) is rewritten to that instant on the way to the page; status and body are Prism's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { CHECKOUT_MESSAGE_SOURCE, EMBED_ORIGIN_PARAM } from '../../src/contract/checkout-protocol.js';
import {
  EXAMPLE_CHECKOUT_URL,
  EXAMPLE_CLIENT_SECRET,
  EXAMPLE_SESSION_ID,
} from '../../demo/onramp-api/openapi/examples.js';
import { freePort } from '../support/free-port.js';

const ORIGIN = 'https://shop.test';
const root = resolve(import.meta.dirname, '../..');
/** One minute after the examples' session was created: quote and session still open. */
const NOW = Date.UTC(2025, 0, 15, 12, 1, 0);

let prism: ChildProcess | undefined;
let prismUrl = '';

test.beforeAll(async () => {
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    resolve(root, 'node_modules/.bin/prism'),
    ['mock', '-h', '127.0.0.1', '-p', String(port), resolve(root, 'dist/openapi.json')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  prism = child;
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) ready();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`prism exited with ${code}:\n${output}`)));
  });
});

test.afterAll(() => {
  prism?.kill();
});

test('the widget quotes, shows the pending session and opens the checkout, served by a Prism mock of the document', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const apiRequests: string[] = [];
  await page.clock.install({ time: NOW });

  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    // The script-tag file and its on-demand parts, beside it.
    if (/^\/onramp-checkout\.[\w.]+\.js$/.test(url.pathname))
      return route.fulfill({
        path: resolve(root, `dist/cdn${url.pathname}`),
        contentType: 'text/javascript; charset=utf-8',
      });
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><script src="/onramp-checkout.iife.js"></script></head><body>
<onramp-checkout publishable-key="onramp_test_pk_Ab3dE9Lq1Bx9Kd4Vm6Rc2Tp8" client-secret="${EXAMPLE_CLIENT_SECRET}" api-base="${prismUrl}" checkout-origin="${EXAMPLE_CHECKOUT_URL}"></onramp-checkout></body></html>`,
    });
  });
  await page.route(`${prismUrl}/**`, async (route) => {
    apiRequests.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    // The widget keeps reading while the test ends; a read cut short by the page's closing is not
    // an answer to forward, and must not hold the context's teardown.
    const response = await route.fetch({ timeout: 15_000 }).catch(() => undefined);
    if (!response) return route.abort().catch(() => undefined);
    await route
      .fulfill({ response, headers: { ...response.headers(), date: new Date(NOW).toUTCString() } })
      .catch(() => undefined);
  });
  // The hosted checkout of the examples' `redirect_url`. It says `ready` to the page that framed it,
  // as a checkout does: a frame that loads without it reads as refused 400 ms later, and falls back.
  const ready = JSON.stringify({ source: CHECKOUT_MESSAGE_SOURCE, type: 'ready', session_id: EXAMPLE_SESSION_ID });
  await page.route(`${EXAMPLE_CHECKOUT_URL}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>Hosted checkout</title><h1>Hosted checkout</h1><script>parent.postMessage(${ready}, new URLSearchParams(location.search).get('${EMBED_ORIGIN_PARAM}'))</script>`,
    }),
  );

  await page.goto(`${ORIGIN}/`);
  const widget = page.locator('onramp-checkout');
  await expect(widget).toHaveAttribute('status', 'pending');
  // The quote of the examples: (100.00 − 5.99 fees) / 3150.25 ETH, and its fees.
  await expect(page.locator('[part=crypto-amount]')).toContainText('ETH');
  await expect(page.locator('[part=crypto-amount]')).toContainText('0.029842');
  await expect(page.locator('[part=fees]')).toContainText('Total fees');
  expect(apiRequests).toContain('GET /v1/onramp');

  await page.locator('[part=pay-button]').click();
  const frame = page.locator('iframe[part=checkout-frame]');
  await expect(frame).toHaveAttribute('src', new RegExp(`^${EXAMPLE_CHECKOUT_URL}/pay/${EXAMPLE_SESSION_ID}\\?t=`));
  await expect(page.frameLocator('iframe[part=checkout-frame]').locator('h1')).toHaveText('Hosted checkout');
  expect(errors).toEqual([]);
});

// Reads still in flight when the test ends are dropped, so closing the page never waits on them.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
