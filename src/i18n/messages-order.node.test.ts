/**
 * The order form's texts (`messages-order.ts`): every language has every key, with the same
 * `{placeholders}` as English, and no text is empty or left in English by mistake.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from './catalogue.js';
import { ORDER_MESSAGES, orderMessages } from './messages-order.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

test('every language has every key of the order form, with the same placeholders', () => {
  const en = ORDER_MESSAGES.en;
  for (const language of LANGUAGES) {
    const messages = ORDER_MESSAGES[language];
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(en).sort(), language);
    for (const [key, text] of Object.entries(messages)) {
      assert.ok(text.trim(), `${language}.${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(en[key as keyof typeof en]), `${language}.${key}`);
      if (language !== 'en' && key !== 'network')
        assert.notEqual(text, en[key as keyof typeof en], `${language}.${key}`);
    }
  }
});

test('a language without its own texts gets English', () => {
  assert.equal(orderMessages('ja'), ORDER_MESSAGES.en);
  assert.equal(orderMessages('de'), ORDER_MESSAGES.de);
});
