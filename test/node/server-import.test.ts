/** Importing the package on a server (no DOM) must not throw, nor define anything. */
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('importing the entry and the define module in Node touches no window or document', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  const entry = await import('../../src/index.js');
  assert.equal(typeof entry.OnrampCheckout, 'function');
  const define = await import('../../src/define.js');
  assert.equal(define.TAG_NAME, 'onramp-checkout');
  // No customElements registry on a server: defining is a no-op, and calling it again is harmless.
  define.defineOnrampCheckout();
  define.defineOnrampCheckout(undefined);
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
});

test('the React entry imports and server-renders in Node without a DOM', async () => {
  const { OnrampCheckout } = await import('../../src/react.js');
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  // Server rendering gives the bare tag: properties and listeners are set in the browser, none
  // leaks into the HTML as an attribute.
  const html = renderToString(
    createElement(OnrampCheckout, { clientSecret: 'ors_x_secret_y', onOnrampReady: () => {} }),
  );
  assert.equal(html, '<onramp-checkout></onramp-checkout>');
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
});
