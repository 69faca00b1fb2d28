/**
 * The demo merchant: serves the merchant pages and the built widget, and creates sessions
 * server-side with the sandbox's test secret key, which never reaches the browser. It starts the
 * sandbox in the same process, so `npm start` is one command.
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../sandbox/server.js';
import { cdnFiles, compressResponses } from './cdn.js';
import { consoleApi } from './console-api.js';
import { consoleGuard, ownHostOnly, ownHosts } from './console-guard.js';
import { boundedBody, jsonBodyError, readJsonBody } from '../sandbox/http/bounded-json.js';
import { DEMO_PAGES, withDemoNav, withPreconnect } from './demo-pages.js';
import { renderEmbedPage } from './embed-page.js';
import { FRAMEWORK_PAGES, renderFrameworkPage } from './framework-pages.js';
import { loadRenderer, renderSsrPage, ssrLocale } from './ssr-page.js';
import { webhookReceiver } from './webhook-receiver.js';
import { createSessionRequestSchema } from '../../src/contract/schemas/session-request.js';

export interface StartDemoOptions {
  /** Demo page port; 0 picks a free one. Default 8080. */
  port?: number;
  host?: string;
  /** Options for the sandbox started with the demo. */
  sandbox?: StartSandboxOptions;
}

export interface DemoHandle {
  url: string;
  sandbox: SandboxHandle;
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Strict CSP of the merchant pages: proves the widget needs no inline script, style or eval.
 * `trustedTypes` adds policy names a page's framework creates (beside Lit's `lit-html`);
 * `styleHashes` the hash of a server-rendered widget's stylesheet (`'sha256-…'`), nothing looser.
 */
