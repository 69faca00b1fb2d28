/**
 * Never stranded (issue #32, docs/design.md §20): the built script-tag file on a page of
 * its own beside the real sandbox, one thing wrong at a time, where the embedded flow cannot run.
 * The buyer gets the hosted payment page (`fallback-link`, within 12 s) and pays 4242 there, or,
 * with no link known, a message and "Try again"; the merchant gets an `onramp-error` whose fix names
 * the exact value. The script itself blocked: the merchant's own link inside the element stays.
 */
import type { Locator, Page } from '@playwright/test';
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import { freePort } from '../support/free-port.js';
import { SCRIPT_PATH, attributesFor, checkoutOriginOf, newSession, serveWidgetPage } from '../support/widget-page.js';
import { payWithCard } from './fixtures.js';
import { widget } from './hardening-helpers.js';
import { eventDetail, expect, paidOutcome, problemCodes, test } from './never-silent-helpers.js';

/** docs/design.md §20: the buyer has a working link to the hosted page within 12 s of opening the page. */
const LINK_WITHIN_MS = 12_000;
/** The widget's own wait for an API that does not answer (`STRAND_AFTER_MS`): "at once" is sooner. */
const UNREACHABLE_AFTER_MS = 10_000;

const HTML = 'text/html; charset=utf-8';

/**
 * Opens `url` and waits for the link to the hosted payment page (`redirectUrl`, in a new tab): returns
 * it, and how long the buyer waited for it, from the moment the page was asked for (ms).
 */
