/**
 * Decides the host's language and number formats: its `locale`, else the nearest `lang` (the page's),
 * else the browser's; and loads the message catalogue for it before the host shows it.
 *
 * Server-safe: while rendered on a server (`@lit-labs/ssr`, no DOM) only `locale` counts, else
 * English; a catalogue the server provided (`provideMessages`) is used synchronously.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { directionOf, languageOf, loadedMessages, type Language } from '../i18n/catalogue.js';
import { loadPart } from '../parts/load-part.js';
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

/** The nearest `lang` (the page's), else the browser's: only in a browser. */
const pageLocale = (host: Element): string | undefined =>
  validTag(host.closest('[lang]')?.getAttribute('lang')) ??
  validTag(document.documentElement.lang) ??
  validTag(navigator.language);

export class LocaleController implements ReactiveController {
  readonly #host: Host;
  #wanted = '';
  /** The BCP 47 tag numbers, dates and currencies are formatted with. */
  locale = 'en';
  language: Language = 'en';
  messages: Messages = en;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  get dir(): 'ltr' | 'rtl' {
    return directionOf(this.language);
  }

  hostConnected(): void {
    this.sync();
  }

  /** Re-resolves the locale; call when the host's `locale` changes. */
  sync(): void {
    const host = this.#host;
    const locale = validTag(host.locale) ?? (typeof document === 'undefined' ? undefined : pageLocale(host)) ?? 'en';
    if (locale === this.#wanted) return;
    this.#wanted = locale;
    const language = languageOf(locale);
    const apply = (messages: Messages) => {
      if (this.#wanted !== locale) return;
      // A catalogue that failed to load came back as English: say so in `lang` and `dir`.
      Object.assign(this, { locale, language: messages === en ? 'en' : language, messages });
      host.requestUpdate();
    };
    const messages = loadedMessages(language);
    if (messages) apply(messages);
    // Another language's catalogue is loaded by the `later` part (asked for now, not after the paint).
    else
      void loadPart('later')
        .then((part) => ('code' in part ? null : part.loadCatalogue(language)))
        .then((loadedCatalogue) => apply(loadedCatalogue ?? en));
  }
}
