/**
 * The main flows, written once for every engine driven here (Firefox, WebKit): amount first on the
 * shop (an amount typed, the price following, USDC on polygon, Continue, paid), the script-tag page,
 * paying in the embedded checkout (paid and declined), popup mode, the redirect round trip (out to
 * the hosted checkout and back to the order), the strict CSP, and a page whose own CSP leaves out
 * the API (the link to the hosted page, paid there) or the checkout frame (a popup), issue #32.
 * Each waits on conditions in the page, never on time, and ends with no uncaught error and no CSP
 * violation recorded (the pages whose CSP is made to refuse something: that refusal only).
 */
import assert from 'node:assert/strict';
import { contentSecurityPolicy } from '../../demo/shop/server/csp.js';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import type { CreatedSession } from '../../src/contract/write/session.js';
import type { Engine } from '../engines/engines.mjs';
import { startPageServer } from '../support/page-server.js';
import {
  attributesFor,
  checkoutOriginOf,
  merchantServer,
  newSession,
  serveWidgetFiles,
  serveWidgetPage,
} from '../support/widget-page.js';
import { waitFor, type EnginePage, type Surface } from './driver.js';

const PAY_BUTTON = ['onramp-checkout', '[part~="pay-button"]'] as const;
const status = `document.querySelector('onramp-checkout')?.getAttribute('status') ?? null`;
const partText = (name: string) =>
  `document.querySelector('onramp-checkout')?.shadowRoot?.querySelector('[part~="${name}"]')?.textContent ?? ''`;
const eventLog = `document.getElementById('event-log')?.textContent ?? ''`;

async function waitForStatus(page: EnginePage, expected: string): Promise<void> {
  await waitFor(`status="${expected}"`, async () => (await page.evaluate<string | null>(status)) === expected);
}

async function waitForText(page: EnginePage, expression: string, pattern: RegExp, what: string): Promise<string> {
  return waitFor(`${what} to match ${pattern}`, async () => {
    const text = await page.evaluate<string>(expression);
    return pattern.test(text) ? text : undefined;
  });
}

export async function expectNoProblems(page: EnginePage): Promise<void> {
  assert.deepEqual(await page.problems(), { errors: [], cspViolations: [] }, 'no uncaught error, no CSP violation');
}

/** No uncaught error, and the CSP refused only what the page's policy is made to refuse (`directive`). */
async function expectOnlyRefusal(page: EnginePage, directive: string): Promise<void> {
  const { errors, cspViolations } = await page.problems();
  assert.deepEqual(errors, [], 'no uncaught error');
  assert.deepEqual(
    cspViolations.filter((line) => !line.startsWith(`${directive} `)),
    [],
    `only ${directive} refused`,
  );
}

/** Fills the hosted checkout's card form (in a frame, a popup or the page itself) and pays. */
export async function payWithCard(target: Surface, card: string): Promise<void> {
  await target.type('#card_number', card);
  await target.type('#card_expiry', '12/34');
  await target.type('#card_cvc', '123');
  await target.click('[data-pay-button]');
}

/** The demo shop (amount first): the checkout mode chosen, "Continue" in the card's order form as it starts, the session's quote. */
async function openCheckout(page: EnginePage, demo: DemoHandle, mode: 'embedded' | 'popup'): Promise<void> {
  await page.goto(`${demo.url}/`);
  await page.select('select[name="mode"]', mode);
  // The first price settles the form's layout: a click aimed before it lands where Continue was.
  await waitForText(page, partText('crypto-amount'), /\d ETH/, 'the first price');
  await page.clickIn(['onramp-checkout', '[part~="continue-button"]']);
  await waitForStatus(page, 'pending');
}

async function payEmbedded(page: EnginePage, demo: DemoHandle, card: string): Promise<void> {
  await openCheckout(page, demo, 'embedded');
  await page.clickIn(PAY_BUTTON);
  await page.inFrame(`${demo.sandbox.checkoutUrl}/pay/`, (frame) => payWithCard(frame, card));
}

