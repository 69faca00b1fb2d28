/**
 * The hosted checkout in a native app's WebView (docs/design.md "Native apps"): opened at the
 * session's `redirect_url` as the page of its own (top level), with each of the four bridges
 * injected as the app would (native-bridges.ts). It posts `ready` once, each status change once
 * although the page reloads on a change, the outcome once per session (`completed` with the
 * hash the page shows, or `failed` for a declined card), `open-url` for the explorer's link instead
 * of a lost window, and `close` from the way back, which then never leaves by itself. Every message
 * is valid against the shipped JSON Schema and holds no secret; a checkout inside a frame posts
 * nothing, even with a bridge in every frame.
 *
 * Waits are on the messages and the page's state, never on time; a busy machine may skip
 * `processing` (the payment's answer may already show the delivery), so the status changes are
 * checked as a chain from `pending` to the outcome, whatever lies between.
 */
import type { Page } from '@playwright/test';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import { RETURN_DELAY_SECONDS } from '../../demo/hosted-checkout/way-back.js';
import { expect, openCheckout, payWithCard, test } from './fixtures.js';
import { NATIVE_HOSTS, injectBridge, type BridgeRecorder, type Received } from './native-bridges.js';

const CARD_PAYS = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The app's universal link: a web page, to which the checkout would return by itself without a bridge. */
const RETURN_URL = 'https://wallet.example/onramp/done';

interface Session {
  id: string;
  clientSecret: string;
  redirectUrl: string;
  token: string;
}

/** The app's server creates the session (secret key), as a wallet's backend would. */
async function createSession(demo: DemoHandle): Promise<Session> {
  const response = await fetch(`${demo.sandbox.apiUrl}/v1/onramp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': demo.sandbox.keys!.test.secret },
    body: JSON.stringify({
      wallet_address: WALLET,
      crypto_currency: 'ETH',
      fiat_amount: 10000,
      fiat_currency: 'USD',
      return_url: RETURN_URL,
    }),
  });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as {
    data: { session_id: string; client_secret: string; redirect_url: string };
  };
  const token = new URL(data.redirect_url).searchParams.get('t') ?? '';
  expect(token).not.toBe('');
  return { id: data.session_id, clientSecret: data.client_secret, redirectUrl: data.redirect_url, token };
}

/** What no message may hold: the client secret, the cards' numbers, the checkout's token. */
const secretsOf = (session: Session) => ({
  secrets: [session.clientSecret, CARD_PAYS, CARD_DECLINED],
  token: session.token,
});

/** Every message so far: valid against the schema, in its host's form, nothing secret in it, none from a frame, about this session. */
function expectContract(bridge: BridgeRecorder, session: Session): void {
  expect(bridge.received.length).toBeGreaterThan(0);
  expect(bridge.problems).toEqual([]);
  expect(bridge.fromFrames()).toEqual([]);
  for (const { message } of bridge.received) {
    if ('sessionId' in message) expect(message.sessionId).toBe(session.id);
  }
}

const topMessages = (bridge: BridgeRecorder): Received[] => bridge.received.filter((m) => m.topFrame);

/**
 * The status changes, in order: a chain from `pending` (each `previousStatus` the last `status`) to
 * `outcome`, each step once, after one `ready` for `pending`.
 */
function expectChain(bridge: BridgeRecorder, outcome: string): void {
  const messages = topMessages(bridge).map(({ message }) => message);
  const changes = messages.flatMap((message) => (message.type === 'status-change' ? [message] : []));
  const chain = ['pending', ...changes.map((change) => change.status)];
  changes.forEach((change, i) => expect(change.previousStatus, JSON.stringify(changes)).toBe(chain[i]));
  expect(chain.at(-1)).toBe(outcome);
  expect(new Set(chain).size, `each status once: ${chain.join(' → ')}`).toBe(chain.length);
  expect(messages.filter((message) => message.type === 'ready')).toHaveLength(1);
  expect(messages[0]).toMatchObject({ type: 'ready', status: 'pending' });
}

/** Opens the session's `redirect_url` at the top level and waits for its first `ready`. */
async function openHosted(page: Page, bridge: BridgeRecorder, session: Session): Promise<void> {
  await page.goto(session.redirectUrl);
  await bridge.waitFor('ready', { matches: ({ message }) => message.type === 'ready' && message.status === 'pending' });
}

test.beforeEach(async ({ context }) => {
  // The way back's universal link, as a WebView would load it were the app not installed.
  await context.route('https://wallet.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Wallet</title><p>Wallet</p>' }),
  );
});

for (const kind of NATIVE_HOSTS) {
  test.describe(`with ${kind}'s bridge`, () => {
    test('4242: ready, the status changes and completed with the hash; a reload posts nothing; the explorer link and the way back go to the app', async ({
      page,
      context,
      demo,
      problems,
    }) => {
      void problems;
      const session = await createSession(demo);
      const bridge = await injectBridge(context, kind, secretsOf(session));
      let windows = 0;
      context.on('page', () => (windows += 1));
      await openHosted(page, bridge, session);
      await payWithCard(page, CARD_PAYS);
      const completed = await bridge.waitFor('completed');
      await expect(page.getByRole('heading', { name: 'Crypto delivered' })).toBeVisible();
      const hash = await page.locator('body').getAttribute('data-tx-hash');
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(completed.message).toEqual({
        source: 'onramp-checkout',
        version: 1,
        type: 'completed',
        sessionId: session.id,
        txHash: hash,
      });
      expectChain(bridge, 'completed');

      // A plain reload posts nothing (ready and the outcome were told). The link's open-url, posted
      // after the reloaded page's script ran, shows that everything of that load has arrived.
      const before = bridge.received.length;
      await page.reload();
      await page.locator('[data-tx-link]').click();
      const openUrl = await bridge.waitFor('open-url', { after: before });
      expect(openUrl.message).toEqual({
        source: 'onramp-checkout',
        version: 1,
        type: 'open-url',
        url: `https://sepolia.etherscan.io/tx/${hash}`,
        reason: 'link',
      });
      expect(bridge.types().slice(before)).toEqual(['open-url']);
      expect(bridge.types().filter((type) => type === 'completed')).toEqual(['completed']);

      // "Return now" asks the app to close the view; the page stays, and no window was opened.
      const panel = page.getByRole('region', { name: 'Back to the merchant' });
      await expect(panel.getByRole('button', { name: 'Stay on this page' })).toBeHidden();
      await expect(panel.locator('[data-way-back-note]')).not.toContainText('Returning you');
      await panel.getByRole('link', { name: 'Return now' }).click();
      const close = await bridge.waitFor('close');
      expect(close.message).toEqual({ source: 'onramp-checkout', version: 1, type: 'close', sessionId: session.id });
      expect(new URL(page.url()).origin).toBe(new URL(demo.sandbox.checkoutUrl).origin);
      expect(windows).toBe(0);
      expectContract(bridge, session);
    });

    test('4000 0000 0000 0002 (declined): ready, the change to failed and failed, once', async ({
      page,
      context,
      demo,
      problems,
    }) => {
      void problems;
      const session = await createSession(demo);
      const bridge = await injectBridge(context, kind, secretsOf(session));
      await openHosted(page, bridge, session);
      await payWithCard(page, CARD_DECLINED);
      const failed = await bridge.waitFor('failed');
      expect(failed.message).toEqual({ source: 'onramp-checkout', version: 1, type: 'failed', sessionId: session.id });
      await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
      expectChain(bridge, 'failed');
      // Once per session: after a reload, the back link's close is all that comes.
      const before = bridge.received.length;
      await page.reload();
      await page.locator('[data-back-link]').click();
      await bridge.waitFor('close', { after: before });
      expect(bridge.types().slice(before)).toEqual(['close']);
      expect(bridge.types().filter((type) => type === 'failed')).toEqual(['failed']);
      expect(bridge.types()).not.toContain('completed');
      expect(new URL(page.url()).origin).toBe(new URL(demo.sandbox.checkoutUrl).origin);
      expectContract(bridge, session);
    });
  });
}

