/**
 * The shop's routes that create sessions with the merchant's secret key: the shop page's order
 * endpoint `/api/order` (amount first, shop-order.ts), `POST /api/sessions` (session first: the
 * framework pages ask it), and the pages its server renders with a fresh session
 * (script tag, session data block, redirect, server-rendered), as a merchant without a front-end
 * build would do. The browser gets only what the widget needs.
 *
 * Every session returns to the page that made it (shop-orders.ts): opened with
 * `?onramp_session_id=`, a page shows that order again instead of making a new one. A page opened
 * by another site's navigation (`Sec-Fetch-Site` cross-site or same-site) makes no session: it
 * offers a button to start one, so no other site can spend a visitor's sessions.
 */
import type { Context, Hono } from 'hono';
import { type CreateSessionRequest, createSessionRequestSchema } from '../../../src/contract/write/session-request.js';
import type { CreatedSession } from '../../../src/contract/write/session.js';
import { OnrampApiError } from '../../../src/server-client/index.js';
import { boundedBody, jsonBodyError, readJsonBody } from '../../http-common/index.js';
import { type OwnSite, consoleGuard } from '../../public-demo/console-guard.js';
import { contentSecurityPolicy } from './csp.js';
import type { DemoEnv } from './demo-env.js';
import { scriptPages } from './demo-pages.js';
import { SHOP_WALLET, shopOrderRoutes } from './shop-order.js';
import { renderEmbedPage } from './embed-page.js';
import { type SandboxCall, apiErrorResponse, onrampClient, relayed } from './sandbox-client.js';
import { type ShopOrder } from './merchant.js';
import { currentPage, ordersApi, pageOrigin, rememberOrder, returnPage, returnedOrder } from './shop-orders.js';
import { renderScriptPage } from './script-page.js';
import { loadRenderer, renderSsrPage, ssrLocale } from './ssr-page.js';
import { renderOrderNotFoundPage, renderStartPage } from './start-page.js';

/** The order of the pages whose server creates the session itself. */
const DEMO_ORDER = {
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
  crypto_currency: 'ETH',
  network: 'ethereum',
  fiat_amount: 5000,
  fiat_currency: 'USD',
};

export interface ShopRoutesOptions {
  call: (c: Context<DemoEnv>) => SandboxCall;
  own: () => OwnSite;
  /** The API and checkout as browsers reach them. */
  apiUrl: string;
  checkoutOrigin: string;
  /** The demo's public URL behind a proxy, where sessions return to; else the request's own Host. */
  publicUrl: string | null;
}

/** What a page's widget needs: its settings and the session (the creation answer and the order's own fields). */
interface WidgetSession {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: CreatedSession & Record<string, unknown>;
}

/** A navigation of the visitor's own: typed, bookmarked, or from this site (no header: not a browser). */
function ownNavigation(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  return site === undefined || site === 'none' || site === 'same-origin';
}

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

