/**
 * Strict CSP of the merchant pages: proves the widget needs no inline script, style or eval.
 * `trustedTypes` adds policy names a page's framework creates (beside Lit's `lit-html` and the
 * widget's own `onramp-checkout`, which loads its on-demand parts);
 * `styleHashes` the hash of a server-rendered widget's stylesheet (`'sha256-…'`), nothing looser.
 */
export function contentSecurityPolicy(
  apiOrigin: string,
  checkoutOrigin: string,
  trustedTypes: readonly string[] = [],
  styleHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    `connect-src 'self' ${apiOrigin}`,
    `frame-src ${checkoutOrigin}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    // No page of the demo is meant to be framed (clickjacking; in the public demo, a framed page would make accounts).
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    ['trusted-types lit-html onramp-checkout', ...trustedTypes].join(' '),
  ].join('; ');
}
