/**
 * Which of the registry's languages a buyer gets: the first of their tags (the `locale` attribute,
 * else `navigator.languages`; on the hosted checkout its `locale` query, else `Accept-Language`)
 * that a catalogue serves, tried exact and then by script or region (`pt-BR` → Brazilian
 * Portuguese, `zh-HK`/`zh-TW`/`zh-Hant` → Traditional Chinese, `es-MX`/`es-419` → Latin American
 * Spanish, `de-AT` → German), among the languages the merchant allows; English last.
 */
import { LANGUAGES, languageEntry, type LanguageEntry } from './languages.js';

export interface Negotiated {
  readonly entry: LanguageEntry;
  /** The tag numbers, money and dates are formatted with: the buyer's own (`es-MX`), `en` when none matched. */
  readonly locale: string;
}

const canonical = (tag: string): Intl.Locale | undefined => {
  try {
    return new Intl.Locale(Intl.getCanonicalLocales(tag.trim())[0] ?? '');
  } catch {
    return undefined;
  }
};

/** Old or macro codes the registry files under another: Norwegian, Tagalog, Hebrew's and Indonesian's old codes. */
const ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb', tl: 'fil', iw: 'he', in: 'id' };
/** Regions whose Spanish is Spain's; any other region gets Latin American Spanish. */
const SPAIN = new Set(['ES', 'EA', 'IC', 'GQ']);
const TRADITIONAL = new Set(['TW', 'HK', 'MO']);

/** The catalogue codes that serve a tag, best first (a sibling when the best is not allowed). */
function candidates(locale: Intl.Locale): string[] {
  const language = ALIASES[locale.language] ?? locale.language;
  const region = locale.region ?? '';
  switch (language) {
    case 'zh':
      return locale.script === 'Hant' || (!locale.script && TRADITIONAL.has(region)) ? ['zh-Hant'] : ['zh-Hans'];
    case 'pt':
      return region === '' || region === 'BR' ? ['pt-BR', 'pt-PT'] : ['pt-PT', 'pt-BR'];
    case 'es':
      return region === '' || SPAIN.has(region) ? ['es', 'es-419'] : ['es-419', 'es'];
    default:
      return [language];
  }
}

/** Whether the merchant's list (codes or bare languages, `pt` allowing both Portuguese) allows a code. */
const allows = (allowed: readonly string[] | undefined, code: string): boolean =>
  !allowed ||
  code === 'en' ||
  allowed.some((item) => item.toLowerCase() === code.toLowerCase() || item.toLowerCase() === code.split('-')[0]);

/**
 * The language for `tags` (most wanted first), restricted to `allowed` when given; English, with
 * `en` as its locale, when no tag is served.
 */
export function negotiate(tags: readonly string[], allowed?: readonly string[]): Negotiated {
  for (const tag of tags) {
    const locale = canonical(tag);
    if (!locale) continue;
    for (const code of candidates(locale)) {
      const entry = languageEntry(code);
      if (entry && allows(allowed, code)) return { entry, locale: locale.toString() };
    }
  }
  // The registry's first entry is English.
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a literal, non-empty list
  return { entry: LANGUAGES[0]!, locale: 'en' };
}

/** The tags of an `Accept-Language` header, by their `q` (highest first; `*` and `q=0` dropped). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
    .slice(0, 16);
}