/** The detail of the first `type` event with `code` that the page's recorder kept (test/support/widget-page.ts). */
async function waitForEvent(page: EnginePage, type: string, code: string): Promise<{ cause?: string; fix?: string }> {
  type Recorded = { type: string; detail: { code?: string; cause?: string; fix?: string } }[];
  return waitFor(
    `an ${type} ${code}`,
    async () =>
      (await page.evaluate<Recorded>('window.__events || []')).find(
        (event) => event.type === type && event.detail.code === code,
      )?.detail,
  );
}

/**
 * The element of `session` on a page of its own under `csp` (the demo's strict policy with the API or
 * the checkout left out), served by a page server that lives as long as `act`.
 */
async function onPageWithPolicy(
  page: EnginePage,
  demo: DemoHandle,
  csp: (api: string, checkout: string) => string,
  act: (session: CreatedSession) => Promise<void>,
): Promise<void> {
  const pages = await startPageServer();
  try {
    serveWidgetFiles(pages);
    const session = await newSession(demo);
    const policy = csp(new URL(demo.sandbox.apiUrl).origin, checkoutOriginOf(demo));
    await page.goto(serveWidgetPage(pages, '/', { attributes: attributesFor(demo, session, 'test'), csp: policy }));
    await act(session);
  } finally {
    await pages.close();
  }
}

/** The session's status as the merchant's server reads it. */
const serverStatus = async (demo: DemoHandle, sessionId: string): Promise<string> =>
  (await merchantServer(demo).sessions.retrieve(sessionId)).status;

export interface Flow {
  name: string;
  /** The engines it runs in, when not every one. */
  engines?: readonly Engine[];
  run(page: EnginePage, demo: DemoHandle): Promise<void>;
}

/** A part of the card, as a path of selectors for the driver. */
const inCard = (name: string) => ['onramp-checkout', `[part~="${name}"]`] as const;
const sameCard = `document.querySelectorAll('onramp-checkout').length === 1 && document.querySelector('onramp-checkout') === window.__firstCard`;

