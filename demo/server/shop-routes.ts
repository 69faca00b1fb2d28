/**
 * The shop's routes that create sessions with the merchant's secret key: `POST /api/sessions` (the
 * shop page and the framework pages ask it), and the pages its server renders with a fresh session
 * (script tag, session data block, redirect, server-rendered), as a merchant without a front-end
 * build would do. The browser gets only what the widget needs.
 */
import type { Context, Hono } from 'hono';
import { createSessionRequestSchema } from '../../src/contract/schemas/session-request.js';
import { boundedBody, jsonBodyError, readJsonBody } from '../sandbox/http/bounded-json.js';
import { type OwnSite, consoleGuard } from './console-guard.js';
import { contentSecurityPolicy } from './csp.js';
import type { DemoEnv } from './demo-env.js';
import { renderEmbedPage } from './embed-page.js';
import { FRAMEWORK_PAGES, renderFrameworkPage } from './framework-pages.js';
import { type SandboxCall, callSandbox } from './sandbox-client.js';
import { loadRenderer, renderSsrPage, ssrLocale } from './ssr-page.js';

/** The order of the pages whose server creates the session itself. */
const DEMO_ORDER = { wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7', crypto_currency: 'ETH', network: 'ethereum', fiat_amount: 5000, fiat_currency: 'USD' };

export interface ShopRoutesOptions {
  call: (c: Context<DemoEnv>) => SandboxCall;
  own: () => OwnSite;
  /** The API and checkout as browsers reach them. */
  apiUrl: string;
  checkoutOrigin: string;
}

export function shopRoutes(app: Hono<DemoEnv>, options: ShopRoutesOptions): void {
  const apiOrigin = new URL(options.apiUrl).origin;
  const { checkoutOrigin } = options;
  const widgetConfig = (c: Context<DemoEnv>) => ({ publishableKey: c.get('merchant').publishableKey, apiBase: options.apiUrl, checkoutOrigin });

  /** Creates a session with the secret key; the browser gets only what the widget needs. */
  async function createSession(c: Context<DemoEnv>, body: unknown): Promise<{ status: number; json: unknown }> {
    const reply = await callSandbox(options.call(c), 'POST', '/v1/onramp', body);
    if (reply.status < 200 || reply.status >= 300) return reply;
    const created = reply.json as { data: Record<string, unknown> };
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
    return { status: 200, json: { ...widgetConfig(c), session: { ...created.data, ...order } } };
  }

  // The secret-key routes answer this server's own pages only: its Origin and JSON bodies too (console-guard.ts).
  app.use('/api/sessions', consoleGuard(options.own));
  // An order is a few hundred bytes; bounded only after the guard's cheap checks.
  app.use('/api/sessions', boundedBody(8 * 1024));
  app.post('/api/sessions', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    const { status, json } = await createSession(c, body.value);
    return c.json(json as object, status as 200);
  });

  const couldNotCreate = (json: unknown) => {
    const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
    return new Response(`Could not create a session${typeof message === 'string' ? `: ${message}` : ''}`, { status: 502, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  };

  const embedPage = (mode: 'embedded' | 'redirect', withSession = false) => async (c: Context<DemoEnv>) => {
    const { status, json } = await createSession(c, DEMO_ORDER);
    if (status !== 200) return couldNotCreate(json);
    const created = json as { session: { client_secret: string; redirect_url: string } };
    // The data block needs the order, not the secret (that is the client-secret attribute).
    const { client_secret: _secret, ...order } = created.session;
    const session = withSession ? { session: order } : {};
    const page = renderEmbedPage({ ...widgetConfig(c), clientSecret: created.session.client_secret, redirectUrl: created.session.redirect_url, mode, ...session });
    return new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
  };
  app.get('/demo/script-tag', embedPage('embedded'));
  app.get('/demo/redirect', embedPage('redirect'));
  app.get('/demo/session', embedPage('embedded', true));

  // Rendered on the server with onramp-checkout/ssr (the built dist/ssr.js), then hydrated.
  app.get('/demo/ssr', async (c) => {
    const { status, json } = await createSession(c, DEMO_ORDER);
    if (status !== 200) return couldNotCreate(json);
    const { session } = json as { session: Record<string, unknown> };
    const render = c.req.query('render') === 'client' ? 'client' : 'server';
    const html = await renderSsrPage({ ...widgetConfig(c), session, locale: ssrLocale(c.req.query('locale')), render });
    const { ONRAMP_CHECKOUT_STYLE_HASH } = await loadRenderer();
    const pageCsp = contentSecurityPolicy(apiOrigin, checkoutOrigin, [], [ONRAMP_CHECKOUT_STYLE_HASH]);
    return c.html(html, 200, { 'Content-Security-Policy': pageCsp, 'Cache-Control': 'no-store' });
  });

  // The framework pages: static shells; each app asks POST /api/sessions for its session.
  for (const page of FRAMEWORK_PAGES) {
    const html = renderFrameworkPage(page);
    const pageCsp = contentSecurityPolicy(apiOrigin, checkoutOrigin, page.trustedTypes);
    app.get(`/demo/${page.name}`, (c) => c.html(html, 200, { 'Content-Security-Policy': pageCsp }));
  }
}
