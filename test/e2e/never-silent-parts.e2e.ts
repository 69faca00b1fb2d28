/**
 * Never silent (issue #32), the widget's own files and the hosted checkout: the built script-tag
 * file on a page of its own beside the real sandbox, one thing wrong at a time. The on-demand part
 * missing or refused by the page's Trusted Types, the checkout refusing to be framed by this origin,
 * two different copies of the script: each is its code with a fix that names the value, and the
 * order is still paid.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import type { Page } from '@playwright/test';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import type { PageServer } from '../support/page-server.js';
import {
  LATER_PART_PATH,
  SCRIPT_PATH,
  attributesFor,
  checkoutOriginOf,
  newSession,
  serveWidgetPage,
} from '../support/widget-page.js';
import { payWithCard } from './fixtures.js';
import { widget } from './hardening-helpers.js';
import { recordedEvents } from './harness.js';
import {
  eventDetail,
  type Detail,
  expect,
  offLoopback,
  problemCodes,
  recordConsole,
  test,
} from './never-silent-helpers.js';

test.use(offLoopback);

test('the checkout does not list this origin in frame-ancestors: CHECKOUT_FRAME_REFUSED naming it, and Pay falls back to a popup', async ({
  page,
  demo,
  pages,
  shopOrigin,
  problems,
}) => {
  void problems;
  const session = await newSession(demo);
  // The sandbox frames its checkout for loopback pages only (SANDBOX_MERCHANT_ORIGINS' default).
  const url = serveWidgetPage(
    pages,
    '/frame-refused',
    { attributes: attributesFor(demo, session, 'test') },
    shopOrigin,
  );
  await page.goto(url);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  const opening = page.waitForEvent('popup');
  await page.locator('[part=pay-button]').click();
  const popup = await opening;
  await expect(popup).toHaveURL(new RegExp(`^${checkoutOriginOf(demo)}/pay/${session.session_id}\\?`));
  const warning = await eventDetail(page, 'onramp-warning', 'CHECKOUT_FRAME_REFUSED');
  expect(warning.fix).toBe(
    `Ask your onramp provider to allow ${shopOrigin} as a merchant origin (the sandbox: SANDBOX_MERCHANT_ORIGINS=${shopOrigin}).`,
  );
  expect(warning.cause).toContain(`does not list this page's origin, ${shopOrigin}`);
  const fallbacks = async () =>
    (await recordedEvents(page))
      .filter((event) => event.type === 'onramp-fallback')
      .map((event) => event.detail.reason);
  await expect.poll(fallbacks).toEqual(['frame-refused']);
});

/** Three ways the on-demand part (`onramp-checkout.later.js`) cannot load, one page each. */
const PART_BLOCKED = {
  missing: 'the part is missing (a 404)',
  'trusted-types': "the page CSP's trusted-types leaves out onramp-checkout",
  'script-src': "the page CSP's script-src allows the script-tag file alone",
} as const;
type PartBlocked = keyof typeof PART_BLOCKED;

/**
 * Opens a page where the part cannot load in the way `blocked` says, and waits for the order: returns
 * the part's URL. (The widget's Trusted Types policy, as the page's CSP would have to list it.)
 */
async function openWithoutPart(page: Page, demo: DemoHandle, pages: PageServer, blocked: PartBlocked): Promise<string> {
  const session = await newSession(demo);
  const attributes = attributesFor(demo, session, 'test');
  const demoPolicy = contentSecurityPolicy(new URL(demo.sandbox.apiUrl).origin, checkoutOriginOf(demo));
  // Another origin for the script-tag file (and so for its part, beside it).
  const elsewhere = pages.origin.replace('127.0.0.1', 'localhost');
  const options =
    blocked === 'missing'
      ? {}
      : blocked === 'trusted-types'
        ? { csp: demoPolicy.replace('trusted-types lit-html onramp-checkout', 'trusted-types lit-html') }
        : { csp: `script-src 'self' ${elsewhere}${SCRIPT_PATH}`, script: `${elsewhere}${SCRIPT_PATH}` };
  if (blocked === 'missing')
    await page.route(`**${LATER_PART_PATH}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(serveWidgetPage(pages, `/part/${blocked}`, { attributes, ...options }));
  await expect(page.locator('[part=crypto-amount]')).toContainText('ETH');
  return `${blocked === 'script-src' ? elsewhere : pages.origin}${LATER_PART_PATH}`;
}

/** The `onramp-warning` events so far that name `url` among their values. */
async function warningsAbout(page: Page, url: string): Promise<string[]> {
  return (await recordedEvents(page))
    .filter((event) => event.type === 'onramp-warning' && (event.detail.values as Detail['values'])?.url === url)
    .map((event) => String(event.detail.code));
}

/** The session countdown's time now (`mm:ss`). */
const sessionTimeLeft = (page: Page) => page.locator('[part=session-countdown] time').textContent();

test.describe('the on-demand part cannot load: the countdowns tick, the order is paid and ends on a result, a warning names the part', () => {
  for (const [blocked, how] of Object.entries(PART_BLOCKED) as [PartBlocked, string][]) {
    test(`${how}: the warning names the part's URL; the countdowns tick; 4242 pays in the frame to "Purchase complete"`, async ({
      page,
      demo,
      pages,
    }) => {
      const part = await openWithoutPart(page, demo, pages, blocked);
      await expect.poll(() => warningsAbout(page, part)).toHaveLength(1);
      // The countdowns tick in the script-tag file itself: the time left changes with no part.
      const first = await sessionTimeLeft(page);
      await expect.poll(() => sessionTimeLeft(page)).not.toBe(first);
      await expect(page.locator('[part=quote-countdown] time')).toHaveText(/^\d\d:\d\d$/);
      if (blocked === 'missing') {
        const warning = await eventDetail(page, 'onramp-warning', 'PART_LOAD_FAILED');
        expect(warning.values).toMatchObject({ part: 'onramp-checkout.later.js' });
      }
      if (blocked === 'trusted-types') {
        const warning = await eventDetail(page, 'onramp-warning', 'CSP_TRUSTED_TYPES');
        expect(warning.values).toMatchObject({ policy: 'onramp-checkout' });
      }
      await page.locator('[part=pay-button]').click();
      await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
      await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
      // The final screen comes with the part; without it, the card still says how the session ended.
      await expect(page.locator('[part=status]')).toHaveText('Purchase complete');
      await expect(page.locator('[part=session-countdown]')).toHaveCount(0);
    });
  }
});