function contentSecurityPolicy(apiOrigin: string, checkoutOrigin: string, trustedTypes: readonly string[] = [], styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    `connect-src 'self' ${apiOrigin}`,
    `frame-src ${checkoutOrigin}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "require-trusted-types-for 'script'",
    ['trusted-types lit-html', ...trustedTypes].join(' '),
  ].join('; ');
}

export async function startDemo(options: StartDemoOptions = {}): Promise<DemoHandle> {
  const host = options.host ?? '127.0.0.1';
  const sandbox = await startSandbox(options.sandbox ?? {});
  const keys = sandbox.keys;
  if (!keys) {
    await sandbox.close();
    throw new Error(
      `The sandbox database already has an account but its keys file is missing (${sandbox.keysFile ?? 'none'}). ` +
        'Delete the .sandbox-data folder (or set SANDBOX_DB to a new file) and start again.',
    );
  }
  const apiOrigin = new URL(sandbox.apiUrl).origin;
  const checkoutOrigin = new URL(sandbox.checkoutUrl).origin;
  const csp = contentSecurityPolicy(apiOrigin, checkoutOrigin);
  const widgetConfig = { publishableKey: keys.test.publishable, apiBase: sandbox.apiUrl, checkoutOrigin };

  /** Creates a session with the secret key; the browser gets only what the widget needs. */
  /** The order of the pages whose server creates the session itself. */
  const DEMO_ORDER = { wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7', crypto_currency: 'ETH', network: 'ethereum', fiat_amount: 5000, fiat_currency: 'USD' };

  async function createSession(body: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${sandbox.apiUrl}/v1/onramp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': keys!.test.secret },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) return { status: response.status, json };
    const created = json as { data: Record<string, unknown> };
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
    return { status: 200, json: { ...widgetConfig, session: { ...created.data, ...order } } };
  }

  // The port is known once the server listens; until then no request can arrive.
  let ownHostNames: ReadonlySet<string> = new Set();
  const app = new Hono();
  app.use('*', ownHostOnly(() => ownHostNames));
  // Outermost: compresses what the handlers and the middleware below made (pages, JSON).
  app.use('*', compressResponses());
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A page that set its own policy (a framework page with one more Trusted Types name) keeps it.
    if (c.res.headers.get('Content-Type')?.startsWith('text/html') && !c.res.headers.has('Content-Security-Policy')) {
      c.header('Content-Security-Policy', csp);
    }
  });
  // Every demo page gets the same navigation and its "what this page shows" (demo-pages.ts).
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (c.res.status !== 200 || !c.res.headers.get('Content-Type')?.startsWith('text/html') || !DEMO_PAGES.some((page) => page.path === path)) return;
    // Pages with the widget open their connections to the API and the checkout while they load.
    const html = withPreconnect(withDemoNav(await c.res.text(), path), path === '/console' ? [] : [apiOrigin, checkoutOrigin]);
    c.res.headers.delete('Content-Length'); // (Hono copies the old response's headers onto the new one)
    c.res = new Response(html, { status: 200, headers: c.res.headers });
  });

  // The secret-key routes (sessions here, the console's in console-api.ts) answer this server's own
  // pages only: its Origin and JSON bodies too (console-guard.ts).
  app.use('/api/sessions', consoleGuard(() => ownHostNames));
  // An order is a few hundred bytes; bounded only after the guard's cheap checks.
  app.use('/api/sessions', boundedBody(8 * 1024));
  app.post('/api/sessions', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    const { status, json } = await createSession(body.value);
    return c.json(json as object, status as 200);
  });

  // The script-tag and redirect pages are rendered server-side with a fresh session, as a merchant
  // without a front-end build would do.
  const embedPage = (mode: 'embedded' | 'redirect', withSession = false) => async () => {
    const { status, json } = await createSession(DEMO_ORDER);
    if (status !== 200) return new Response('Could not create a session', { status: 502 });
    const created = json as { session: { client_secret: string; redirect_url: string } };
    // The data block needs the order, not the secret (that is the client-secret attribute).
    const { client_secret: _secret, ...order } = created.session;
    const session = withSession ? { session: order } : {};
    const page = renderEmbedPage({ ...widgetConfig, clientSecret: created.session.client_secret, redirectUrl: created.session.redirect_url, mode, ...session });
    return new Response(page, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  };
  app.get('/demo/script-tag', embedPage('embedded'));
  app.get('/demo/redirect', embedPage('redirect'));
  app.get('/demo/session', embedPage('embedded', true));

  // Rendered on the server with onramp-checkout/ssr (the built dist/ssr.js), then hydrated.
  app.get('/demo/ssr', async (c) => {
    const { status, json } = await createSession(DEMO_ORDER);
    if (status !== 200) return new Response('Could not create a session', { status: 502 });
    const { session } = json as { session: Record<string, unknown> };
    const render = c.req.query('render') === 'client' ? 'client' : 'server';
    const html = await renderSsrPage({ ...widgetConfig, session, locale: ssrLocale(c.req.query('locale')), render });
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

  // The merchant side: webhooks received from the sandbox, and the console (secret key server-side).
  const receiver = webhookReceiver(app, { url: sandbox.apiUrl, secretKey: keys.test.secret });
  consoleApi(app, { url: sandbox.apiUrl, secretKey: keys.test.secret }, () => ownHostNames);

  app.get('/', async (c) => c.html(await readFile(resolve(ROOT, 'index.html'), 'utf8')));
  // The console acts with the secret key: no page may frame it (clickjacking).
  const consoleCsp = `${csp}; frame-ancestors 'none'`;
  app.get('/console', async (c) =>
    c.html(await readFile(resolve(ROOT, 'demo/console.html'), 'utf8'), 200, { 'Content-Security-Policy': consoleCsp, 'X-Frame-Options': 'DENY' }),
  );
  // Like a CDN: brotli or gzip, ETag and 304, long-lived caching for content-hashed names (cdn.ts).
  app.get('/dist/*', cdnFiles(resolve(ROOT, 'dist'), '/dist/'));
  app.get('/demo/public/*', cdnFiles(resolve(ROOT, 'demo/public'), '/demo/public/'));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.notFound((c) => c.text('Not found', 404));

  const server = await new Promise<Server>((resolveServer) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: host }, () => resolveServer(s as Server));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${host}:${port}`;
  ownHostNames = ownHosts(host, port);
  try {
    await receiver.register(url);
  } catch (error) {
    await new Promise<void>((done) => server.close(() => done()));
    await sandbox.close();
    throw error;
  }
  return {
    url,
    sandbox,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await sandbox.close();
    },
  };
}
