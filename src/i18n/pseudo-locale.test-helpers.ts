/**
 * The pseudo-locale `en-XA` for layout checks: every English text accented and 40 % longer, its
 * `{placeholders}` kept, so a label that only fits in English shows up clipped or overflowing at
 * 320 px before a real language does. Tests and screenshots provide it as a data block would
 * (`provideMessages`); it is no language of the registry and never ships.
 */
import { englishCatalogue } from '../../scripts/i18n/english-catalogue.js';
import type { Catalogue } from './catalogue-shape.js';

export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from('aeiouyAEIOUYcnsCNSgz', (letter, index) => [letter, Array.from('àéîõüýÀÉÎÕÜÝçñšÇÑŠğž')[index] ?? letter]),
);

/** One text, pseudo-localised: accented outside placeholders, padded to 140 % of its length. */
export function pseudoText(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part, index) => (index % 2 ? part : Array.from(part, (char) => ACCENTED[char] ?? char).join('')))
    .join('');
  const extra = Math.ceil(text.replace(/\{\w+\}/g, '').length * 0.4);
  // Padding as words, so the text can wrap where a real language's would.
  const padding = Array.from({ length: extra }, (_, index) => (index % 6 === 5 ? ' ' : 'ẋ')).join('');
  return `${accented} ${padding}`.trimEnd();
}

export const pseudoCatalogue = (): Catalogue =>
  Object.fromEntries(Object.entries(englishCatalogue).map(([key, text]) => [key, pseudoText(text)])) as Catalogue;
