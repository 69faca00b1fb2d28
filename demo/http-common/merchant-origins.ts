/**
 * Allowed merchant origins: who may frame the checkout (CSP frame-ancestors) and receive its
 * postMessage hints. Patterns are origins, optionally with a `*` port (`http://localhost:*`).
 */
export function isAllowedOrigin(candidate: string, patterns: readonly string[]): boolean {
  if (!URL.canParse(candidate)) return false;
  const url = new URL(candidate);
  if (url.origin !== candidate) return false;
  return patterns.some((pattern) => {
    const wildcard = pattern.endsWith(':*');
    const base = wildcard ? pattern.slice(0, -2) : pattern;
    if (!URL.canParse(base)) return false;
    const allowed = new URL(base);
    if (wildcard) return allowed.protocol === url.protocol && allowed.hostname === url.hostname;
    return allowed.origin === url.origin;
  });
}

/** `frame-ancestors` sources: the checkout itself plus the merchant origins (CSP syntax accepts `:*`). */
export function frameAncestors(patterns: readonly string[]): string {
  return ["'self'", ...patterns.filter((p) => /^https?:\/\/[A-Za-z0-9.-]+(:(\d+|\*))?$/.test(p))].join(' ');
}
