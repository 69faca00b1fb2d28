/**
 * The hosted checkout's texts as a page shows them, for the language tests
 * (test/node/hosted-checkout-language.test.ts): which catalogues exist, a catalogue's texts, and
 * whether a page shows a catalogue's texts and no English.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { CheckoutMessages, PluralText } from '../../../demo/hosted-checkout/checkout-catalogue.js';
import { escapeHtml } from '../../../demo/hosted-checkout/escape.js';
import english from '../../../demo/hosted-checkout/locales/en.js';

export type Key = keyof CheckoutMessages;
export type Catalogue = Record<Key, string | PluralText>;

export const hasCatalogue = (code: string): boolean =>
  existsSync(new URL(`../../../demo/hosted-checkout/locales/${code}.ts`, import.meta.url));

export async function catalogueOf(code: string): Promise<Catalogue> {
  if (code === 'en') return english;
  const module = (await import(`../../../demo/hosted-checkout/locales/${code}.js`)) as { default: Catalogue };
  return module.default;
}

/** Every form of a text (one, or one per plural category). */
export const formsOf = (text: string | PluralText): string[] =>
  typeof text === 'string' ? [text] : Object.values(text).filter((form): form is string => typeof form === 'string');

/** The pieces of a text between its `{placeholders}`, trimmed, the arrow of the back link aside. */
export const piecesOf = (text: string | PluralText): string[] =>
  formsOf(text)
    .flatMap((form) => form.split(/\{\w+\}/))
    .map((piece) => piece.replace(/[←→]/g, '').trim())
    .filter(Boolean);

export const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The page as a reader sees its characters (entities decoded, the JSON block's escapes too). */
export const decoded = (page: string): string =>
  page
    .replace(/\\u([\da-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(
      /&(amp|lt|gt|quot|#39|#96);/g,
      (entity) =>
        ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#96;': '`' })[entity] ?? entity,
    );

/** Asserts the page shows each of `keys` as `catalogue` writes it. */
export function assertShows(page: string, catalogue: Catalogue, keys: readonly Key[], what: string): void {
  for (const key of keys)
    for (const piece of piecesOf(catalogue[key]))
      assert.ok(page.includes(escapeHtml(piece)), `${what}: "${piece}" (${key}) is not on the page`);
}

/**
 * Asserts no English text of more than one word is on the page, but where the catalogue keeps that
 * English itself (a borrowed phrase, a code).
 */
export function assertNoEnglish(page: string, catalogue: Catalogue, what: string): void {
  const own = Object.values<string | PluralText>(catalogue).flatMap(formsOf).join('\n');
  const text = decoded(page);
  for (const [key, value] of Object.entries(english) as [Key, string | PluralText][])
    for (const piece of piecesOf(value))
      if (words(piece) > 1 && !own.includes(piece))
        assert.ok(!text.includes(piece), `${what}: the English "${piece}" (${key}) is on the page`);
}
