/**
 * The message catalogues: English is built in; every other language of the registry
 * (`languages.ts`) is loaded when first needed (`locale-loaders.ts`), so a page in English carries
 * no other language. Keyed by the registry's codes.
 */
import * as z from 'zod/mini';
import { anyString, fields } from '../contract/read/kinds.js';
import { loadCatalogueFile } from '#locale-loaders';
import { english as en, SCREEN_MESSAGE_KEYS, type MessageKey, type Messages } from './messages.js';
import { ownValue } from '../format/own-value.js';

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
const ready = new Map<string, Messages>([['en', en]]);
const loading = new Map<string, Promise<Messages>>();

/** A language chosen for a locale tag, with its catalogue, ready for use. */
export interface ChosenLanguage {
  /** The tag numbers, money and dates are formatted with. */
  locale: string;
  /** The registry's code of the catalogue. */
  language: string;
  dir: 'ltr' | 'rtl';
  messages: Messages;
}

/**
 * Languages already chosen, by what was wanted (`wantedKey`): a server's, a data block's, and each
 * negotiation of this copy of the widget's, so the next element that wants the same has it at once.
 */
const chosen = new Map<string, ChosenLanguage>();

/** The key of a wish: the buyer's tags, most wanted first, and the merchant's `locales` attribute. */
export const wantedKey = (tags: readonly string[], locales: string | null): string => `${tags.join()}|${locales ?? ''}`;

/** Remembers the language chosen for a wish. */
export const rememberLanguage = (key: string, choice: ChosenLanguage): unknown => chosen.set(key, choice);

/** The language chosen for a wish, if any. */
export const providedLanguage = (key: string): ChosenLanguage | undefined => chosen.get(key);

/**
 * Makes a language usable at once for a wish (`wantedKey`), without loading or negotiating: a
 * server that loaded it, or the page's data block (`session-data-block.ts`). The catalogue is parsed
 * like a loaded file; one that fails to parse is ignored, and the language then loads as usual.
 */
export function provideMessages(choice: Omit<ChosenLanguage, 'messages'>, data: unknown, key: string): void {
  try {
    rememberLanguage(key, { ...choice, messages: choice.language === 'en' ? en : parseCatalogue(data) });
  } catch {
    /* not a catalogue: loaded as usual */
  }
}

/**
 * Loads a catalogue. One that fails to load or to parse (a missing key, a stale file) resolves to
 * English, and is tried again next time.
 */
export function loadMessages(language: string): Promise<Messages> {
  const loaded = ready.get(language);
  if (loaded) return Promise.resolve(loaded);
  let load = loading.get(language);
  if (!load) {
    load = loadCatalogueFile(language)
      .then(parseCatalogue)
      .then(
        (messages) => (ready.set(language, messages), messages),
        () => {
          // Forgotten, so that the next call tries again.
          loading.delete(language);
          return en;
        },
      );
    loading.set(language, load);
  }
  return load;
}

/**
 * A message with its `{placeholders}` filled: text and values interleaved, for a template (values may
 * be templates) or, joined, for an attribute. Never parsed as HTML.
 */
export function fill<T>(template: string, values: Record<string, T>): (string | T)[] {
  return template.split(/\{(\w+)\}/).map((part, index) => (index % 2 ? (ownValue(values, part) ?? '') : part));
}
