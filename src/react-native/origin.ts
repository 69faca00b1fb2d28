/**
 * The origin of a web URL, read without `URL`: React Native's own `URL` is not the WHATWG parser
 * (its `origin` is a regular expression that keeps a `user@` part and the host's case), and the
 * component compares origins to decide what the app trusts. Only the canonical form an engine
 * reports is read; anything a WHATWG parser would have to rewrite first is no origin at all (`null`),
 * so a false answer can only refuse, never trust.
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** A host as engines write it: lower-case ASCII labels (IDNs in punycode); no IP-v6 literal. */
const HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/;
/** A last label a WHATWG parser reads as an IPv4 number (`0x7f.1`, `2130706433`). */
const NUMERIC_LABEL = /(^|\.)(0x[0-9a-f]*|\d+)\.?$/;
const DOTTED_IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * `https://checkout.example` for `https://user@Checkout.Example:443/pay?t=…`; `null` for a URL that
 * is not http(s), is not in canonical form (white space, a backslash in its authority, one slash,
 * an invalid port) or names its host by an IPv6 literal or an IPv4 number in another form than
 * dotted decimal.
 */
export function originOf(url: string): string | null {
  if (/[\s\p{Cc}]/u.test(url)) return null;
  const [, schemeText, authority = '', after] = /^(https?):\/\/([^/?#\\]*)(.?)/i.exec(url) ?? [];
  if (schemeText === undefined || after === '\\') return null;
  const scheme = schemeText.toLowerCase();
  // The user's part ends at the last `@`, as the WHATWG parser reads it.
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const portAt = hostAndPort.lastIndexOf(':');
  const host = (portAt < 0 ? hostAndPort : hostAndPort.slice(0, portAt)).toLowerCase();
  const portText = portAt < 0 ? '' : hostAndPort.slice(portAt + 1);
  if (!HOST.test(host) || (NUMERIC_LABEL.test(host) && !DOTTED_IPV4.test(host))) return null;
  if (!/^\d*$/.test(portText)) return null;
  const port = portText === '' ? '' : String(Number(portText));
  if (Number(port) > 65535) return null;
  return port === '' || port === DEFAULT_PORTS[scheme] ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/** The URL's scheme, lower-cased (`myapp` for `MyApp://done`), or `null` when it has none. */
export function schemeOf(url: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? null;
}
