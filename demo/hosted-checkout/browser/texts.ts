/**
 * The texts this script writes, in the page's language: the server puts them, with the language,
 * in a JSON data block (`<script type="application/json" id="checkout-texts">`, page.ts), which the
 * page's CSP lets be since it never runs. A counting text has a form per plural category, chosen
 * by `Intl.PluralRules` of the catalogue's language; `{placeholders}` are filled as the server
 * fills them (numbers in the page's locale). Without the block (a page that has no use for it),
 * `text` answers null and the script leaves the page's words as they are.
 */

import { pluralForm, type CheckoutText as Text } from './plural-form.js';

interface TextsBlock {
  code?: unknown;
  locale?: unknown;
  dir?: unknown;
  texts?: unknown;
}

export interface PageTexts {
  /** `key` with its `{placeholders}` filled from `values` (`count` chooses a counting text's form); null when the page has none. */
  text(key: string, values?: Readonly<Record<string, string | number>>): string | null;
  /** A value that reads left to right (a host name), isolated as such on a right-to-left page. */
  ltr(value: string): string;
}

/** The page's texts, from its data block. */
export function pageTexts(): PageTexts {
  let block: TextsBlock = {};
  try {
    const element = document.getElementById('checkout-texts');
    if (element?.textContent) block = (JSON.parse(element.textContent) as TextsBlock | null) ?? {};
  } catch {
    /* an unreadable block: the page's own words stay */
  }
  const texts = (typeof block.texts === 'object' && block.texts ? block.texts : {}) as Record<string, Text | undefined>;
  const code = typeof block.code === 'string' ? block.code : 'en';
  const locale = typeof block.locale === 'string' ? block.locale : code;
  const rtl = block.dir === 'rtl';
  let plurals: Intl.PluralRules | null = null;
  let numbers: Intl.NumberFormat | null = null;
  try {
    plurals = new Intl.PluralRules(code);
    numbers = new Intl.NumberFormat(locale);
  } catch {
    /* an old browser: the `other` form, digits as they are */
  }
  return {
    text(key, values = {}) {
      const text = texts[key];
      const form = text === undefined ? undefined : pluralForm(text, plurals, values.count);
      if (typeof form !== 'string') return null;
      return form.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = values[name];
        if (value === undefined) return whole;
        return typeof value === 'number' && numbers ? numbers.format(value) : String(value);
      });
    },
    // U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE.
    ltr: (value) => (rtl ? `\u2066${value}\u2069` : value),
  };
}