async function openUntilLink(page: Page, url: string, redirectUrl: string): Promise<{ link: Locator; waited: number }> {
  const opened = Date.now();
  await page.goto(url);
  const link = page.locator('[part=fallback-link]');
  await expect(link).toBeVisible({ timeout: LINK_WITHIN_MS });
  const waited = Date.now() - opened;
  await expect(link).toHaveAttribute('href', redirectUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  return { link, waited };
}

/** Follows the link to the hosted page (a new tab), pays 4242 there and sees the outcome there. */
async function payThroughLink(page: Page, link: Locator, redirectUrl: string): Promise<void> {
  const opening = page.waitForEvent('popup');
  await link.click();
  const hosted = await opening;
  await expect(hosted).toHaveURL(redirectUrl);
  await payWithCard(hosted, '4242 4242 4242 4242');
  await expect(hosted.getByRole('heading', { name: paidOutcome })).toBeVisible();
}

test.describe('the API cannot be used: the buyer is offered the hosted payment page', () => {
  test('api-base where nothing listens: the link within 12 s, API_UNREACHABLE naming api-base, 4242 pays through the link', async ({
    page,
    demo,
    pages,
    problems,
  }) => {
    void problems;
    const session = await newSession(demo);
    const apiBase = `http://127.0.0.1:${await freePort()}`;
    const url = serveWidgetPage(pages, '/stranded/unreachable', {
      attributes: attributesFor(demo, session, 'test', { 'api-base': apiBase }),
    });
    const { link, waited } = await openUntilLink(page, url, session.redirect_url);
    expect(waited).toBeLessThanOrEqual(LINK_WITHIN_MS);
    await expect(page.locator('[part=error]')).toContainText('cannot be reached');

    const error = await eventDetail(page, 'onramp-error', 'API_UNREACHABLE');
    expect(error.fix).toBe(
      `Check that api-base ("${apiBase}") is your provider's API URL and that it is reachable from the buyer's browser.`,
    );
    expect(error.cause).toContain(`${apiBase}/v1/onramp`);
    expect(error.message).toBe('The payment service cannot be reached from this page.');
    await payThroughLink(page, link, session.redirect_url);
  });

  test('the page CSP leaves the API out of connect-src: CSP_CONNECT_SRC with the exact fix, the link at once, 4242 pays through it', async ({
    page,
    demo,
    pages,
  }) => {
    const session = await newSession(demo);
    const api = new URL(demo.sandbox.apiUrl).origin;
    const url = serveWidgetPage(pages, '/stranded/csp-connect', {
      attributes: attributesFor(demo, session, 'test'),
      csp: contentSecurityPolicy('', checkoutOriginOf(demo)),
    });
    const { link, waited } = await openUntilLink(page, url, session.redirect_url);
    // At once: the page's refusal is known from its CSP event, not after the wait for an answer.
    expect(waited).toBeLessThan(UNREACHABLE_AFTER_MS);

    const error = await eventDetail(page, 'onramp-error', 'CSP_CONNECT_SRC');
    expect(error.fix).toBe(`Add ${api} to the connect-src directive of the page's Content-Security-Policy.`);
    expect(error.cause).toContain(`refused the request to ${api}/v1/onramp`);
    expect(await problemCodes(page)).not.toContain('onramp-error API_UNREACHABLE');
    await payThroughLink(page, link, session.redirect_url);
  });

  test('api-base at a web page (an HTML 404): API_NOT_AN_ONRAMP_API at once, naming what answered, and the link', async ({
    page,
    demo,
    pages,
    problems,
  }) => {
    void problems;
    const session = await newSession(demo);
    const apiBase = `${pages.origin}/shop`;
    pages.set('/shop/v1/onramp', { status: 404, headers: { 'Content-Type': HTML }, body: '<h1>Page not found</h1>' });
    const url = serveWidgetPage(pages, '/stranded/web-page', {
      attributes: attributesFor(demo, session, 'test', { 'api-base': apiBase }),
    });
    expect((await openUntilLink(page, url, session.redirect_url)).waited).toBeLessThan(UNREACHABLE_AFTER_MS);
    const error = await eventDetail(page, 'onramp-error', 'API_NOT_AN_ONRAMP_API');
    expect(error.cause).toContain(`${apiBase}/v1/onramp answered 404 with text/html`);
    expect(error.fix).toContain("Set api-base to the API's base URL, the part before /v1");
  });

  test('api-base at a server that answers JSON without CORS: API_CORS_REFUSED naming api-base and this page, and the link', async ({
    page,
    demo,
    pages,
    problems,
  }) => {
    void problems;
    const session = await newSession(demo);
    // The same server under another name: another origin to the page, which it sends no CORS headers.
    const apiBase = `${pages.origin.replace('127.0.0.1', 'localhost')}/json-service`;
    pages.set('/json-service/v1/onramp', {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
      body: '{"success":false,"error":{"code":"MISSING_API_KEY","message":"no key","request_id":"req_1"}}',
    });
    const url = serveWidgetPage(pages, '/stranded/no-cors', {
      attributes: attributesFor(demo, session, 'test', { 'api-base': apiBase }),
    });
    expect((await openUntilLink(page, url, session.redirect_url)).waited).toBeLessThan(UNREACHABLE_AFTER_MS);
    const error = await eventDetail(page, 'onramp-error', 'API_CORS_REFUSED');
    expect(error.cause).toContain(
      `not to this page's cross-origin request: its CORS headers do not allow ${pages.origin}`,
    );
    expect(error.fix).toContain(`Check api-base ("${apiBase}")`);
  });

  test('no link known (no redirect-url) and the API refused: a message and "Try again", never an endless "Retrying…"', async ({
    page,
    demo,
    pages,
  }) => {
    const session = await newSession(demo);
    const url = serveWidgetPage(pages, '/stranded/no-link', {
      attributes: attributesFor(demo, session, 'test', { 'redirect-url': null }),
      csp: contentSecurityPolicy('', checkoutOriginOf(demo)),
    });
    await page.goto(url);
    await expect(page.locator('[part=retry-button]')).toHaveText('Try again', { timeout: LINK_WITHIN_MS });
    await expect(page.locator('[part=error]')).toHaveText(/cannot be reached/);
    await expect(page.locator('[part=error]')).not.toContainText('Retrying');
    await expect(page.locator('[part=fallback-link]')).toHaveCount(0);
    await eventDetail(page, 'onramp-error', 'CSP_CONNECT_SRC');
  });
});

test("the page CSP has frame-src 'none': Pay opens a popup, CSP_FRAME_SRC names the checkout origin, and the popup pays", async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  const checkout = checkoutOriginOf(demo);
  const url = serveWidgetPage(pages, '/csp-frame', {
    attributes: attributesFor(demo, session, 'test'),
    csp: contentSecurityPolicy(new URL(demo.sandbox.apiUrl).origin, "'none'"),
  });
  await page.goto(url);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  const opening = page.waitForEvent('popup');
  await page.locator('[part=pay-button]').click();
  const popup = await opening;
  await expect(popup).toHaveURL(new RegExp(`^${checkout}/pay/${session.session_id}\\?`));

  const warning = await eventDetail(page, 'onramp-warning', 'CSP_FRAME_SRC');
  expect(warning.fix).toBe(`Add ${checkout} to the frame-src directive of the page's Content-Security-Policy.`);
  expect(warning.cause).toContain('(frame-src) refused to frame');
  // The page's own CSP, not the checkout's refusal: no CHECKOUT_FRAME_REFUSED beside it.
  expect(await problemCodes(page)).toEqual(['onramp-warning CSP_FRAME_SRC']);

  await payWithCard(popup, '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
});

test.describe('the script itself cannot load: the merchant’s fallback content inside the element', () => {
  const LINK_TEXT = 'Pay on the secure page';

  const BLOCKED_BY = {
    network: 'aborted on the network',
    csp: "refused by the page's CSP (script-src 'self', the script on another origin)",
  } as const;

  for (const [blockedBy, how] of Object.entries(BLOCKED_BY)) {
    test(`${how}: the link stays visible and pays 4242; once the script runs, the link is hidden`, async ({
      page,
      demo,
      pages,
    }) => {
      const session = await newSession(demo);
      const inside = `<a href="${session.redirect_url}">${LINK_TEXT}</a>`;
      const attributes = attributesFor(demo, session, 'test');
      const elsewhere = `${pages.origin.replace('127.0.0.1', 'localhost')}${SCRIPT_PATH}`;

      // Allowed: the element is defined, its shadow root has no slot, so the light DOM link is not rendered.
      await page.goto(serveWidgetPage(pages, '/script/allowed', { attributes, inside }));
      await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
      await expect(page.getByRole('link', { name: LINK_TEXT })).toBeHidden();
      expect(await page.locator(widget).evaluate((element) => element.shadowRoot?.querySelector('slot') ?? null)).toBe(
        null,
      );

      // Blocked: nothing defines the element, and the merchant's link is the way to pay.
      if (blockedBy === 'network') await page.route(`**${SCRIPT_PATH}`, (route) => route.abort('blockedbyclient'));
      const blocked = serveWidgetPage(pages, `/script/blocked-by-${blockedBy}`, {
        attributes,
        inside,
        ...(blockedBy === 'csp' ? { csp: "script-src 'self'", script: elsewhere } : {}),
      });
      await page.goto(blocked);
      const link = page.getByRole('link', { name: LINK_TEXT });
      await expect(link).toBeVisible();
      expect(await page.evaluate(() => customElements.get('onramp-checkout') === undefined)).toBe(true);
      await link.click();
      await page.waitForURL(session.redirect_url);
      await payWithCard(page, '4242 4242 4242 4242');
      await expect(page.getByRole('heading', { name: paidOutcome })).toBeVisible();
    });
  }
});