test('amount first without its parts (the later part missing): the card says so and onramp-error names the part', async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  // No client secret and a session-url: the card is the order form, which the parts draw.
  const attributes = attributesFor(demo, session, 'test', {
    'client-secret': null,
    'redirect-url': null,
    'session-url': '/api/order',
  });
  await page.route(`**${LATER_PART_PATH}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(serveWidgetPage(pages, '/part/amount-first-missing', { attributes }));
  await expect(page.locator(widget)).toHaveAttribute('status', 'error');
  await expect(page.locator('[part=error]')).toContainText('not set up correctly');
  const error = await eventDetail(page, 'onramp-error', 'PART_LOAD_FAILED');
  expect(error.values).toMatchObject({ part: 'onramp-checkout.later.js' });
});

/**
 * The part that cannot load explains itself without its texts (they come with it): the code, and a
 * fix naming the file to serve and the policy to allow. A part refused by script-src is
 * PART_LOAD_FAILED, whose cause names that case (the page's `securitypolicyviolation` is watched by
 * the part; the doctor reads the CSP itself: CSP_SCRIPT_SRC).
 */
test.describe('the part that cannot load explains itself', () => {
  const expected: Record<PartBlocked, { code: string; fix: (url: string) => string[] }> = {
    missing: { code: 'PART_LOAD_FAILED', fix: (url) => [`Serve ${url}`] },
    'trusted-types': { code: 'CSP_TRUSTED_TYPES', fix: () => ['allow onramp-checkout in trusted-types'] },
    'script-src': { code: 'PART_LOAD_FAILED', fix: (url) => [`Serve ${url}`] },
  };
  for (const [blocked, how] of Object.entries(PART_BLOCKED) as [PartBlocked, string][]) {
    const { code, fix } = expected[blocked];
    test(`${how}: ${code} with a fix naming what to serve and allow`, async ({ page, demo, pages }) => {
      const part = await openWithoutPart(page, demo, pages, blocked);
      await expect.poll(() => warningsAbout(page, part)).toHaveLength(1);
      expect(await warningsAbout(page, part)).toEqual([code]);
      const detail = await eventDetail(page, 'onramp-warning', code);
      for (const text of fix(new URL(part, pages.origin).href)) expect(detail.fix).toContain(text);
    });
  }
});

const ROOT = resolve(import.meta.dirname, '../..');
/** The built file's version (package.json's), and the other copy's. */
const VERSION = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const OTHER_VERSION = `${VERSION}-other`;

/** Serves another version of the script-tag file (and its part) at /dist/v2/: a second, different copy. */
function serveOtherVersion(pages: PageServer): void {
  const dist = resolve(ROOT, 'dist/cdn');
  const script = readFileSync(resolve(dist, 'onramp-checkout.iife.js'), 'utf8');
  const stamp = (version: string) => `this.version=${JSON.stringify(version)}`;
  expect(script).toContain(stamp(VERSION));
  const headers = { 'Content-Type': 'text/javascript; charset=utf-8' };
  const body = script.replace(stamp(VERSION), stamp(OTHER_VERSION));
  pages.set('/dist/v2/onramp-checkout.iife.js', { headers, body });
  pages.set('/dist/v2/onramp-checkout.later.js', {
    headers,
    body: readFileSync(resolve(dist, 'onramp-checkout.later.js')),
  });
}

test.describe('two different copies of the script on one page', () => {
  const open = async (page: Page, demo: DemoHandle, pages: PageServer) => {
    serveOtherVersion(pages);
    const session = await newSession(demo);
    await page.goto(
      serveWidgetPage(pages, '/two-copies', {
        attributes: attributesFor(demo, session, 'test'),
        head: '<script src="/dist/v2/onramp-checkout.iife.js" defer></script>',
      }),
    );
    await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  };

  test('DUPLICATE_DEFINITION in the console, once, naming both versions; the order stays payable', async ({
    page,
    demo,
    pages,
    problems,
  }) => {
    void problems;
    const messages = recordConsole(page);
    await open(page, demo, pages);
    await expect
      .poll(() => messages.filter((message) => message.text().includes('DUPLICATE_DEFINITION')).map((m) => m.text()))
      .toEqual([
        expect.stringContaining(
          `onramp-checkout DUPLICATE_DEFINITION: <onramp-checkout> was already defined by another copy (${VERSION}) when this one (${OTHER_VERSION}) loaded`,
        ),
      ]);
    await expect(page.locator('[part=pay-button]')).toBeEnabled();
  });

  test("the first copy's element keeps its part: no PART_LOAD_FAILED, and its test-mode report", async ({
    page,
    demo,
    pages,
  }) => {
    const messages = recordConsole(page);
    await open(page, demo, pages);
    await expect
      .poll(() => messages.some((message) => message.text().startsWith('onramp-checkout (test mode): ')))
      .toBe(true);
    expect(await problemCodes(page)).toEqual([]);
  });
});
