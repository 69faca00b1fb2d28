/**
 * The shop's side of the return leg. Every session the shop creates returns to the demo page that
 * made it (`return_url`, on this server's own origin, the page's own query kept), and the shop keeps
 * the order (merchant.ts `orders`), as a merchant's own database would. When the hosted checkout
 * sends the buyer back with `?onramp_session_id=…&onramp_status=…`, the page finds the order here,
 * by the id and for this merchant alone (hosted: only the visitor who made it), and mounts the
 * widget with that session's client secret: the widget then shows the outcome from the API. The
 * status in the URL is only a hint and is never used.
 */
import type { Context, Hono } from 'hono';
import { RETURN_SESSION_PARAM, RETURN_STATUS_PARAM, readOnrampReturn } from '../../../src/contract/return-params.js';
import { envelopeError } from '../../http-common/index.js';
import { type OwnSite, consoleGuard } from '../../public-demo/console-guard.js';
import type { DemoEnv } from './demo-env.js';
import { isDemoPage } from './demo-pages.js';
import { type ShopOrder, keepOrder } from './merchant.js';

/** The origin this request's pages are on: the public URL behind a proxy, else the Host it named (checked by ownHostOnly). */
export function pageOrigin(c: Context, publicUrl: string | null): string {
  return publicUrl ?? `http://${c.req.header('Host') ?? ''}`;
}

/**
 * The demo page a session returns to, as a path and query on this site: the page the browser says
 * it is on when that is one of this server's own demo pages (its query kept, earlier return
 * parameters dropped), else the shop.
 */
export function returnPage(claimed: unknown, own: OwnSite): string {
  if (typeof claimed !== 'string' || !URL.canParse(claimed)) return '/';
  const url = new URL(claimed);
  return own.origins.has(url.origin) && isDemoPage(url.pathname) ? pathWithoutReturn(url) : '/';
}

/** This request's page as a path and query, without return parameters: where its session returns. */
export const currentPage = (c: Context): string => pathWithoutReturn(new URL(c.req.url));

/** `url`'s path and query, the return parameters taken out. */
function pathWithoutReturn(url: URL): string {
  url.searchParams.delete(RETURN_SESSION_PARAM);
  url.searchParams.delete(RETURN_STATUS_PARAM);
  return url.pathname + url.search;
}

/** The session creation answer the shop keeps an order of. */
interface Created {
  session_id: string;
  client_secret: string;
  redirect_url: string;
}

/** Keeps the order of a session the shop just created for the merchant of `c`. */
export function rememberOrder(
  c: Context<DemoEnv>,
  created: Created,
  order: Record<string, unknown>,
  page: string,
): void {
  keepOrder(c.get('merchant'), {
    sessionId: created.session_id,
    clientSecret: created.client_secret,
    redirectUrl: created.redirect_url,
    page,
    order,
    createdAt: Date.now(),
  });
}

/**
 * The order the buyer came back to on this request's page: `undefined` on a first visit (no return
 * parameters), `null` when the id names no order of this merchant's (another visitor's, an old
 * one, a made-up one).
 */
export function returnedOrder(c: Context<DemoEnv>): ShopOrder | null | undefined {
  const returned = readOnrampReturn(c.req.url);
  if (!returned) return undefined;
  return c.get('merchant').orders.get(returned.sessionId) ?? null;
}

/** What the widget needs to show a kept order again (the client secret goes to the buyer's own page only). */
export interface OrderConfig {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  clientSecret: string;
  redirectUrl: string;
  order: Record<string, unknown>;
}

/** `GET /api/orders/:id`: a kept order for the shop's own pages (the framework apps' return pages). */
export function ordersApi(
  app: Hono<DemoEnv>,
  options: {
    own: () => OwnSite;
    widget: (c: Context<DemoEnv>) => Omit<OrderConfig, 'clientSecret' | 'redirectUrl' | 'order'>;
  },
): void {
  app.use('/api/orders/*', consoleGuard(options.own));
  app.get('/api/orders/:id', (c) => {
    const order = c.get('merchant').orders.get(c.req.param('id'));
    if (!order) return envelopeError(c, 404, 'ORDER_NOT_FOUND', 'This shop has no such order: start a new one');
    const config: OrderConfig = {
      ...options.widget(c),
      clientSecret: order.clientSecret,
      redirectUrl: order.redirectUrl,
      order: order.order,
    };
    return c.json(config, 200, { 'Cache-Control': 'no-store' });
  });
}
