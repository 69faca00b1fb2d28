/** Which pages may send orders: the merchant's listed origins, or the server's own. */

/** `https://shop.example:443/x` → `https://shop.example`; refuses what is not an http(s) origin. */
export function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`onramp-checkout/server: allowedOrigins has ${JSON.stringify(value)}, which is not an origin`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, ''))
    throw new TypeError(
      `onramp-checkout/server: allowedOrigins takes origins such as https://shop.example (no path, no *), not ${JSON.stringify(value)}`,
    );
  return url.origin;
}

/**
 * Whether a page of `origin` is this server's own: the host the browser addressed (the `Host`
 * header: a framework's `request.url` may name another, as Next.js's `localhost` behind
 * `next start -H 0.0.0.0`), over https or the request's own scheme (a proxy that ends TLS).
 */
export function isOwnOrigin(origin: string, request: Request): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  const url = new URL(request.url);
  const host = (request.headers.get('Host') ?? url.host).toLowerCase();
  return page.origin === origin && page.host === host && (page.protocol === 'https:' || page.protocol === url.protocol);
}
