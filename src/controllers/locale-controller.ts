/**
 * Decides the host's language and number formats: its `locale`, else the buyer's
 * (`navigator.languages`), negotiated against the registry of languages (`i18n/negotiate.ts`, in
 * the `later` part with the registry: the script-tag file knows no language but English), with the
 * merchant's `locales` attribute restricting the set; and loads the catalogue before the host shows
 * it. A buyer whose first language is English, or a locale a server provided (a data block), needs
 * no part: both are decided at once.
 *
 * Server-safe: while rendered on a server (`@lit-labs/ssr`, no DOM) only `locale` counts, else
 * English; a language the server provided (`provideMessages`) is used synchronously.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { providedLanguage, rememberLanguage, wantedKey, type ChosenLanguage } from '../i18n/catalogue.js';
import { loadPart } from '#load-part';
import { english as en, type Messages } from '../i18n/messages.js';

type Host = ReactiveControllerHost & HTMLElement & { locale: string };

/** A tag `Intl` accepts, canonicalised; anything else is skipped. */
function validTag(tag: string | null | undefined): string | undefined {
  try {
    return tag ? Intl.getCanonicalLocales(tag.trim())[0] : undefined;
  } catch {
    return undefined;
  }
}

export class LocaleController implements ReactiveController {
  readonly #host: Host;
  #wanted = '';
  /** The BCP 47 tag numbers, dates and currencies are formatted with. */
  locale = 'en';
  /** The registry's code of the catalogue in use (the `lang` of the texts). */
  language = 'en';
  dir: 'ltr' | 'rtl' = 'ltr';
  messages: Messages = en;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.sync();
  }

  /** Re-resolves the language; call when the host's `locale` changes. */
  sync(): void {
    const host = this.#host;
    const own = validTag(host.locale);
    // The browser's own tags are well-formed: negotiation canonicalises them.
    const tags = own ? [own] : typeof document == 'object' ? navigator.languages : [];
    const locales = host.getAttribute('locales');
    const wanted = wantedKey(tags, locales);
    if (wanted === this.#wanted) return;
    this.#wanted = wanted;
    const apply = (choice: ChosenLanguage) => {
      if (this.#wanted !== wanted) return;
      Object.assign(this, choice);
      host.requestUpdate();
    };
    const first = tags[0] ?? 'en';
    const english = (locale: string): ChosenLanguage => ({ locale, language: 'en', dir: 'ltr', messages: en });
    const provided = providedLanguage(wanted);
    if (provided) apply(provided);
    // English first: the built-in catalogue, formatted in the buyer's own English (`en-GB`).
    else if (/^en\b/i.test(first)) apply(english(first));
    // Another language is negotiated and loaded by the `later` part (asked for now, not after the paint).
    else
      void loadPart('later')
        .then((part) => ('code' in part ? null : part.chooseLanguage(tags, locales)))
        .then((choice) => {
          // Remembered for the next element (not English: a catalogue that failed is tried again).
          if (choice && choice.language !== 'en') rememberLanguage(wanted, choice);
          apply(choice ?? english('en'));
        });
  }
}
