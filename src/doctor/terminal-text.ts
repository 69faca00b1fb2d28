/**
 * The one sanitiser for what the doctor prints: pages are written by strangers, and a terminal acts
 * on control characters (ESC starts sequences that retitle the window, clear the screen, conceal
 * text or make hyperlinks; CR and newlines let a value forge a line of the report) and displays
 * bidi controls by reordering what follows. Such characters are shown escaped, never written raw.
 */

/**
 * What a terminal may act on or reorder: controls (C0 with tab, CR and newline, DEL, C1), format
 * characters (the bidi embeddings, overrides, isolates and marks, zero-width characters, the BOM,
 * tag characters), the line and paragraph separators, and lone surrogates.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The same in JSON text, but for the newlines of its own indentation (inside strings, `\n` is escaped). */
const UNSAFE_IN_JSON = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const hex = (code: number): string => code.toString(16);

/** `text` with every unsafe character written as `\u{…}`: visible, and inert in a terminal. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u{${hex(char.codePointAt(0) ?? 0)}}`);
}

/** `value` as JSON (`JSON.stringify` with `indent`) with every unsafe character as `\uXXXX`. */
export function terminalJson(value: unknown, indent?: number): string {
  const json = JSON.stringify(value, null, indent);
  // It escapes C0 and lone surrogates, not DEL, C1, U+2028 or the bidi controls. Such characters
  // occur only inside strings, where `\uXXXX` (per UTF-16 unit) means the same.
  return json.replace(UNSAFE_IN_JSON, (char) =>
    Array.from({ length: char.length }, (_, index) => `\\u${hex(char.charCodeAt(index)).padStart(4, '0')}`).join(''),
  );
}
