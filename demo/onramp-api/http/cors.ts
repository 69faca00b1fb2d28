/**
 * CORS for the browser endpoints only, the operations a publishable key may call (`GET /v1/onramp`,
 * `POST /v1/onramp/quote`). A request carrying a secret key gets no `Access-Control-Allow-Origin`, so a web page cannot use one; every
 * other path sends no CORS headers at all.
 */
import type { MiddlewareHandler } from 'hono';
import { parseApiKey } from '../../../src/contract/credentials.js';
import { BROWSER_PATHS } from './operation-routes.js';

/**
 * Paths that answer CORS and the browser methods each allows: those of the operations a publishable
 * key may call (`BROWSER_PATHS`, from the contract's operations).
 */
export const CORS_PATHS: Readonly<Record<string, string>> = BROWSER_PATHS;

const ALLOW_HEADERS = 'X-API-Key, X-Client-Secret, Content-Type, Idempotency-Key';
const EXPOSE_HEADERS = 'Date, Request-Id, Retry-After';
/**
 * How long browsers may reuse a preflight: the longest any honours (Chromium caps at 7200 s,
 * Firefox at 86400). Each widget's status reads would otherwise cost a preflight each.
 */
export const PREFLIGHT_MAX_AGE_S = 7200;

/**
 * `allowOrigin` narrows which pages may call (the public demo: its own shop only); by default any
 * page may, as a merchant's widget runs on the merchant's own origin.
 */
export function cors(allowOrigin: (origin: string) => boolean = () => true): MiddlewareHandler {
  return async (c, next) => {
    const methods = CORS_PATHS[c.req.path];
    if (methods === undefined) return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined && !allowOrigin(origin)) {
      // No CORS headers at all: the browser refuses the answer to that page.
      if (c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: `${methods}, OPTIONS`, Vary: 'Origin' });
      await next();
      c.res.headers.append('Vary', 'Origin');
      return;
    }
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = {
        Allow: `${methods}, OPTIONS`,
        'Access-Control-Allow-Methods': methods,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
        Vary: 'Origin',
      };
      headers['Access-Control-Allow-Origin'] = origin ?? '*';
      return c.body(null, 204, headers);
    }
    await next();
    if (!methods.split(', ').includes(c.req.method)) return;
    const key = parseApiKey(c.req.header('X-API-Key')?.trim() ?? '');
    c.res.headers.append('Vary', 'Origin');
    if (key?.type === 'secret') return;
    c.res.headers.set('Access-Control-Allow-Origin', origin ?? '*');
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  };
}
