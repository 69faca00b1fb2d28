/**
 * Whose shop a request is (`c.get('merchant')`): locally the one merchant; in the public demo the
 * visitor of the request's cookie. A visitor without one gets an account on a page they open
 * themselves (a top-level navigation, as browsers mark it with `Sec-Fetch-*`: an image, a frame or
 * a script of another site makes none); an API call without one is `401 NO_DEMO_ACCOUNT`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { envelopeError } from '../http-common/index.js';
import type { DemoEnv } from '../shop/server/demo-env.js';
import { isDemoPage } from '../shop/server/demo-pages.js';
import type { Merchant } from '../shop/server/merchant.js';
import { renderNoVisitorPage } from './no-visitor-page.js';
import type { Visitors } from './visitors.js';

/** Routes that never act for a merchant: files, and webhooks (the sandbox calls them). */
const NO_MERCHANT = /^\/(dist|demo\/public)\/|^\/favicon\.ico$|^\/webhooks(\/|$)/;

/** A page the browser opens as a document of its own (headers absent: not a browser, judged by its address alone). */
function isNavigation(c: Context): boolean {
  const mode = c.req.header('Sec-Fetch-Mode');
  const dest = c.req.header('Sec-Fetch-Dest');
  return (mode === undefined || mode === 'navigate') && (dest === undefined || dest === 'document');
}

export function whoseShop(local: Merchant | null, visitors: Visitors | null): MiddlewareHandler<DemoEnv> {
  return async (c, next) => {
    if (NO_MERCHANT.test(c.req.path)) return next();
    if (local) {
      c.set('merchant', local);
      return next();
    }
    const found = visitors?.find(c);
    if (found) {
      c.set('merchant', found);
      return next();
    }
    if (c.req.path.startsWith('/api/')) {
      return envelopeError(
        c,
        401,
        'NO_DEMO_ACCOUNT',
        'Your demo account has ended, or this browser did not keep its cookie: reload the page to start a new one',
      );
    }
    // Anything but a demo page acts for nobody (a 404 stays a 404).
    if (!visitors || !isDemoPage(c.req.path)) return next();
    const noStore = { 'Cache-Control': 'private, no-store' };
    if (c.req.method === 'HEAD') return c.body(null, 200, { ...noStore, 'Content-Type': 'text/html; charset=utf-8' });
    if (c.req.method !== 'GET') return next();
    if (!isNavigation(c)) {
      return c.html(
        renderNoVisitorPage(
          'Open the demo in a tab of its own',
          'A demo account is made only for a page you open yourself, not for one embedded in another site.',
        ),
        403,
        noStore,
      );
    }
    const created = visitors.create(c, c.get('clientAddress'));
    if (!created.ok) {
      const minutes = Math.max(1, Math.ceil(created.retryAfterSeconds / 60));
      return c.html(
        renderNoVisitorPage(`Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, created.message),
        created.status,
        {
          ...noStore,
          'Retry-After': String(created.retryAfterSeconds),
        },
      );
    }
    c.set('merchant', created.merchant);
    return next();
  };
}
