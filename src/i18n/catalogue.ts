/**
 * The message catalogues: English is built in; German, French, Spanish and Arabic are loaded when
 * first needed (see `locale-loaders.ts`), so a page in English does not carry the other languages.
 */
import * as z from 'zod/mini';
import { anyString, fields } from '../contract/read/kinds.js';
import { LOCALE_LOADERS } from './locale-loaders.js';
import { english as en, SCREEN_MESSAGE_KEYS, type MessageKey, type Messages } from './messages.js';
import { ownValue } from '../format/own-value.js';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A loaded catalogue: a string for every key of the first paint's English one (the schema built on
 * first use), and its other strings as they are (the screens' texts, checked by `hasScreenTexts` in
 * the `later` part, which falls back to English for any missing: their keys cost the script-tag
 * file bytes).
 */
let catalogueSchema: z.ZodMiniType<Messages> | undefined;
const parseCatalogue = (data: unknown): Messages => ({
  ...(Object.fromEntries(Object.entries(data as object).filter(([, value]) => typeof value == 'string')) as Messages),
  ...(catalogueSchema ??= fields(
    Object.fromEntries(Object.keys(en).map((key) => [key, anyString()])) as Record<MessageKey, z.ZodMiniType<string>>,
  )).parse(data),
});

/** Whether a catalogue has every screen's text too (a complete file). */
export const hasScreenTexts = (messages: Messages): boolean =>
  SCREEN_MESSAGE_KEYS.every((key) => typeof messages[key] == 'string');

/** Catalogues ready for use (synchronously), and loads under way. */
const ready: Partial<Record<Language, Messages>> = { en };
const loading: Partial<Record<Language, Promise<Messages>>> = {};

/** The catalogue's language for a BCP 47 tag: its primary subtag when there is one, else English. */
export function languageOf(locale: string): Language {
  // split() always returns at least one string.
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
  const primary = locale.split('-')[0]!.toLowerCase();
  return LANGUAGES.find((language) => language === primary) ?? 'en';
}

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/** The catalogue of `language` if it is loaded, else `undefined` (then call `loadMessages`). */
export const loadedMessages = (language: Language): Messages | undefined => ready[language];

/**
 * Makes a catalogue usable at once, without loading it: a server that imported it, or the page's
 * data block (`session-data-block.ts`). Parsed like a loaded file; one that fails to parse is
 * ignored (`false`), and the language then loads as usual.
 */
export function provideMessages(language: Language, data: unknown): boolean {
  if (language === 'en') return true;
  try {
    ready[language] = parseCatalogue(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a catalogue. One that fails to load or to parse (a missing key, a stale file) resolves to
 * English, and is tried again next time.
 */
export function loadMessages(language: Language): Promise<Messages> {
  if (language === 'en') return Promise.resolve(en);
  return (loading[language] ??= LOCALE_LOADERS[language]()
    .then(parseCatalogue)
    .then(
      (messages) => (ready[language] = messages),
      () => {
        // Forgotten, so that the next call tries again.
        delete loading[language];
        return en;
      },
    ));
}

/**
 * A message with its `{placeholders}` filled: text and values interleaved, for a template (values may
 * be templates) or, joined, for an attribute. Never parsed as HTML.
 */
export function fill<T>(template: string, values: Record<string, T>): (string | T)[] {
  return template.split(/\{(\w+)\}/).map((part, index) => (index % 2 ? (ownValue(values, part) ?? '') : part));
}
