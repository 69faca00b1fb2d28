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
