/**
 * The hosted checkout's script (/assets/checkout.js) is the TypeScript of demo/hosted-checkout/browser/
 * bundled, and what it posts is what the widget reads: run in a stand-in page, each message it
 * posts passes the widget's own reader (`checkoutMessageSchema`), at the approved origin only.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { checkoutMessageSchema } from '../../src/contract/read/checkout-hints.js';
import {
  CHECKOUT_MAX_HEIGHT,
  CHECKOUT_MESSAGE_SOURCE,
  EMBED_ORIGIN_PARAM,
} from '../../src/contract/checkout-protocol.js';
import { checkoutScript } from '../../demo/hosted-checkout/script.js';

const SESSION_ID = 'ors_abcdefghijklmnop1234';
const MERCHANT = 'https://shop.example';

interface Posted {
  message: unknown;
  origin: string;
}

/**
 * Runs the script in a page stand-in: framed in a merchant's page, the card form shown, the body
 * `height` CSS pixels tall. Returns what it posted and a way to submit the form.
 */
function runFramed(attributes: Record<string, string>, height: number) {
  const posted: Posted[] = [];
  const listeners = new Map<string, () => void>();
  const element = (attrs: Record<string, string> = {}) => ({
    getAttribute: (name: string) => attrs[name] ?? null,
    setAttribute: () => undefined,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    querySelector: () => null,
    getBoundingClientRect: () => ({ height }),
  });
  const form = element();
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  const window = { parent, opener: null, setInterval: () => 1, clearInterval: () => undefined };
  const document = {
    body: element({ 'data-status': 'pending', 'data-surface': 'frame', ...attributes }),
    hidden: false,
    getElementById: () => null,
    querySelector: (selector: string) => (selector === '[data-pay-form]' ? form : null),
    querySelectorAll: () => [],
  };
  runInNewContext(checkoutScript(), { window, document });
  return {
    /** Each message as the merchant's page receives it (a structured clone: plain data). */
    messages: () =>
      posted.map(({ message, origin }) => ({ message: JSON.parse(JSON.stringify(message)) as unknown, origin })),
    submit: () => listeners.get('submit')?.(),
  };
}

describe('the hosted checkout script', () => {
  it('is bundled from the TypeScript of browser/ and the contract, with the message source written once', () => {
    const script = checkoutScript();
    const sources = readdirSync(new URL('../../demo/hosted-checkout/browser/', import.meta.url));
    assert.ok(sources.includes('checkout.ts'));
    for (const file of sources) assert.ok(script.includes(`// demo/hosted-checkout/browser/${file}`), file);
    assert.ok(script.includes('// src/contract/checkout-protocol.ts'));
    assert.equal(script.split(JSON.stringify(CHECKOUT_MESSAGE_SOURCE)).length - 1, 1, 'one literal: the constant');
    assert.ok(!/\bimport\b|\bexport\b/.test(script), 'a classic script, no module syntax');
    assert.ok(!script.includes('zod'), 'no zod in the page');
    assert.equal(checkoutScript(), script, 'built once');
  });

  it("posts ready, resize and submitted that the widget's reader accepts, to the approved origin only", () => {
    const page = runFramed({ 'data-session-id': SESSION_ID, 'data-embed-origin': MERCHANT }, 321.4);
    page.submit();
    const messages = page.messages();
    assert.deepEqual(
      messages.map(({ message }) => message),
      [
        { source: CHECKOUT_MESSAGE_SOURCE, type: 'ready', session_id: SESSION_ID },
        { source: CHECKOUT_MESSAGE_SOURCE, type: 'resize', session_id: SESSION_ID, height: 322 },
        { source: CHECKOUT_MESSAGE_SOURCE, type: 'submitted', session_id: SESSION_ID },
      ],
    );
    for (const { message, origin } of messages) {
      assert.equal(origin, MERCHANT);
      const read = checkoutMessageSchema.safeParse(message);
      assert.ok(read.success, JSON.stringify(message));
      assert.deepEqual(read.data, message);
    }
  });

  it('reports at most the largest height the widget accepts', () => {
    const page = runFramed({ 'data-session-id': SESSION_ID, 'data-embed-origin': MERCHANT }, 123_456);
    const resize = page.messages().find(({ message }) => (message as { type?: string }).type === 'resize');
    assert.deepEqual(resize?.message, {
      source: CHECKOUT_MESSAGE_SOURCE,
      type: 'resize',
      session_id: SESSION_ID,
      height: CHECKOUT_MAX_HEIGHT,
    });
    assert.ok(checkoutMessageSchema.safeParse(resize.message).success);
  });

  it(`posts nothing without an approved origin (no ${EMBED_ORIGIN_PARAM} data attribute)`, () => {
    const page = runFramed({ 'data-session-id': SESSION_ID }, 300);
    page.submit();
    assert.deepEqual(page.messages(), []);
  });
});
