/**
 * The registry of the widget's languages: one entry per language (its BCP 47 code, its own name,
 * its direction). Everything that speaks a language reads it: the element's negotiation and
 * catalogue loading (the `later` part), both builds (vite.config.ts writes a catalogue file for
 * each entry), the server renderer and the hosted checkout. A language is its entry here and its
 * catalogue `locales/<code>.ts` (the hosted checkout's texts in `demo/hosted-checkout/locales/`).
 *
 * Not in the script-tag file: its first paint is English, and a data block names the language it
 * brings (session-data-block.ts).
 */
export interface LanguageEntry {
  /** The catalogue's BCP 47 tag, as its file is named. */
  readonly code: string;
  /** The language's name in itself, for a language menu. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
}

const ltr = (code: string, name: string): LanguageEntry => ({ code, name, dir: 'ltr' });
const rtl = (code: string, name: string): LanguageEntry => ({ code, name, dir: 'rtl' });

export const LANGUAGES: readonly LanguageEntry[] = [
  ltr('en', 'English'),
  ltr('bg', 'Български'),
  ltr('cs', 'Čeština'),
  ltr('da', 'Dansk'),
  ltr('de', 'Deutsch'),
  ltr('el', 'Ελληνικά'),
  ltr('es', 'Español (España)'),
  ltr('es-419', 'Español (Latinoamérica)'),
  ltr('et', 'Eesti'),
  ltr('fi', 'Suomi'),
  ltr('fil', 'Filipino'),
  ltr('fr', 'Français'),
  ltr('ga', 'Gaeilge'),
  ltr('hr', 'Hrvatski'),
  ltr('hu', 'Magyar'),
  ltr('id', 'Bahasa Indonesia'),
  ltr('it', 'Italiano'),
  ltr('lt', 'Lietuvių'),
  ltr('lv', 'Latviešu'),
  ltr('ms', 'Bahasa Melayu'),
  ltr('mt', 'Malti'),
  ltr('nb', 'Norsk bokmål'),
  ltr('nl', 'Nederlands'),
  ltr('pl', 'Polski'),
  ltr('pt-BR', 'Português (Brasil)'),
  ltr('pt-PT', 'Português (Portugal)'),
  ltr('ro', 'Română'),
  ltr('sk', 'Slovenčina'),
  ltr('sl', 'Slovenščina'),
  ltr('sv', 'Svenska'),
  ltr('sw', 'Kiswahili'),
  ltr('tr', 'Türkçe'),
  ltr('vi', 'Tiếng Việt'),
  ltr('ru', 'Русский'),
  ltr('uk', 'Українська'),
  rtl('ar', 'العربية'),
  rtl('fa', 'فارسی'),
  rtl('he', 'עברית'),
  rtl('ur', 'اردو'),
  ltr('hi', 'हिन्दी'),
  ltr('bn', 'বাংলা'),
  ltr('th', 'ไทย'),
  ltr('ja', '日本語'),
  ltr('ko', '한국어'),
  ltr('zh-Hans', '简体中文'),
  ltr('zh-Hant', '繁體中文'),
];

/** The entry of a catalogue code, or `undefined`. */
export const languageEntry = (code: string): LanguageEntry | undefined =>
  LANGUAGES.find((entry) => entry.code === code);