test('with a bridge, the way back never leaves by itself: well past the announced delay the page is still there', async ({
  page,
  context,
  demo,
  problems,
}) => {
  void problems;
  const session = await createSession(demo);
  const bridge = await injectBridge(context, 'android', secretsOf(session));
  await page.clock.install();
  await openHosted(page, bridge, session);
  await payWithCard(page, CARD_PAYS);
  // The page polls on its (fake) clock until it shows the delivery.
  await expect(async () => {
    await page.clock.runFor(1_000);
    await expect(page.getByRole('heading', { name: 'Crypto delivered' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await bridge.waitFor('completed');
  await page.clock.runFor(3 * RETURN_DELAY_SECONDS * 1_000);
  await expect(page.getByRole('heading', { name: 'Crypto delivered' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(demo.sandbox.checkoutUrl).origin);
  expect(bridge.types()).not.toContain('close');
  expectContract(bridge, session);
});

test('in a frame, the checkout posts nothing, even with every bridge in every frame', async ({
  page,
  context,
  demo,
  problems,
}) => {
  void problems;
  const bridges = await Promise.all(NATIVE_HOSTS.map((kind) => injectBridge(context, kind, { everyFrame: true })));
  // The shop's widget frames the checkout; the bridges are in its frame too.
  await openCheckout(page, demo, 'embedded');
  await page.locator('onramp-checkout [part~="pay-button"]').click();
  const frame = page.frameLocator('iframe[part=checkout-frame]');
  await expect(frame.getByLabel(/card number/i)).toBeVisible();
  const checkoutFrame = page.frames().find((f) => f.url().startsWith(`${demo.sandbox.checkoutUrl}/pay/`));
  expect(checkoutFrame).toBeDefined();
  // The frame's script has run (it is deferred), with every bridge there to find.
  await checkoutFrame!.waitForLoadState('load');
  expect(
    await checkoutFrame!.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & {
        webkit?: { messageHandlers?: Record<string, unknown> };
      };
      return [!!w.ReactNativeWebView, !!w.webkit?.messageHandlers?.onramp, !!w.OnrampBridge, !!w.flutter_inappwebview];
    }),
    'every bridge is defined in the frame',
  ).toEqual([true, true, true, true]);
  await payWithCard(frame, CARD_PAYS);
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
  // The top page's widget posts to the first bridge it finds (react-native-webview's): the
  // stand-ins work in this page, and what came from the frame is nothing.
  const [reactNative] = bridges;
  await reactNative!.waitFor('completed');
  for (const bridge of bridges) {
    expect(bridge.fromFrames(), bridge.kind).toEqual([]);
    expect(bridge.problems, bridge.kind).toEqual([]);
  }
});
