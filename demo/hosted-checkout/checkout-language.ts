/**
 * The hosted checkout's language: the catalogue of every language of the registry
 * (src/i18n/languages.ts), loaded once per process from `locales/<code>.ts` (no list here: a new
 * language is its registry entry and its catalogue file, which test/node/catalogues.test.ts
 * requires), and the texts a buyer gets, negotiated as the widget negotiates.
 */
import { LANGUAGES, type LanguageEntry } from '../../src/i18n/languages.js';
import { negotiate } from '../../src/i18n/negotiate.js';
import type { CheckoutKey, CheckoutMessages, PluralText } from './checkout-catalogue.js';
import { pluralForm } from './browser/plural-form.js';
import { SafeHtml, escapeHtml } from './escape.js';
import english from './locales/en.js';

/** A value for a `{placeholder}`: text (escaped in HTML), a number (written in the locale), or markup. */
export type TextValue = string | number | SafeHtml;
export type TextValues = Readonly<Record<string, TextValue>>;

/** The texts of one negotiated language. */
export interface CheckoutTexts {
  /** The catalogue's code (the registry's), whose plural rules the texts follow. */
  readonly code: string;
  /** The buyer's tag (`es-MX`; `en` when none matched): the page's `lang`, and how numbers and dates are written. */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /** The text of `key` with its `{placeholders}` filled; a counting text in the form `values.count` takes. */
  t(key: CheckoutKey, values?: TextValues): string;
  /**
   * The same as HTML: the text escaped (or marked up by `literal`, given each piece of it between
   * placeholders), `SafeHtml` values kept as markup, the others escaped.
   */
  html(key: CheckoutKey, values?: TextValues, literal?: (text: string) => SafeHtml): SafeHtml;
  /** The raw text of `key` (every plural form of a counting text), for the page's script. */
  raw(key: CheckoutKey): string | PluralText;
}

let loading: Promise<ReadonlyMap<string, CheckoutMessages>> | undefined;

/** Every registry language's catalogue by code, imported on the first call (later calls share them). */
export function loadCheckoutCatalogues(): Promise<ReadonlyMap<string, CheckoutMessages>> {
  loading ??= Promise.all(
    LANGUAGES.map(async ({ code }): Promise<[string, CheckoutMessages]> => {
      if (code === 'en') return [code, english];
      const module = (await import(`./locales/${code}.js`)) as { default: CheckoutMessages };
      return [code, module.default];
    }),
  ).then((loaded) => new Map(loaded));
  return loading;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const pluralRulesOf = (code: string): Intl.PluralRules => {
  let rules = pluralRules.get(code);
  if (!rules) pluralRules.set(code, (rules = new Intl.PluralRules(code)));
  return rules;
};
const numberFormatOf = (locale: string): Intl.NumberFormat => {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
};

/** `['Pay ', 'amount', '']`: literal text at even indexes, placeholder names at odd ones. */
const partsOf = (text: string): string[] => text.split(/\{(\w+)\}/);

/** The texts of `catalogue` for `entry`, numbers written for `locale`. */
export function textsOf(catalogue: CheckoutMessages, entry: LanguageEntry, locale: string): CheckoutTexts {
  const { code, dir } = entry;
  const render = <T>(
    key: CheckoutKey,
    values: TextValues,
    literal: (text: string) => T,
    value: (v: TextValue) => T,
  ): T[] =>
    partsOf(pluralForm(catalogue[key], pluralRulesOf(code), values.count) ?? '').map((part, index) => {
      if (index % 2 === 0) return literal(part);
      const found = values[part];
      return found === undefined ? literal(`{${part}}`) : value(found);
    });
  const plain = (v: TextValue): string =>
    typeof v === 'number' ? numberFormatOf(locale).format(v) : v instanceof SafeHtml ? v.value : v;
  return {
    code,
    locale,
    dir,
    t: (key, values = {}) => render(key, values, (text) => text, plain).join(''),
    html: (key, values = {}, literal) =>
      new SafeHtml(
        render(
          key,
          values,
          (text) => (literal ? literal(text).value : escapeHtml(text)),
          (v) => (v instanceof SafeHtml ? v.value : escapeHtml(plain(v))),
        ).join(''),
      ),
    raw: (key) => catalogue[key],
  };
}

const ENGLISH_ENTRY: LanguageEntry = LANGUAGES[0] ?? { code: 'en', name: 'English', dir: 'ltr' };

/** English, at once: for a page that must render even when the catalogues could not be loaded. */
export const englishTexts = (): CheckoutTexts => textsOf(english, ENGLISH_ENTRY, 'en');

/** The texts for a buyer's `tags` (most wanted first), negotiated as the widget does, English last. */
export async function textsFor(tags: readonly string[]): Promise<CheckoutTexts> {
  const catalogues = await loadCheckoutCatalogues();
  const { entry, locale } = negotiate(tags);
  return textsOf(catalogues.get(entry.code) ?? english, entry, locale);
}

/** A `locale` parameter as one canonical BCP 47 tag, or undefined when it is not one. */
export function localeParam(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > 64) return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}
