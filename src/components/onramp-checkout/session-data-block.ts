/**
 * The session handed over in the page itself: a `<script type="application/json">` child of the
 * element, which a server writes (`onramp-checkout/ssr` does) so the browser has the very session
 * the server rendered before the element is defined, under a strict CSP (a data block is never
 * executed). Outside data: parsed with zod, and used only when no `session` property is set.
 *
 * ```html
 * <onramp-checkout …><script type="application/json">{"session": {…}, "locale": "de-DE", "language": "de", "dir": "ltr", "messages": {…}}</script></onramp-checkout>
 * ```
 *
 * `messages`, the catalogue of `locale`'s language (`language` its registry code, `dir` its direction), makes the server's language usable at once, so
 * the text the server rendered does not change while the language would still be loading.
 */
import * as z from 'zod/mini';
import { anyString, fields, optional } from '../../contract/read/kinds.js';
import { provideMessages, wantedKey } from '../../i18n/catalogue.js';

const dataBlockSchema = fields({
  /** Read later like the `session` property (`sessionInputRead`). */
  session: optional(z.unknown()),
  locale: optional(anyString()),
  /** The registry code of `messages`' language, and its direction (the registry is not in the script-tag file). */
  language: optional(anyString()),
  dir: optional(anyString()),
  /** Parsed with the language catalogue's schema when used. */
  messages: optional(z.unknown()),
});
export type SessionDataBlock = z.infer<typeof dataBlockSchema>;

/** The element's data block child, parsed; `null` when there is none or it is not valid JSON of that shape. */
export function readSessionDataBlock(host: Element): SessionDataBlock | null {
  // (A server's DOM shim has no querySelector: there the server sets `session` itself.)
  const script = (host as Partial<Pick<Element, 'querySelector'>>).querySelector?.(
    ':scope > script[type="application/json"]',
  );
  if (!script) return null;
  try {
    const parsed = dataBlockSchema.safeParse(JSON.parse(script.textContent));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data block in as the host connects, before its controllers resolve the language (call
 * it before `super.connectedCallback()`): registers the block's catalogue and sets `session`, unless
 * a `session` property is set. A plain function rather than a controller: it keeps no state.
 */
export function adoptSessionDataBlock(host: HTMLElement & { session: unknown }): void {
  if (host.session !== undefined) return;
  const block = readSessionDataBlock(host);
  if (!block) return;
  const { locale, language, dir, messages } = block;
  // Anything but `rtl` is left to right (a zod enum would cost the script-tag file its code).
  if (locale && language && messages !== undefined)
    provideMessages(
      { locale, language, dir: dir === 'rtl' ? 'rtl' : 'ltr' },
      messages,
      wantedKey([locale], host.getAttribute('locales')),
    );
  if (block.session !== undefined) host.session = block.session;
}
