/**
 * The attribute spellings a framework's server writes from the property names, read like the dashed
 * ones: React renders `publishableKey={…}` on the server as `publishableKey="…"`, which the HTML
 * parser lower-cases, and its hydration sets no property (React issue #35446).
 */
export const ATTRIBUTE_ALIASES = new Map([
  ['publishablekey', 'publishable-key'],
  ['clientsecret', 'client-secret'],
  ['apibase', 'api-base'],
  ['checkoutorigin', 'checkout-origin'],
  ['redirecturl', 'redirect-url'],
]);
