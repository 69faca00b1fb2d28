/**
 * A server that has loaded another copy of the element before the renderer (Next.js bundles client
 * components apart from server components, so `onramp-checkout/define` in a client component is a
 * second copy in the same process): the renderer still writes the whole element. Its own file, so
 * the registry of this process starts with the other copy.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LitElement } from 'lit';
import { createdSession, PK } from '../support/fake-onramp-api.js';

const MIN = 60_000;

test("another class registered under the tag first: the renderer still writes the shadow root, in the buyer's language", async () => {
  class AnotherCopy extends LitElement {}
  customElements.define('onramp-checkout', AnotherCopy);
  const { renderOnrampCheckout } = await import('../../src/ssr/render-onramp-checkout.js');
  const session = {
    ...createdSession(),
    expires_at: new Date(Date.now() + 30 * MIN).toISOString(),
    quote_expires_at: new Date(Date.now() + 5 * MIN).toISOString(),
  };
  const html = await renderOnrampCheckout({ session, publishableKey: PK, locale: 'de-DE' });
  assert.equal(customElements.get('onramp-checkout'), AnotherCopy);
  assert.match(html, /^<onramp-checkout [^>]*status="pending"[^>]*><template shadowroot="open" shadowrootmode="open">/);
  assert.match(html, /part="crypto-amount"/);
  assert.match(html, /Gebühren/);
});
