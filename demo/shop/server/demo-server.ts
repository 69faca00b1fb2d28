/**
 * The demo merchant: serves the merchant pages and the built widget, and creates sessions
 * server-side with a secret key, which never reaches the browser. It starts the sandbox in the same
 * process, so `npm start` is one command.
 *
 * Locally the shop is the sandbox's own account. As the public demo (`publicDemo`, behind a TLS proxy at public
 * URLs), every visitor gets an account of their own (visitors.ts) and every page, the console and
 * the webhook log act for it alone.
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import {
  LOOPBACK_PROXIES,
  parseTrustedProxies,
  requestClientAddress,
  watchRemoteAddresses,
} from '../../http-common/index.js';
import {
  startSandbox,
  type GuestAccountsOptions,
  type SandboxHandle,
  type StartSandboxOptions,
} from '../../onramp-api/index.js';
import { cdnFiles } from './cdn.js';
import { compressResponses } from './compress-responses.js';
import { consoleApi } from './console-api.js';
import { type OwnSite, ownHostOnly, ownSite } from '../../public-demo/console-guard.js';
import { apiReferenceRoutes } from './api-reference.js';
import { contentSecurityPolicy } from './csp.js';
import type { DemoEnv } from './demo-env.js';
import { MOBILE_DOCS_PATH, isDemoPage, withDemoNav, withPreconnect } from './demo-pages.js';
import { type Merchant, newMerchant } from './merchant.js';
import type { SandboxCall } from './sandbox-client.js';
import { shopRoutes } from './shop-routes.js';
import { createVisitorStore } from '../../public-demo/visitor-store.js';
import { openVisitorTables } from '../../public-demo/visitor-tables.js';
import { Visitors } from '../../public-demo/visitors.js';
import { whoseShop } from '../../public-demo/whose-shop.js';
import { registerWebhook, webhookReceiver } from './webhook-receiver.js';

export interface PublicDemoOptions extends Omit<GuestAccountsOptions, 'accountTtlMs' | 'webhookReceiver'> {
  /** How long a visitor's account lives, seconds (`DEMO_ACCOUNT_TTL`). */
  accountTtlSeconds: number;
}

export interface StartDemoOptions {
  /** Demo page port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** The demo's public URL behind a proxy (`DEMO_PUBLIC_URL`). Default: its listening address. */
  publicUrl?: string;
  /**
   * The public demo (`DEMO_HOSTED=1`): a guest account per visitor, capped and deleted in time;
   * needs `publicUrl` and the sandbox's `publicApiUrl` and `publicCheckoutUrl`, all https.
   */
  publicDemo?: PublicDemoOptions;
  /** Options for the sandbox started with the demo. */
  sandbox?: StartSandboxOptions;
}

