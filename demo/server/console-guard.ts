/**
 * The merchant console (and the shop's session route) act with the shop's secret key, so they answer
 * the demo's own pages only
 * (DESIGN.md "The merchant console"): a request must name the demo server as its Host (a rebound
 * DNS name is refused), a state change must come with the console's own Origin, a read must not
 * come from another site (Origin or Sec-Fetch-Site), and a state change must be JSON, which no
 * other page can send without a CORS preflight that this server never grants (it sends no CORS
 * headers at all).
 */
import type { Context, MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The Host values naming a server listening on `host:port` (every loopback spelling when it listens on loopback). */
export function ownHosts(host: string, port: number): Set<string> {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const names = LOOPBACK_NAMES.includes(name) ? LOOPBACK_NAMES : [name];
  return new Set(names.map((n) => `${n}:${port}`));
}

const refuse = (c: Context, status: 403 | 415, code: string, message: string): Response =>
  c.json({ success: false, error: { code, message, request_id: '' } }, status, { 'Cache-Control': 'no-store' });

const hostOf = (c: Context): string => (c.req.header('Host') ?? '').toLowerCase();

/**
 * Every route of the demo server: a request must name it as its Host, so a page on a rebound DNS
 * name can read nothing of it (pages mint sessions with the secret key; files; received webhooks).
 * `hosts()` is read on every request: the port is known only once the server listens.
 */
export function ownHostOnly(hosts: () => ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    if (!hosts().has(hostOf(c))) return refuse(c, 403, 'FORBIDDEN_HOST', 'This server answers requests to its own host only');
    await next();
  };
}

/** The secret-key routes: their own origin and JSON bodies too (the Host is checked for every route by `ownHostOnly`). */
export function consoleGuard(hosts: () => ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const host = hostOf(c);
    if (!hosts().has(host)) return refuse(c, 403, 'FORBIDDEN_HOST', 'This server answers requests to its own host only');
    const origin = c.req.header('Origin');
    const site = c.req.header('Sec-Fetch-Site');
    const safe = SAFE_METHODS.has(c.req.method);
    const sameOrigin = origin === undefined ? safe : origin === `http://${host}`;
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