export const FLOWS: Flow[] = [
  {
    name: 'amount first on the shop: an amount typed, the price follows within a second, USDC on polygon, Continue, 4242: completed in one card',
    async run(page, demo) {
      await page.goto(`${demo.url}/`);
      await waitForText(page, partText('crypto-amount'), /\d ETH/, 'the first price');
      assert.equal(
        await page.evaluate<boolean>(`(window.__firstCard = document.querySelector('onramp-checkout'), true)`),
        true,
      );
      await page.select(inCard('crypto-select'), 'USDC');
      await page.select(inCard('network-select'), 'polygon');
      // 100.00 USD of USDC: about 96 USDC once the fees are taken.
      await waitForText(page, partText('crypto-amount'), /≈ \d{2}(\.\d+)? USDC/, 'the price in USDC');
      await page.evaluate(
        `(() => { const input = document.querySelector('onramp-checkout').shadowRoot.querySelector('[part~="amount-input"]'); input.value = ''; input.dispatchEvent(new Event('input', { bubbles: true, composed: true })); return true; })()`,
      );
      await page.typeIn(inCard('amount-input'), '250');
      const stopped = Date.now();
      // 250.00 USD of USDC: over 200 USDC, whatever the fees and the rate's drift.
      await waitForText(page, partText('crypto-amount'), /≈ 2\d\d(\.\d+)? USDC/, 'the price of 250.00');
      const followed = Date.now() - stopped;
      assert.ok(followed <= 1_000, `the price followed ${followed} ms after the last keystroke`);
      await page.clickIn(inCard('continue-button'));
      await waitForStatus(page, 'pending');
      assert.equal(
        await page.evaluate<boolean>(sameCard),
        true,
        'one card: the form’s element goes on with the session',
      );
      await waitForText(page, partText('crypto-amount'), /USDC/, 'the session in USDC');
      await page.clickIn(PAY_BUTTON);
      await page.inFrame(`${demo.sandbox.checkoutUrl}/pay/`, (frame) => payWithCard(frame, '4242 4242 4242 4242'));
      await waitForStatus(page, 'completed');
      assert.equal(await page.evaluate<boolean>(sameCard), true, 'one card to the end');
      const sessionId = await page.evaluate<string>(
        `document.querySelector('onramp-checkout').clientSecret.split('_secret_')[0]`,
      );
      const session = await merchantServer(demo).sessions.retrieve(sessionId);
      assert.equal(session.crypto_currency, 'USDC');
      assert.equal(session.network, 'polygon');
      assert.equal(session.fiat_amount, 25_000);
      await expectNoProblems(page);
    },
  },
  {
    name: 'the script-tag page shows the quote, and its event log knows the current status',
    async run(page, demo) {
      await page.goto(`${demo.url}/demo/script-tag`);
      await waitForStatus(page, 'pending');
      await waitForText(page, partText('crypto-amount'), /ETH/, 'the crypto amount');
      await waitForText(page, partText('fees'), /Total fees/, 'the fees');
      // Whether the log module ran before or after the widget's first events, it shows the status.
      await waitForText(page, eventLog, /pending/, 'the event log');
      await expectNoProblems(page);
    },
  },
  {
    name: 'Pay in the embedded checkout with 4242 4242 4242 4242 reaches completed',
    async run(page, demo) {
      await payEmbedded(page, demo, '4242 4242 4242 4242');
      await waitForStatus(page, 'completed');
      await waitForText(page, partText('result'), /Purchase complete/, 'the result');
      await waitForText(page, eventLog, /onramp-completed/, 'the event log');
      await expectNoProblems(page);
    },
  },
  {
    name: 'a declined card (4000 0000 0000 0002) reaches failed',
    async run(page, demo) {
      await payEmbedded(page, demo, '4000 0000 0000 0002');
      await waitForStatus(page, 'failed');
      await waitForText(page, partText('result'), /start a new purchase/, 'the result');
      await waitForText(page, eventLog, /onramp-failed/, 'the event log');
      await expectNoProblems(page);
    },
  },
  {
    name: 'popup mode pays in a real popup opened by the click',
    async run(page, demo) {
      await openCheckout(page, demo, 'popup');
      await page.inPopup(
        () => page.clickIn(PAY_BUTTON),
        `${demo.sandbox.checkoutUrl}/pay/`,
        (popup) => payWithCard(popup, '4242 4242 4242 4242'),
      );
      await waitForStatus(page, 'completed');
      assert.doesNotMatch(await page.evaluate<string>(eventLog), /onramp-fallback/, 'no fallback: the popup opened');
      await expectNoProblems(page);
    },
  },
  {
    name: 'redirect mode: the hosted checkout takes the payment and brings the buyer back to the order, also after a reload',
    async run(page, demo) {
      await page.goto(`${demo.url}/demo/redirect`);
      await waitForStatus(page, 'pending');
      await expectNoProblems(page); // this page is left below
      const secret = await page.evaluate<string>(`document.querySelector('onramp-checkout').clientSecret`);
      const sessionId = secret.slice(0, secret.indexOf('_secret_'));
      await page.clickIn(PAY_BUTTON);
      await waitFor('the hosted checkout page', async () =>
        (await page.url()).startsWith(`${demo.sandbox.checkoutUrl}/pay/`),
      );
      await payWithCard(page, '4242 4242 4242 4242');
      await waitForText(page, 'document.body.textContent', /Returning you to/, 'the announced return');
      // Back by itself, to the page that made the session, with the order's id (a hint of its status).
      const back = await waitFor('the way back', async () => {
        const url = new URL(await page.url());
        return url.href.startsWith(`${demo.url}/demo/redirect?`) ? url : undefined;
      });
      assert.equal(back.searchParams.get('onramp_session_id'), sessionId);
      assert.doesNotMatch(back.href, /_secret_|[?&]t=/);
      await waitForStatus(page, 'completed');
      assert.equal(await page.evaluate<string>(`document.querySelector('onramp-checkout').clientSecret`), secret);
      await page.goto(back.href);
      await waitForStatus(page, 'completed');
      await expectNoProblems(page);
    },
  },
  {
    name: 'the shop page under the strict CSP: no violation, and a violation would be seen',
    async run(page, demo) {
      const policy = (await fetch(`${demo.url}/`)).headers.get('content-security-policy') ?? '';
      for (const directive of [
        "script-src 'self'",
        "style-src 'self'",
        "require-trusted-types-for 'script'",
        'trusted-types lit-html',
      ]) {
        assert.ok(policy.includes(directive), `the page's CSP has ${directive}: ${policy}`);
      }
      await openCheckout(page, demo, 'embedded');
      await page.clickIn(PAY_BUTTON);
      await page.inFrame(`${demo.sandbox.checkoutUrl}/pay/`, async () => {});
      await expectNoProblems(page);
      // The recorder works in this engine: an image from an origin the policy does not allow is refused
      // (before any request) and recorded.
      await page.evaluate(
        `void document.body.append(Object.assign(document.createElement('img'), { src: 'https://not-allowed.invalid/pixel.png' }))`,
      );
      const seen = await waitFor('the img-src violation to be recorded', async () => {
        const { cspViolations } = await page.problems();
        return cspViolations.length > 0 ? cspViolations : undefined;
      });
      assert.deepEqual(
        seen.map((line) => line.split(' ')[0]),
        ['img-src'],
      );
    },
  },
  {
    name: "the page's CSP leaves the API out of connect-src: CSP_CONNECT_SRC naming it, the hosted page's link within 12 s, paid there",
    async run(page, demo) {
      const opened = Date.now();
      await onPageWithPolicy(
        page,
        demo,
        (_api, checkout) => contentSecurityPolicy('', checkout),
        async (session) => {
          const link = `document.querySelector('onramp-checkout')?.shadowRoot?.querySelector('[part~="fallback-link"]')?.getAttribute('href') ?? null`;
          const href = await waitFor(
            'the link to the hosted page',
            async () => (await page.evaluate<string | null>(link)) ?? undefined,
          );
          assert.ok(Date.now() - opened <= 12_000, `the link after ${Date.now() - opened} ms`);
          assert.equal(href, session.redirect_url);
          const error = await waitForEvent(page, 'onramp-error', 'CSP_CONNECT_SRC');
          assert.equal(
            error.fix,
            `Add ${new URL(demo.sandbox.apiUrl).origin} to the connect-src directive of the page's Content-Security-Policy.`,
          );
          await page.inPopup(
            () => page.clickIn(['onramp-checkout', '[part~="fallback-link"]']),
            session.redirect_url,
            (hosted) => payWithCard(hosted, '4242 4242 4242 4242'),
          );
          await waitFor('the payment, as the API reports it', async () =>
            ['processing', 'completed'].includes(await serverStatus(demo, session.session_id)),
          );
          await expectOnlyRefusal(page, 'connect-src');
        },
      );
    },
  },
  {
    name: "the page's CSP has frame-src 'none': Pay opens a popup, CSP_FRAME_SRC names the checkout origin, the popup pays",
    async run(page, demo) {
      await onPageWithPolicy(
        page,
        demo,
        (api) => contentSecurityPolicy(api, "'none'"),
        async () => {
          await waitForStatus(page, 'pending');
          await page.inPopup(
            () => page.clickIn(PAY_BUTTON),
            `${demo.sandbox.checkoutUrl}/pay/`,
            (popup) => payWithCard(popup, '4242 4242 4242 4242'),
          );
          const warning = await waitForEvent(page, 'onramp-warning', 'CSP_FRAME_SRC');
          assert.equal(
            warning.fix,
            `Add ${checkoutOriginOf(demo)} to the frame-src directive of the page's Content-Security-Policy.`,
          );
          await waitForStatus(page, 'completed');
          await expectOnlyRefusal(page, 'frame-src');
        },
      );
    },
  },
];
