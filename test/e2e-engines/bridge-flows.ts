/**
 * The native bridge in Safari's engine: the hosted checkout opened at the session's `redirect_url`
 * as a WKWebView app shows it, its message handler `window.webkit.messageHandlers.onramp` defined
 * before the page's scripts in the main frame (webview-proxy.ts stands in for the app's user script,
 * which classic WebDriver cannot add), paid with 4242: `ready` first, then the status changes as a
 * chain from `pending`, and `completed` with the hash the page shows, nothing again on a reload;
 * every message valid against the shipped JSON Schema, posted as an object, with no secret. The
 * same flows in Chromium, with all four hosts, are test/e2e/hosted-checkout-bridge.e2e.ts.
 */
import assert from 'node:assert/strict';
import { newSession } from '../support/widget-page.js';
import { bridgeMessageProblems, type Received } from '../e2e/native-bridges.js';
import { waitFor, type EnginePage } from './driver.js';
import { expectNoProblems, payWithCard, type Flow } from './flows.js';
import { startWebViewProxy, type WebViewProxy } from './webview-proxy.js';

const CARD_PAYS = '4242 4242 4242 4242';

/** The first recorded message of `type`, once the page has recorded it. */
async function waitForMessage(page: EnginePage, proxy: WebViewProxy, type: string): Promise<Received[]> {
  return waitFor(`a ${type} message`, async () => {
    const messages = proxy.recorded(await page.evaluate<unknown>(proxy.readRecord));
    return messages.some(({ message }) => message.type === type) ? messages : undefined;
  });
}

export const BRIDGE_FLOWS: Flow[] = [
  {
    name: 'the hosted checkout in a WKWebView (its message handler stood in for): ready, the status changes and completed for 4242 (a reload: nothing), each a valid message with no secret',
    engines: ['webkit'],
    async run(page, demo) {
      const session = await newSession(demo);
      const proxy = await startWebViewProxy(demo.sandbox.checkoutUrl, 'wkwebview');
      try {
        await page.goto(proxy.through(session.redirect_url));
        const [ready] = await waitForMessage(page, proxy, 'ready');
        assert.deepEqual(ready?.message, {
          source: 'onramp-checkout',
          version: 1,
          type: 'ready',
          sessionId: session.session_id,
          status: 'pending',
        });
        await expectNoProblems(page); // the page is left below (the payment's answer)
        await payWithCard(page, CARD_PAYS);
        const messages = await waitForMessage(page, proxy, 'completed');
        const hash = await waitFor(
          'the hash on the page',
          async () => (await page.evaluate<string | null>(`document.body.getAttribute('data-tx-hash')`)) ?? undefined,
        );
        assert.match(hash, /^0x[0-9a-f]{64}$/);
        assert.deepEqual(messages.find(({ message }) => message.type === 'completed')?.message, {
          source: 'onramp-checkout',
          version: 1,
          type: 'completed',
          sessionId: session.session_id,
          txHash: hash,
        });
        // The status changes: a chain from pending to completed (a busy machine may skip processing).
        const changes = messages.flatMap(({ message }) => (message.type === 'status-change' ? [message] : []));
        const chain = ['pending', ...changes.map((change) => change.status)];
        changes.forEach((change, i) => assert.equal(change.previousStatus, chain[i], JSON.stringify(changes)));
        assert.equal(chain.at(-1), 'completed');
        assert.equal(new Set(chain).size, chain.length, `each status once: ${chain.join(' → ')}`);
        const secrets = {
          secrets: [session.client_secret, CARD_PAYS],
          token: new URL(session.redirect_url).searchParams.get('t') ?? undefined,
        };
        for (const received of messages) {
          assert.deepEqual(bridgeMessageProblems(received, secrets), [], received.raw);
          assert.ok(received.topFrame);
        }
        // A reload posts nothing (ready and the outcome were told): the page's deferred script has
        // run once the load is over, and the record is as it was.
        await page.goto(proxy.through(session.redirect_url));
        assert.equal(await page.evaluate<string | null>(`document.body.getAttribute('data-status')`), 'completed');
        const again = proxy.recorded(await page.evaluate<unknown>(proxy.readRecord));
        assert.deepEqual(
          again.map(({ message }) => message.type),
          messages.map(({ message }) => message.type),
        );
        await expectNoProblems(page);
      } finally {
        await proxy.close();
      }
    },
  },
];
