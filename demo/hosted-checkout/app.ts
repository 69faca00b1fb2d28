/**
 * The hosted checkout, on its own origin: `GET /pay/:id?t=` shows the order and the card form,
 * `POST /pay/:id` pays with a test card and redirects back (303) to the page (which then shows the
 * outcome and the way back to the merchant, way-back.ts), `GET
 * /pay/:id/status?t=` is the small JSON the page polls. A wrong token is a plain 404 page.
 *
 * Every page is in the buyer's language (checkout-language.ts): the `locale` query (one BCP 47
 * tag; the card form carries it in a hidden field, and the redirect after paying in its query),
 * else `Accept-Language`, English last.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { EMBED_ORIGIN_PARAM } from '../../src/contract/checkout-protocol.js';
import { SESSION_ID_PATTERN } from '../../src/contract/credentials.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';
import type { SandboxDeps } from '../onramp-api/deps.js';
import { matchesHash } from '../onramp-api/domain/ids.js';
import { newRequestId } from '../http-common/ids.js';
import { type CardForm, checkCard } from './cards.js';
import {
  type CheckoutTexts,
  englishTexts,
  loadCheckoutCatalogues,
  localeParam,
  textsFor,
} from './checkout-language.js';
import { frameAncestors, isAllowedOrigin } from '../http-common/index.js';
import { acceptLanguageTags } from '../../src/i18n/negotiate.js';
import {
  LOCALE_PARAM,
  type PagePlacement,
  renderCheckoutPage,
  renderErrorPage,
  renderNotFoundPage,
  renderTooLargePage,
} from './page.js';
import { checkoutScript } from './script.js';

const STYLESHEET = {
  type: 'text/css; charset=utf-8',
  body: readFileSync(new URL('./assets/checkout.css', import.meta.url), 'utf8'),
};

const HTML = 'text/html; charset=utf-8';

export function createCheckoutApp(deps: SandboxDeps): Hono {
  const app = new Hono();
  // The catalogues load while the server starts; a page waits for them only if it comes first. A
  // catalogue that fails to load fails its pages (500, in English), not the process.
  loadCheckoutCatalogues().catch(() => {});
  /** The page's behaviour: browser/*.ts bundled (script.ts), a file of its own like the stylesheet. */
  const assets: Readonly<Record<string, { type: string; body: string }>> = {
    'checkout.css': STYLESHEET,
    'checkout.js': { type: 'text/javascript; charset=utf-8', body: checkoutScript() },
  };
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors(deps.merchantOrigins)}`,
  ].join('; ');

  app.use('*', async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', csp);
    h.set('Referrer-Policy', 'no-referrer');
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Cache-Control', 'no-store');
    h.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    h.set('Request-Id', newRequestId());
  });
  /**
   * The buyer's language: `chosen` (the `locale` of the form), else the `locale` query, else the
   * request's `Accept-Language`; English last.
   */
  const textsOf = (c: Context, chosen?: string): Promise<CheckoutTexts> => {
    const locale = chosen ?? localeParam(c.req.query(LOCALE_PARAM));
    return textsFor([...(locale ? [locale] : []), ...acceptLanguageTags(c.req.header('Accept-Language'))]);
  };

  app.use(
    '/pay/*',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: async (c) => c.html(renderTooLargePage(await textsOf(c), deps.brand), 413),
    }),
  );

  /** The session when the token matches it, brought up to date; otherwise undefined. */
  const sessionFor = (id: string, token: string | undefined): SessionRow | undefined => {
    if (!SESSION_ID_PATTERN.test(id) || !token || token.length > 64) return undefined;
    const row = deps.sessionService.get(id);
    return row && matchesHash(token, row.checkout_token_hash) ? row : undefined;
  };
  const embedOriginOf = (value: unknown): string | null =>
    typeof value === 'string' && isAllowedOrigin(value, deps.merchantOrigins) ? value : null;
  const notFound = async (c: Context, chosen?: string) =>
    c.body(renderNotFoundPage(await textsOf(c, chosen), deps.brand), 404, { 'Content-Type': HTML });
  /**
   * Inside the widget's iframe, as the browser says (`Sec-Fetch-Dest`); every other request gets the
   * page of its own, and the page's script hides its way back if it finds itself framed anyway.
   */
  const surfaceOf = (c: Context): PagePlacement => (c.req.header('Sec-Fetch-Dest') === 'iframe' ? 'frame' : 'window');

  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/assets/:name', (c) => {
    const asset = assets[c.req.param('name')];
    if (!asset) return c.text('Not found', 404);
    return c.body(asset.body, 200, { 'Content-Type': asset.type });
  });

  app.get('/pay/:id', async (c) => {
    const token = c.req.query('t');
    let row = sessionFor(c.req.param('id'), token);
    if (!row || !token) return notFound(c);
    row = deps.sessionService.refreshQuote(row);
    const page = renderCheckoutPage({
      row,
      token,
      embedOrigin: embedOriginOf(c.req.query(EMBED_ORIGIN_PARAM)),
      brand: deps.brand,
      texts: await textsOf(c),
      locale: localeParam(c.req.query(LOCALE_PARAM)) ?? null,
      surface: surfaceOf(c),
    });
    return c.body(page, 200, { 'Content-Type': HTML });
  });

  app.get('/pay/:id/status', (c) => {
    const row = sessionFor(c.req.param('id'), c.req.query('t'));
    if (!row) return c.json({ error: 'not_found' }, 404);
    return c.json({ session_id: row.id, status: row.status, tx_hash: row.status === 'completed' ? row.tx_hash : null });
  });

  app.post('/pay/:id', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string): string => {
      const value = form[name];
      return typeof value === 'string' ? value : '';
    };
    const token = text('t');
    // The language the page with the form was in, when the buyer chose it by the `locale` query.
    const locale = localeParam(form[LOCALE_PARAM]) ?? localeParam(c.req.query(LOCALE_PARAM)) ?? null;
    const found = sessionFor(c.req.param('id'), token);
    if (!found) return notFound(c, locale ?? undefined);
    const embedOrigin = embedOriginOf(form[EMBED_ORIGIN_PARAM]);
    const row = deps.sessionService.refreshQuote(found);
    const texts = await textsOf(c, locale ?? undefined);
    const page = { row, token, embedOrigin, brand: deps.brand, texts, locale, surface: surfaceOf(c) };
    if (row.status !== 'pending') {
      return c.body(renderCheckoutPage({ ...page, notPayable: true }), 409, { 'Content-Type': HTML });
    }
    const card: CardForm = {
      card_number: text('card_number'),
      card_expiry: text('card_expiry'),
      card_cvc: text('card_cvc'),
      card_name: text('card_name').trim(),
    };
    const checked = checkCard(card, deps.clock.now());
    if ('errors' in checked) {
      return c.body(renderCheckoutPage({ ...page, errors: checked.errors, cardName: card.card_name }), 400, {
        'Content-Type': HTML,
      });
    }
    deps.sessionService.pay(row, checked.outcome);
    const params = new URLSearchParams({ t: token });
    if (embedOrigin) params.set(EMBED_ORIGIN_PARAM, embedOrigin);
    if (locale) params.set(LOCALE_PARAM, locale);
    return c.redirect(`/pay/${row.id}?${params.toString()}`, 303);
  });

  app.notFound((c) => notFound(c));
  app.onError(async (error, c) => {
    deps.log(`[sandbox] checkout error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    // In English when the error is the catalogues' own.
    const texts = await textsOf(c).catch(englishTexts);
    return c.body(renderErrorPage(texts, deps.brand), 500, { 'Content-Type': HTML });
  });
  return app;
}
