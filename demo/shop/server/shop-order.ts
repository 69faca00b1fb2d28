/**
 * The shop page, amount first: `GET /` serves index.html with the merchant's publishable key and
 * the sandbox's addresses on its `<onramp-checkout session-url="/api/order">` (the buyer chooses
 * in the card), and `/api/order` is the package's own order handler (`createOrderHandler` of
 * `onramp-checkout/server`, here from its source), as a merchant mounts it: the merchant's secret
 * key, the shop's rules, the wallet its signed-in buyer owns. One handler per merchant (hosted:
 * per visitor's account), so each keeps its own visitor buckets. A created order is kept for the
 * return leg (shop-orders.ts), as POST /api/sessions keeps the other pages' sessions.
 *
 * A return to the shop (`?onramp_session_id=`) is drawn with that order's client secret (the order
 * again, from the API), or, for an order this shop does not have, with the form and a message.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import {
  type OrderAnswerData,
  type OrderHandler,
  type OrderRules,
  createOnrampClient,
  createOrderHandler,
} from '../../../src/server-client/index.js';
import type { OwnSite } from '../../public-demo/console-guard.js';
import type { DemoEnv } from './demo-env.js';
import type { Merchant } from './merchant.js';
import type { SandboxCall } from './sandbox-client.js';
import { rememberOrder, returnPage, returnedOrder } from './shop-orders.js';

const SHOP_PAGE = resolve(import.meta.dirname, '../../../index.html');

/** The wallet of the shop's signed-in buyer (a demo has one buyer): the widget shows it, the handler insists on it. */
export const SHOP_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The shop's own rules: 10.00 to 10,000.00, every asset and network the API delivers. */
export const SHOP_RULES: OrderRules = { minFiatAmount: 1000, maxFiatAmount: 1_000_000 };

const CHECKOUT_MODES = new Set(['embedded', 'popup', 'redirect']);

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface ShopOrderOptions {
  call: (c: Context<DemoEnv>) => SandboxCall;
  own: () => OwnSite;
  widget: (c: Context<DemoEnv>) => { publishableKey: string; apiBase: string; checkoutOrigin: string };
  /** The demo's public URL behind a proxy, where sessions return to; else the request's own Host. */
  publicUrl: string | null;
}

export function shopOrderRoutes(app: Hono<DemoEnv>, options: ShopOrderOptions): void {
  /** The visitor's address for the API's own limits (hosted), during one order. */
  const forwardedFor = new AsyncLocalStorage<string | undefined>();
  const forwardingFetch: typeof fetch = (input, init) => {
    const address = forwardedFor.getStore();
    if (!address) return fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('X-Forwarded-For', address);
    return fetch(input, { ...init, headers });
  };
  /** The page the order was sent from (its `Referer`, one of this site's demo pages), else the shop. */
  const pageOf = (request: Request): string => returnPage(request.headers.get('Referer'), options.own());
  const originOf = (request: Request): string =>
    options.publicUrl ?? `http://${request.headers.get('Host') ?? new URL(request.url).host}`;

  const handlers = new WeakMap<Merchant, OrderHandler>();
  const handlerFor = (c: Context<DemoEnv>): OrderHandler => {
    const merchant = c.get('merchant');
    let handler = handlers.get(merchant);
    if (!handler) {
      const { apiUrl, key } = options.call(c);
      handler = createOrderHandler({
        // No retries, as every call of the demo (sandbox-client.ts): a 429 goes back to the buyer at once.
        client: createOnrampClient({ apiKey: key, baseUrl: apiUrl, maxRetries: 0, fetch: forwardingFetch }),
        // The demo's own origins (its public URL, or every loopback spelling of its address), as an
        // operator configures them: never whatever Host a request names.
        allowedOrigins: [...options.own().origins],
        rules: SHOP_RULES,
        wallet: () => SHOP_WALLET,
        metadata: () => ({ shop: 'demo', started_in: 'widget' }),
        returnUrl: (_order, request) => `${originOf(request)}${pageOf(request)}`,
      });
      handlers.set(merchant, handler);
    }
    return handler;
  };

  app.all('/api/order', async (c) => {
    const request = c.req.raw;
    const handle = handlerFor(c);
    const answer = await forwardedFor.run(options.call(c).forwardedFor, () =>
      handle(request, { clientAddress: c.get('clientAddress') }),
    );
    if (answer.status === 201) {
      const { data } = (await answer.clone().json()) as { data: OrderAnswerData };
      const { fiat_amount, fiat_currency, crypto_currency, network, wallet_address } = data;
      rememberOrder(c, data, { fiat_amount, fiat_currency, crypto_currency, network, wallet_address }, pageOf(request));
    }
    return answer;
  });

  app.get('/', async (c) => {
    const html = await readFile(SHOP_PAGE, 'utf8');
    const { publishableKey, apiBase, checkoutOrigin } = options.widget(c);
    const given: Record<string, string> = {
      'publishable-key': publishableKey,
      'api-base': apiBase,
      'checkout-origin': checkoutOrigin,
    };
    const mode = c.req.query('mode');
    if (mode && CHECKOUT_MODES.has(mode)) given.mode = mode;
    const returned = returnedOrder(c);
    if (returned) {
      given['client-secret'] = returned.clientSecret;
      given['redirect-url'] = returned.redirectUrl;
    }
    const attributes = Object.entries(given)
      .map(([name, value]) => ` ${name}="${attribute(value)}"`)
      .join('');
    let page = html.replace('<onramp-checkout', `<onramp-checkout${attributes}`);
    if (returned === null)
      page = page.replace(
        /<p id="order-error"([^>]*) hidden><\/p>/,
        '<p id="order-error"$1>This shop has no such order: start a new one</p>',
      );
    return c.html(page, 200, { 'Cache-Control': 'no-store' });
  });
}
