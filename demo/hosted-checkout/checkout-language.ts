/**
 * The hosted checkout's language: the catalogue of every language of the registry
 * (src/i18n/languages.ts), loaded once per process from `locales/<code>.ts` (no list here: a new
 * language is its registry entry and its catalogue file), and the texts a buyer gets. A language
 * whose file is missing speaks English, and negotiation passes it by for the buyer's next choice
 * (`es-MX` gets Latin American Spanish, else Spain's, else the buyer's next tag, English last).
 */
import { LANGUAGES, type LanguageEntry, languageEntry } from '../../src/i18n/languages.js';
import { negotiate } from '../../src/i18n/negotiate.js';
import type { CheckoutKey, CheckoutMessages, PluralText } from './checkout-messages.js';
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

export interface Catalogues {
  /** Every registry code's catalogue: its own, or English when its file is missing. */
  readonly byCode: ReadonlyMap<string, CheckoutMessages>;
  /** The codes whose own catalogue exists (English's always). */
  readonly served: ReadonlySet<string>;
}

let loading: Promise<Catalogues> | undefined;

/** Every registry language's catalogue, imported on the first call (later calls share them). */
export function loadCheckoutCatalogues(): Promise<Catalogues> {
  loading ??= Promise.all(
    LANGUAGES.map(async (entry) => [entry.code, await importCatalogue(entry.code)] as const),
  ).then((loaded) => {
    const byCode = new Map<string, CheckoutMessages>();
    const served = new Set<string>();
    for (const [code, catalogue] of loaded) {
      byCode.set(code, catalogue ?? english);
      if (catalogue) served.add(code);
    }
    return { byCode, served };
  });
  return loading;
}

/** Whether an import failed because the catalogue file itself is missing (not something it imports). */
function isMissing(error: unknown, code: string): boolean {
  const { code: errorCode, url, message } = (error ?? {}) as { code?: unknown; url?: unknown; message?: unknown };
  if (errorCode !== 'ERR_MODULE_NOT_FOUND') return false;
  const file = `/locales/${code}.`;
  return typeof url === 'string' ? url.includes(file) : String(message).includes(file);
}

async function importCatalogue(code: string): Promise<CheckoutMessages | undefined> {
  if (code === 'en') return english;
  try {
    const module = (await import(`./locales/${code}.js`)) as { default?: Partial<CheckoutMessages> };
    // A text the catalogue lacks is English (the catalogue test reports it).
    return { ...english, ...module.default };
  } catch (error) {
    if (isMissing(error, code)) return undefined;
    throw error;
  }
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

/** The form of a text: a counting text's by `Intl.PluralRules(code)` (`other` without a count or a form). */
export function formOf(text: string | PluralText, code: string, count: unknown): string {
  if (typeof text === 'string') return text;
  const category = typeof count === 'number' ? pluralRulesOf(code).select(count) : 'other';
  return text[category] ?? text.other;
}

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
    partsOf(formOf(catalogue[key], code, values.count)).map((part, index) => {
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

/**
 * The texts for a buyer's `tags` (most wanted first): the first language served by a catalogue
 * file (negotiate's rules, among the languages whose file exists), English last.
 */
export async function textsFor(tags: readonly string[]): Promise<CheckoutTexts> {
  const { byCode, served } = await loadCheckoutCatalogues();
  let { entry, locale } = negotiate(tags, [...served]);
  if (!served.has(entry.code)) {
    // A bare language allows its regional siblings (`es` allows `es-419`): that file missing, the base language's.
    const base = languageEntry(entry.code.split('-')[0] ?? '');
    if (base && served.has(base.code)) entry = base;
    else [entry, locale] = [ENGLISH_ENTRY, 'en'];
  }
  return textsOf(byCode.get(entry.code) ?? english, entry, locale);
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