export interface DemoHandle {
  /** The demo as browsers reach it (the public URL when set). */
  url: string;
  /** Its listening address, as this machine reaches it. */
  internalUrl: string;
  sandbox: SandboxHandle;
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../../..');

export async function startDemo(options: StartDemoOptions = {}): Promise<DemoHandle> {
  const host = options.host ?? '127.0.0.1';
  const publicUrl = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const publicDemo = options.publicDemo;
  if (publicDemo && !publicUrl?.startsWith('https:'))
    throw new Error('The hosted demo needs its public https URL (DEMO_PUBLIC_URL)');

  // The app exists before the sandbox: in the public demo the sandbox delivers webhooks to it in-process.
  const app = new Hono<DemoEnv>();
  /** Hosted, each visitor's endpoint at this server's receiver is this and an id of its own. */
  const receiverPrefix = `${publicUrl}/webhooks/`;
  const sandboxOptions: StartSandboxOptions = { ...options.sandbox };
  if (publicUrl !== null) {
    sandboxOptions.merchantOrigins ??= publicDemo
      ? [publicUrl]
      : [publicUrl, 'http://localhost:*', 'http://127.0.0.1:*'];
  }
  if (publicDemo && publicUrl !== null) {
    const { accountTtlSeconds, ...rules } = publicDemo;
    sandboxOptions.corsOrigins ??= [publicUrl];
    // The visitors' tables are migrated and purged with their accounts from the first sweep on.
    sandboxOptions.onStoreOpen = openVisitorTables;
    sandboxOptions.guests = {
      ...rules,
      accountTtlMs: accountTtlSeconds * 1000,
      webhookReceiver: { prefix: receiverPrefix, fetch: async (request) => app.fetch(request) },
    };
  }
  const sandbox = await startSandbox(sandboxOptions);
  const fail = async (message: string): Promise<never> => {
    await sandbox.close();
    throw new Error(message);
  };
  if (publicDemo && (!sandbox.apiUrl.startsWith('https:') || !sandbox.checkoutUrl.startsWith('https:'))) {
    await fail(
      'The hosted demo needs the public https URLs of the API and the checkout (SANDBOX_PUBLIC_URL, CHECKOUT_PUBLIC_URL)',
    );
  }
  const keys = sandbox.keys;
  if (!publicDemo && !keys) {
    await fail(
      `The sandbox database already has an account but its keys file is missing (${sandbox.keysFile ?? 'none'}). ` +
        'Delete the .sandbox-data folder (or set SANDBOX_DB to a new file) and start again.',
    );
  }
  const apiOrigin = new URL(sandbox.apiUrl).origin;
  const checkoutOrigin = new URL(sandbox.checkoutUrl).origin;
  const csp = contentSecurityPolicy(apiOrigin, checkoutOrigin);
  // The proxy in front (Caddy) names the client: TRUSTED_PROXIES, or hosted, one on this machine.
  const trusted = options.sandbox?.trustedProxies ?? parseTrustedProxies(publicDemo ? LOOPBACK_PROXIES : undefined);

  // Locally one merchant, the sandbox's own account; hosted, one per visitor.
  const localMerchant: Merchant | null = keys ? newMerchant(keys.test, null) : null;
  const visitors =
    publicDemo && sandbox.guests && publicUrl
      ? new Visitors({ accounts: sandbox.guests, store: createVisitorStore(sandbox.sharedStore), receiverPrefix })
      : null;
  const call = (c: Context<DemoEnv>, key?: string): SandboxCall => ({
    apiUrl: sandbox.internalApiUrl,
    key: key ?? c.get('merchant').secretKey,
    forwardedFor: visitors ? c.get('clientAddress') : undefined,
  });

  // The port is known once the server listens; until then no request can arrive.
  let own: OwnSite = { hosts: new Set(), origins: new Set() };
  const getOwn = () => own;
  app.use('*', ownHostOnly(getOwn));
  app.use('*', async (c, next) => {
    c.set('clientAddress', requestClientAddress(c, trusted));
    await next();
  });
  // Outermost: compresses what the handlers and the middleware below made (pages, JSON).
  app.use('*', compressResponses());
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A page that set its own policy (a framework page with one more Trusted Types name) keeps it.
    const html = c.res.headers.get('Content-Type')?.startsWith('text/html');
    if (html && !c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', csp);
    // Hosted, every page is a visitor's own (it names their account's end): no shared cache keeps one.
    if (html && visitors) c.header('Cache-Control', 'private, no-store');
  });
  // Whose shop this is: the local merchant, or the visitor's (their first page view makes one).
  app.use('*', whoseShop(localMerchant, visitors));
  // Every demo page gets the same navigation and its "what this page shows" (demo-pages.ts).
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (c.res.status !== 200 || !c.res.headers.get('Content-Type')?.startsWith('text/html') || !isDemoPage(path))
      return;
    // Pages with the widget open their connections to the API and the checkout while they load.
    const account = visitors ? { expiresAt: c.get('merchant').expiresAt } : undefined;
    const html = withPreconnect(
      withDemoNav(await c.res.text(), path, account),
      path === '/console' ? [] : [apiOrigin, checkoutOrigin],
    );
    c.res.headers.delete('Content-Length'); // (Hono copies the old response's headers onto the new one)
    c.res = new Response(html, { status: 200, headers: c.res.headers });
  });

  shopRoutes(app, { call, own: getOwn, apiUrl: sandbox.apiUrl, checkoutOrigin, publicUrl });
  // The merchant side: webhooks received from the sandbox, and the console (secret key server-side).
  webhookReceiver(app, (id) =>
    localMerchant ? (id === undefined ? localMerchant : undefined) : visitors?.byReceiver(id),
  );
  consoleApi(app, { call, own: getOwn, hosted: visitors !== null });

  // The console acts with the secret key: no page may frame it (clickjacking; the CSP says so for every page).
  app.get('/console', async (c) =>
    c.html(await readFile(resolve(ROOT, 'demo/shop/console.html'), 'utf8'), 200, { 'X-Frame-Options': 'DENY' }),
  );
  // Like a CDN: brotli or gzip, ETag and 304, long-lived caching for content-hashed names (cdn.ts).
  app.get('/dist/*', cdnFiles(resolve(ROOT, 'dist'), '/dist/'));
  app.get('/demo/public/*', cdnFiles(resolve(ROOT, 'demo/shop/public'), '/demo/public/'));
  apiReferenceRoutes(app, resolve(ROOT, 'dist'));
  // The native side of /demo/native-app, as the repository has it (plain text; 404 where it has none).
  app.get(MOBILE_DOCS_PATH, async (c) => {
    const text = await readFile(resolve(ROOT, 'docs/mobile.md'), 'utf8').catch(() => null);
    return text === null ? c.notFound() : c.text(text, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    (options.sandbox?.log ?? console.error)(
      `[demo] ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return c.text('Something went wrong on our side; try again', 500, { 'Cache-Control': 'no-store' });
  });

  const server = await new Promise<Server>((resolveServer) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: host }, () => resolveServer(s as Server));
    watchRemoteAddresses(s);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // On every interface, this machine reaches it on loopback.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const listenUrl = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  own = ownSite(reachable, port, publicUrl, publicDemo !== undefined);
  const close = async () => {
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
    await sandbox.close();
  };
  if (localMerchant) {
    try {
      // Locally the sandbox delivers over HTTP to the listening address (loopback, test mode).
      await registerWebhook(
        localMerchant,
        { apiUrl: sandbox.internalApiUrl, key: localMerchant.secretKey },
        `${listenUrl}/webhooks`,
      );
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { url: publicUrl ?? listenUrl, internalUrl: listenUrl, sandbox, close };
}
