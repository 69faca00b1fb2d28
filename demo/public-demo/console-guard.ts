/**
 * The merchant console (and the shop's session route) act with the shop's secret key, so they answer
 * the demo's own pages only
 * (docs/design.md "The merchant console"): a request must name the demo server as its Host (a rebound
 * DNS name is refused), a state change must come with the console's own Origin, a read must not
 * come from another site (Origin or Sec-Fetch-Site), and a state change must be JSON, which no
 * other page can send without a CORS preflight that this server never grants (it sends no CORS
 * headers at all).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { envelopeError } from '../http-common/index.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Who the demo server is: the Host values that name it and the origins of its own pages. */
export interface OwnSite {
  hosts: ReadonlySet<string>;
  origins: ReadonlySet<string>;
}

/**
 * The demo server's own site. With a public URL (behind a proxy) that URL's host and origin; when
 * not hosted, also every loopback spelling of the listening address, as `npm start` prints it. A
 * public demo answers its public name only.
 */
export function ownSite(listenHost: string, port: number, publicUrl: string | null, hosted: boolean): OwnSite {
  const hosts = new Set<string>();
  const origins = new Set<string>();
  if (publicUrl !== null) {
    const url = new URL(publicUrl);
    hosts.add(url.host.toLowerCase());
    origins.add(url.origin);
  }
  if (!hosted || publicUrl === null) {
    const name = listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
    const names = LOOPBACK_NAMES.includes(name) ? LOOPBACK_NAMES : [name];
    for (const n of names) {
      hosts.add(`${n}:${port}`);
      origins.add(`http://${n}:${port}`);
    }
  }
  return { hosts, origins };
}

const refuse = (c: Context, status: 403 | 415, code: string, message: string): Response =>
  envelopeError(c, status, code, message);

const hostOf = (c: Context): string => (c.req.header('Host') ?? '').toLowerCase();

/**
 * Every route of the demo server: a request must name it as its Host, so a page on a rebound DNS
 * name can read nothing of it (pages mint sessions with the secret key; files; received webhooks).
 * `hosts()` is read on every request: the port is known only once the server listens.
 */
export function ownHostOnly(site: () => OwnSite): MiddlewareHandler {
  return async (c, next) => {
    if (!site().hosts.has(hostOf(c)))
      return refuse(c, 403, 'FORBIDDEN_HOST', 'This server answers requests to its own host only');
    await next();
  };
}

/** The secret-key routes: their own origin and JSON bodies too (the Host is checked for every route by `ownHostOnly`). */
export function consoleGuard(own: () => OwnSite): MiddlewareHandler {
  return async (c, next) => {
    const host = hostOf(c);
    const { hosts, origins } = own();
    if (!hosts.has(host)) return refuse(c, 403, 'FORBIDDEN_HOST', 'This server answers requests to its own host only');
    const origin = c.req.header('Origin');
    const site = c.req.header('Sec-Fetch-Site');
    const safe = SAFE_METHODS.has(c.req.method);
    // The Origin must be this very site's (its scheme too: behind TLS, https://<host>).
    const sameOrigin = origin === undefined ? safe : origins.has(origin) && new URL(origin).host === host;
    if (!sameOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
      return refuse(c, 403, 'FORBIDDEN_ORIGIN', 'This route answers its own pages only');
    }
    const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (!safe && type !== 'application/json') {
      return refuse(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'This route takes Content-Type: application/json only');
    }
    await next();
  };
}
