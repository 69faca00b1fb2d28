/**
 * Which pages may send orders: the origins the operator configured (`allowedOrigins`). A `Host`
 * header is the client's to write, so it never makes a page "own": a DNS-rebinding page sends
 * `Host` and `Origin` of its own name to a server only the victim's browser can reach. Without a
 * list, only a loopback page of a loopback server may (a developer's machine), which the handler
 * says once.
 */

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

/** `localhost`, `*.localhost` (browsers resolve it to loopback themselves), 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host)
  );
}

/** The host the request was addressed to: its `Host` header, else its URL's. */
const hostOf = (request: Request): string => (request.headers.get('Host') ?? new URL(request.url).host).toLowerCase();

/**
 * Whether `origin` is a loopback page sending to this same loopback server (the default without
 * `allowedOrigins`): both names loopback, so no remote page can claim it by rebinding its DNS.
 */
export function isLoopbackOwnOrigin(origin: string, request: Request): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.origin !== origin || !/^https?:$/.test(page.protocol)) return false;
  const host = hostOf(request);
  return isLoopbackHost(page.hostname) && page.host === host;
}

/** Whether `origin` is the host the request was addressed to (same origin: no CORS answer needed). */
export function isSameHost(origin: string, request: Request): boolean {
  try {
    return new URL(origin).host === hostOf(request);
  } catch {
    return false;
  }
}
