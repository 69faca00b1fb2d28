/**
 * The widget in a native app's WebView (issue 42, docs/mobile.md): the built script-tag file on a
 * merchant page, each host's bridge stood in for (native-bridges.ts). The app hears ready, the
 * status changes and completed or failed, every message valid against the shipped schema and none
 * with a secret; with popups impossible and the frame refused, Pay never leads the page away: the
 * app is asked to open the checkout, and the widget follows the payment made there.
 */
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import { attributesFor, checkoutOriginOf, newSession, serveWidgetPage } from '../support/widget-page.js';
import { payWithCard } from './fixtures.js';
import { widget } from './hardening-helpers.js';
import { expect, test } from './never-silent-helpers.js';
import { NATIVE_HOSTS, first, injectBridge } from './native-bridges.js';

const CARDS = ['4242 4242 4242 4242', '4242424242424242', '4000 0000 0000 0002', '4000000000000002'];

for (const kind of NATIVE_HOSTS) {
  test(`${kind}: the app hears ready, the status changes and completed for 4242, each valid, none with a secret`, async ({
    page,
    demo,
    pages,
  }) => {
    const session = await newSession(demo);
    const token = new URL(session.redirect_url).searchParams.get('t') ?? undefined;
    const app = await injectBridge(page.context(), kind, { secrets: [session.client_secret, ...CARDS], token });
    const url = serveWidgetPage(pages, `/native-${kind}`, { attributes: attributesFor(demo, session, 'test') });
    await page.goto(url);
    await expect.poll(() => app.types()).toEqual(['ready', 'status-change']);
    expect(first(app, 'ready')).toMatchObject({ sessionId: session.session_id, status: 'pending' });

    await page.locator('[part=pay-button]').click();
    await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
    await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
    await expect.poll(() => app.types()).toContain('completed');
    expect(first(app, 'completed')).toMatchObject({ sessionId: session.session_id, txHash: /^0x[0-9a-f]{64}$/ });
    const statuses = app.received.flatMap(({ message }) => (message.type === 'status-change' ? [message.status] : []));
    expect(statuses.at(-1)).toBe('completed');
    // Only the page itself posted: the checkout in its frame has no bridge (injected in top frames only).
    expect(app.received.every(({ topFrame }) => topFrame)).toBe(true);
    expect(app.problems).toEqual([]);
  });
}

for (const kind of NATIVE_HOSTS) {
  test(`${kind}: 4000 0000 0000 0002 is declined, and the app hears failed`, async ({ page, demo, pages }) => {
    const session = await newSession(demo);
    const app = await injectBridge(page.context(), kind, { secrets: [session.client_secret, ...CARDS] });
    await page.goto(
      serveWidgetPage(pages, `/native-declined-${kind}`, { attributes: attributesFor(demo, session, 'test') }),
    );
    await page.locator('[part=pay-button]').click();
    await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4000 0000 0000 0002');
    await expect(page.locator(widget)).toHaveAttribute('status', 'failed');
    await expect.poll(() => app.types()).toContain('failed');
    expect(first(app, 'failed')).toMatchObject({ sessionId: session.session_id });
    expect(app.problems).toEqual([]);
  });
}

test('a bridge in every frame: the checkout framed by the widget posts nothing, the page alone does', async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  const app = await injectBridge(page.context(), 'android', { everyFrame: true });
  await page.goto(serveWidgetPage(pages, '/native-frames', { attributes: attributesFor(demo, session, 'test') }));
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  await expect.poll(() => app.types()).toContain('completed');
  expect(app.received.filter(({ topFrame }) => !topFrame)).toEqual([]);
});

test('popups impossible and the frame refused: Pay asks the app to open the checkout, and the widget follows the payment made there', async ({
  page,
  demo,
  pages,
}) => {
  const session = await newSession(demo);
  const checkout = checkoutOriginOf(demo);
  const app = await injectBridge(page.context(), 'react-native', { secrets: [session.client_secret] });
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const url = serveWidgetPage(pages, '/native-no-frame', {
    attributes: attributesFor(demo, session, 'test', { mode: 'popup' }),
    csp: contentSecurityPolicy(new URL(demo.sandbox.apiUrl).origin, "'none'"),
  });
  await page.goto(url);
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await page.locator('[part=pay-button]').click();
  await expect.poll(() => app.types()).toContain('open-url');
  const opened = first(app, 'open-url');
  expect(opened?.reason).toBe('checkout');
  expect(opened?.url.startsWith(`${checkout}/pay/${session.session_id}?`)).toBe(true);
  expect(page.url()).toBe(url);
  // The app opens it in an in-app browser (another context: no bridge there), where the buyer pays.
  const inApp = await page.context().browser()!.newContext();
  const browser = await inApp.newPage();
  await browser.goto(opened!.url);
  await payWithCard(browser, '4242 4242 4242 4242');
  await expect(page.locator(widget)).toHaveAttribute('status', 'completed');
  expect(page.url()).toBe(url);
  await expect.poll(() => app.types()).toContain('completed');
  await inApp.close();
});
