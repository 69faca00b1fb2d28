/**
 * CSP source lists matched against URLs, as CSP Level 3 defines it ("Does url match source list in
 * origin with redirect count", §6.7.2): `*`, scheme sources (`https:`), host sources with `*.`
 * wildcards, ports (`:*` too) and paths, `'self'` and `'none'`. Keywords, nonces and hashes match no
 * URL; `scriptAllowed` adds the script-element rules (nonce, integrity hashes, `'strict-dynamic'`).
 * Redirects are not followed, so paths always count.
 */

/** A fetch's target and the page it is made from. */
export interface UrlContext {
  url: URL;
  /** The page's origin, which `'self'` and scheme-less host sources are read against. */
  page: URL;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** `scheme:` without the colon, lower-cased. */
const schemeOf = (url: URL): string => url.protocol.slice(0, -1).toLowerCase();

/** CSP's "scheme-part match": the expression's scheme, or its secure upgrade. */
export function schemePartMatches(expression: string, scheme: string): boolean {
  const a = expression.toLowerCase();
  const b = scheme.toLowerCase();
  return (
    a === b ||
    (a === 'http' && b === 'https') ||
    (a === 'ws' && (b === 'wss' || b === 'http' || b === 'https')) ||
    (a === 'wss' && b === 'https')
  );
}

/** CSP's "host-part match": exact, `*`, or `*.example.com` for any subdomain (not the domain itself). */
export function hostPartMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  const h = host.toLowerCase();
  if (p === '*') return true;
  if (p.startsWith('*.')) return h.endsWith(p.slice(1));
  return p === h;
}

/** CSP's "port-part match": `*`, the same port, or nothing written for the scheme's default port. */
export function portPartMatches(port: string, url: URL): boolean {
  if (port === '*') return true;
  // URL keeps no port when it is the scheme's default one.
  if (port === url.port) return true;
  return url.port === '' && port !== '' && DEFAULT_PORTS[url.protocol] === port;
}

function decodePiece(piece: string): string {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

/** CSP's "path-part match": exact for a path without a trailing `/`, a prefix of segments with one. */
export function pathPartMatches(pathA: string, pathB: string): boolean {
  if (pathA === '') return true;
  if (pathA === '/' && pathB === '') return true;
  const exact = !pathA.endsWith('/');
  const listA = pathA.split('/');
  const listB = pathB.split('/');
  if (listA.length > listB.length) return false;
  if (exact && listA.length !== listB.length) return false;
  if (!exact) listA.pop();
  return listA.every((piece, index) => decodePiece(piece) === decodePiece(listB[index] ?? ''));
}

const SCHEME_SOURCE = /^([a-z][a-z0-9+.-]*):$/i;
const HOST_SOURCE =
  /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\*|[0-9]+))?(\/[^?#]*)?$/i;

/** Whether `'self'` matches: the page's origin, or its secure upgrade on the same host. */
function selfMatches({ url, page }: UrlContext): boolean {
  if (url.origin === page.origin) return true;
  if (url.hostname.toLowerCase() !== page.hostname.toLowerCase()) return false;
  const portOf = (u: URL) => u.port || DEFAULT_PORTS[u.protocol] || '';
  const defaultPorts = url.port === '' && page.port === '';
  if (portOf(url) !== portOf(page) && !defaultPorts) return false;
  const target = schemeOf(url);
  return (
    target === 'https' || target === 'wss' || (schemeOf(page) === 'http' && (target === 'http' || target === 'ws'))
  );
}

/** Whether one source expression matches the URL. */
export function expressionMatches(expression: string, context: UrlContext): boolean {
  const { url, page } = context;
  const scheme = schemeOf(url);
  if (expression === '*') return scheme === 'http' || scheme === 'https' || scheme === schemeOf(page);
  if (expression.toLowerCase() === "'self'") return selfMatches(context);
  const schemeSource = SCHEME_SOURCE.exec(expression);
  if (schemeSource) return schemePartMatches(schemeSource[1] ?? '', scheme);
  const hostSource = HOST_SOURCE.exec(expression);
  if (!hostSource || url.hostname === '') return false;
  const [, sourceScheme, host = '', port = '', path] = hostSource;
  if (
    sourceScheme !== undefined ? !schemePartMatches(sourceScheme, scheme) : !schemePartMatches(schemeOf(page), scheme)
  )
    return false;
  if (!hostPartMatches(host, url.hostname)) return false;
  if (!portPartMatches(port, url)) return false;
  return path === undefined || pathPartMatches(path, url.pathname);
}

/** Whether a directive's source list lets the page fetch the URL. An empty list, or `'none'`, allows nothing. */
export function sourceListAllows(sources: readonly string[], context: UrlContext): boolean {
  return sources.some((source) => expressionMatches(source, context));
}

/** A `<script>` written in the page (parser-inserted), as the script directives see it. */
export interface ScriptElement extends UrlContext {
  nonce?: string;
  /** Its `integrity` attribute, as written. */
  integrity?: string;
}

const NONCE_SOURCE = /^'nonce-([A-Za-z0-9+/_=-]+)'$/i;
const HASH_SOURCE = /^'(sha256|sha384|sha512)-([A-Za-z0-9+/_=-]+)'$/i;

/**
 * CSP's script-element check: its nonce; else every hash of its `integrity` listed as a hash source;
 * else, unless `'strict-dynamic'` (which refuses every parser-inserted script without them), its URL.
 */
export function scriptAllowed(sources: readonly string[], script: ScriptElement): boolean {
  const nonce = script.nonce;
  if (nonce && sources.some((source) => NONCE_SOURCE.exec(source)?.[1] === nonce)) return true;
  const hashes = sources.flatMap((source) => {
    const match = HASH_SOURCE.exec(source);
    return match ? [`${(match[1] ?? '').toLowerCase()}-${match[2] ?? ''}`] : [];
  });
  const integrity = (script.integrity ?? '')
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean)
    .map((token) => token.split('?')[0] ?? '');
  if (hashes.length > 0 && integrity.length > 0) {
    const listed = integrity.every((token) => {
      const dash = token.indexOf('-');
      return hashes.includes(`${token.slice(0, dash).toLowerCase()}-${token.slice(dash + 1)}`);
    });
    if (listed) return true;
  }
  if (sources.some((source) => source.toLowerCase() === "'strict-dynamic'")) return false;
  return sourceListAllows(sources, script);
}