export function shopRoutes(app: Hono<DemoEnv>, options: ShopRoutesOptions): void {
  const apiOrigin = new URL(options.apiUrl).origin;
  const { checkoutOrigin } = options;
  const widgetConfig = (c: Context<DemoEnv>) => ({
    publishableKey: c.get('merchant').publishableKey,
    apiBase: options.apiUrl,
    checkoutOrigin,
  });

  /**
   * Creates a session with the secret key, returning to `page` (a path and query of this site), and
   * keeps its order; the browser gets only what the widget needs. Rejects with the API's
   * `OnrampApiError` when the API refuses the order.
   */
  async function createSession(c: Context<DemoEnv>, body: unknown, page: string): Promise<WidgetSession> {
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    const withReturn = { ...fields, return_url: `${pageOrigin(c, options.publicUrl)}${page}` };
    const created = await onrampClient(options.call(c)).sessions.create(relayed<CreateSessionRequest>(withReturn));
    const request = createSessionRequestSchema.safeParse(body);
    // The request's own fields let the widget show the whole order before its first request.
    const order = request.success
      ? {
          fiat_amount: request.data.fiat_amount,
          fiat_currency: request.data.fiat_currency,
          crypto_currency: request.data.crypto_currency,
          wallet_address: request.data.wallet_address,
          ...(request.data.network ? { network: request.data.network } : {}),
        }
      : {};
    rememberOrder(c, created, order, page);
    return { ...widgetConfig(c), session: { ...created, ...order } };
  }

  // The secret-key routes answer this server's own pages only: its Origin and JSON bodies too (console-guard.ts).
  app.use('/api/sessions', consoleGuard(options.own));
  // An order is a few hundred bytes; bounded only after the guard's cheap checks.
  app.use('/api/sessions', boundedBody(8 * 1024));
  app.post('/api/sessions', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    // The page the browser says it is on, when it is one of ours; the shop otherwise.
    const claimed = (body.value as { return_url?: unknown } | null)?.return_url;
    try {
      return c.json(await createSession(c, body.value, returnPage(claimed, options.own())));
    } catch (error) {
      return apiErrorResponse(c, error);
    }
  });
  ordersApi(app, { own: options.own, widget: widgetConfig });
  // The shop page, amount first: its widget's session-url is the package's order handler (shop-order.ts).
  shopOrderRoutes(app, { call: options.call, own: options.own, widget: widgetConfig, publicUrl: options.publicUrl });

  /** A new session for a page that makes one on GET, or the plain-text 502 that page shows instead. */
  const sessionForPage = async (c: Context<DemoEnv>): Promise<WidgetSession | Response> => {
    try {
      return await createSession(c, DEMO_ORDER, currentPage(c));
    } catch (error) {
      if (!(error instanceof OnrampApiError)) throw error;
      return c.text(`Could not create a session: ${error.message}`, 502, { 'Cache-Control': 'no-store' });
    }
  };

  /**
   * What a page that makes a session on GET does first: the order the buyer came back to, a page
   * for an order this shop does not have, or a button to start when another site opened the page.
   * `undefined`: go on and make a new session.
   */
  const beforeNewSession = (c: Context<DemoEnv>, title: string): { order: ShopOrder } | Response | undefined => {
    const returned = returnedOrder(c);
    if (returned) return { order: returned };
    if (returned === null) return c.body(renderOrderNotFoundPage(title, c.req.path), 404, HTML);
    if (!ownNavigation(c)) return c.body(renderStartPage(title, c.req.path), 200, HTML);
    return undefined;
  };

  const embedPage =
    (mode: 'embedded' | 'redirect', withSession = false) =>
    async (c: Context<DemoEnv>) => {
      const title = withSession ? 'Script tag with session' : mode === 'redirect' ? 'Redirect mode' : 'Script tag';
      const first = beforeNewSession(c, title);
      if (first instanceof Response) return first;
      if (first) {
        // The order again, from the API: no data block (its creation answer says pending, whatever it is now).
        const { clientSecret, redirectUrl } = first.order;
        return c.body(
          renderEmbedPage({ ...widgetConfig(c), title, clientSecret, redirectUrl, mode, newOrder: c.req.path }),
          200,
          HTML,
        );
      }
      const created = await sessionForPage(c);
      if (created instanceof Response) return created;
      // The data block needs the order, not the secret (that is the client-secret attribute).
      const { client_secret: _secret, ...order } = created.session;
      const session = withSession ? { session: order } : {};
      const page = renderEmbedPage({
        ...widgetConfig(c),
        title,
        clientSecret: created.session.client_secret,
        redirectUrl: created.session.redirect_url,
        mode,
        ...session,
      });
      // c.body, not a new Response: the visitor's cookie set on this context goes with it.
      return c.body(page, 200, HTML);
    };
  app.get('/demo/script-tag', embedPage('embedded'));
  app.get('/demo/redirect', embedPage('redirect'));
  app.get('/demo/session', embedPage('embedded', true));

  // Rendered on the server with onramp-checkout/ssr (the built dist/ssr.js), then hydrated.
  // `?start=amount`: amount first, the order form on the server; the session comes from the shop's
  // `/api/order` at "Continue" (shop-order.ts), so opening the page makes none.
  app.get('/demo/ssr', async (c) => {
    const amountFirst = c.req.query('start') === 'amount';
    const returned = returnedOrder(c);
    const first = amountFirst
      ? returned === null
        ? c.body(renderOrderNotFoundPage('Server-rendered', c.req.path), 404, HTML)
        : returned && { order: returned }
      : beforeNewSession(c, 'Server-rendered');
    if (first instanceof Response) return first;
    const locale = ssrLocale(c.req.query('locale'));
    const { ONRAMP_CHECKOUT_STYLE_HASH } = await loadRenderer();
    const pageCsp = contentSecurityPolicy(apiOrigin, checkoutOrigin, [], [ONRAMP_CHECKOUT_STYLE_HASH]);
    const form = amountFirst ? { amountFirst: { sessionUrl: '/api/order', walletAddress: SHOP_WALLET } } : {};
    if (first) {
      const { clientSecret, redirectUrl } = first.order;
      const html = await renderSsrPage({
        ...widgetConfig(c),
        ...form,
        returned: { clientSecret, redirectUrl },
        locale,
        render: 'client',
      });
      return c.html(html, 200, { 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store' });
    }
    const render = c.req.query('render') === 'client' ? 'client' : 'server';
    if (amountFirst) {
      const html = await renderSsrPage({ ...widgetConfig(c), ...form, locale, render });
      return c.html(html, 200, { 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store' });
    }
    const created = await sessionForPage(c);
    if (created instanceof Response) return created;
    const { session } = created;
    const html = await renderSsrPage({ ...widgetConfig(c), session, locale, render });
    return c.html(html, 200, { 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store' });
  });

  // The pages of a script of their own (the framework pages among them, demo-pages.ts): static
  // documents; each script asks POST /api/sessions for its session.
  for (const page of scriptPages()) {
    const html = renderScriptPage(page);
    const pageCsp = contentSecurityPolicy(apiOrigin, checkoutOrigin, page.trustedTypes);
    app.get(page.path, (c) => c.html(html, 200, { 'Content-Security-Policy': pageCsp }));
  }
}
