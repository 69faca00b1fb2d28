/**
 * The form of a hosted checkout text: a counting text's for `count` by its language's
 * `Intl.PluralRules` (`other` without a count, rules or that form), a plain text as it is. One
 * function for the server's pages (checkout-language.ts) and the page's script (texts.ts).
 */
export type CheckoutText = string | Partial<Record<string, string>>;

export function pluralForm(text: CheckoutText, rules: Intl.PluralRules | null, count: unknown): string | undefined {
  if (typeof text === 'string') return text;
  const category = typeof count === 'number' && rules ? rules.select(count) : 'other';
  return text[category] ?? text.other;
}
