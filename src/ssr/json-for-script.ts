/**
 * The data block's encoding, for any server that writes one (the SSR entry, a merchant's own page).
 *
 * JSON for a `<script type="application/json">` element: `<`, `>`, `&` and the JavaScript line
 * separators escaped as `\uXXXX` (still the same JSON), so no value can close the element
 * (`</script>`), open a comment (`<!--`) or be read as markup.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
