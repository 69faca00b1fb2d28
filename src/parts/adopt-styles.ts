/**
 * A part's own styles, adopted into the element's shadow root beside the element's: one constructed
 * stylesheet per part, made on first use (a server has no `CSSStyleSheet`), added once.
 */
export function adoptStyles(css: string): (root: ShadowRoot | null | undefined) => void {
  let sheet: CSSStyleSheet | undefined;
  return (root) => {
    if (!root) return;
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  };
}
