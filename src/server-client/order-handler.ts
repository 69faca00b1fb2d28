/**
 * The merchant's order endpoint, the one the widget's `session-url` points at: it takes the buyer's
 * order, checks it against the merchant's own rules, refuses other sites and bounds each visitor,
 * and creates the session with the secret key and an `Idempotency-Key`. Built on the Fetch API
 * (`Request` in, `Response` out), so one function serves Next.js route handlers, Hono, Nuxt/h3,
 * Astro, Deno, Bun and edge runtimes; `toNodeListener` adapts it to `node:http`. It imports no
 * `node:` module.
 *
 * The endpoint is public: anyone can POST to it. What keeps it from being the merchant's open door
 * to the API is, in order: the Origin check (a browser on another site is refused before anything
 * else), the visitor's bucket (before the body is read), the body's size (before it is read, from
 * `Content-Length`, then while reading), the contract's schemas and the merchant's rules, then the
 * merchant's own hooks (the wallet the signed-in user owns).
 */
import type { FiatCurrency } from '../contract/product.js';
import type { CreateSessionRequest } from '../contract/write/session-request.js';
import type { CreatedSession } from '../contract/write/session.js';
import { type OnrampClient, createOnrampClient } from './client.js';
import { OnrampApiError } from './error.js';
import { readBounded } from './order-body.js';
import { ORDER_ERROR_STATUS, OrderCeilingError, OrderRefusedError, errorBody, randomId } from './order-errors.js';
import { isLoopbackOwnOrigin, isSameHost, originOf } from './order-origins.js';
import {
  type BuyerOrder,
  type CheckedOrder,
  type OrderRules,
  buyerOrderSchema,
  schemaProblem,
  checkOrder,
  resolveOrderRules,
} from './order-rules.js';
import { type BucketOptions, type OrderHandlerContext, createOrderTraffic } from './order-traffic.js';
import type { VisitorLimitOptions } from './visitor-limits.js';

export type { OrderRules, CheckedOrder } from './order-rules.js';
export type { VisitorLimitOptions } from './visitor-limits.js';
export type { BucketOptions, OrderHandlerContext } from './order-traffic.js';

type MaybePromise<T> = T | Promise<T>;

/** Metadata the session carries (flat: string, number, boolean or null values; the API bounds it). */
export type OrderMetadata = Record<string, string | number | boolean | null>;

export interface OrderHandlerOptions {
  /**
   * The secret key (`…_sk_…`), read from the server's environment. A publishable key throws at
   * once. It may be undefined while a framework's build imports the module without secrets; a server
   * that runs without it answers every order `INTERNAL_ERROR` and tells `onError` why. Or give
   * `client`, to share one client.
   */
  secretKey?: string | undefined;
  /** The API's base URL (`https://api.onramp.example`, the sandbox's `http://127.0.0.1:8787`). With `secretKey`. */
  apiBase?: string | undefined;
  /** An existing client (`createOnrampClient`), in place of `secretKey` and `apiBase`. */
  client?: OnrampClient;
  /** The merchant's bounds and what it sells; default the API's product list. */
  rules?: OrderRules;
  /**
   * The wallet this buyer owns, as the merchant knows it (from its session or database): the
   * session delivers there. When the order names another wallet, or this returns nothing, the order is
   * refused (`WALLET_NOT_ALLOWED`, 403). Without this hook the order must carry `wallet_address`.
   */
  wallet?: (order: CheckedOrder, request: Request) => MaybePromise<string | null | undefined>;
  /**
   * Metadata for the session (an order id, a user id). Keep it the same for a retry of one order:
   * a retry with other metadata is an `IDEMPOTENCY_CONFLICT`.
   */
  metadata?: (order: CheckedOrder, request: Request) => MaybePromise<OrderMetadata | undefined>;
  /**
   * Where the hosted checkout's way back goes: https (http on localhost), or an app's own scheme
   * with `//` (`myapp://onramp/done`). The API checks it: a refused one reaches `onError` as its
   * `VALIDATION_ERROR` (param `return_url`), and the buyer reads `UPSTREAM_ERROR`.
   */
  returnUrl?: (order: CheckedOrder, request: Request) => MaybePromise<string | undefined>;
  /**
   * The origins of the pages that send orders, such as `['https://shop.example']`: the shop's own
   * and any other it serves the widget on (those get CORS answers for exactly that origin, with
   * credentials). `*` is refused. Without it only a loopback page sending to a loopback server may
   * order (`http://localhost:3000` in development), which the handler says once: a `Host` header is
   * the client's to write, so it never makes a page the shop's own.
   */
  allowedOrigins?: readonly string[];
  /**
   * Accept a POST without an `Origin` header (a server-to-server call, an old client). Default
   * false: every current browser sends `Origin` on a POST, so a missing one is not a buyer's page.
   */
  allowMissingOrigin?: boolean;
  /**
   * The visitor an order counts against, for the bucket and the idempotency key: a signed-in user's
   * id, the id of a session cookie your server verifies (never a value the client may make up: each
   * new value would be a new bucket). `null` or `''` for an anonymous buyer, who then counts by
   * `visitorHeader`, else by `context.clientAddress`, else in the one shared bucket (`sharedLimit`).
   */
  visitor?: (request: Request, context: OrderHandlerContext) => MaybePromise<string | null | undefined>;
  /**
   * The header your own proxy sets to the client's address (`x-real-ip`, `cf-connecting-ip`,
   * `fly-client-ip`; for `x-forwarded-for` its last entry, the one your nearest proxy added). Only
   * behind a proxy that always sets it, overwriting the client's: otherwise any visitor names a new
   * bucket with each request. A value that is not an IP address is ignored.
   */
  visitorHeader?: string;
  /** Each visitor's bucket: default 10 orders at once, 10 more per minute, 10000 visitors remembered. */
  limit?: VisitorLimitOptions;
  /**
   * The one bucket shared by every request that names no visitor (no hook value, no header, no
   * address: a route that passes no `clientAddress`, a connection reset before its address was
   * read). Default 5 orders at once, 5 more per minute.
   */
  sharedLimit?: BucketOptions;
  /**
   * The handler's ceiling for all the sessions it creates, whoever asks: default 20 at once, 60 more
   * per minute. Keep it below what your secret key may call (the sandbox: 100 at once, 25 a second),
   * with room for your server's own calls, so strangers' orders can never exhaust it. Over it, and
   * when the API itself answers 429, buyers read that checkout is busy (`RATE_LIMITED`, with
   * `Retry-After`) and `onError` is told (`OrderCeilingError`, at most once a minute); a 429 is never
   * retried into more calls.
   */
  ceiling?: BucketOptions;
  /** Largest body, bytes. Default 4096 (an order is about 200). */
  maxBodyBytes?: number;
  /**
   * Told of every failure that is not the buyer's (a hook threw, the API refused the secret key or
   * could not be reached). Default: `console.error`. Never given the secret key.
   */
  onError?: (error: unknown, request: Request) => void;
}

/** The handler: a `Request` in, the API's envelope out. */
export type OrderHandler = (request: Request, context?: OrderHandlerContext) => Promise<Response>;

/** What a created order answers: the API's creation response, with the order as the session was made. */
export type OrderAnswerData = CreatedSession & {
  fiat_amount: number;
  fiat_currency: FiatCurrency;
  crypto_currency: CheckedOrder['crypto_currency'];
  network: CheckedOrder['network'];
  wallet_address: string;
};

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How often the ceiling's refusals are told to `onError`, ms. */
const CEILING_REPORT_MS = 60_000;
const BUSY = 'Checkout is busy right now; try again shortly';

/** Fields of the order whose refusal by the API is the buyer's to fix; any other is the merchant's. */
const BUYER_FIELDS = new Set(['fiat_amount', 'fiat_currency', 'crypto_currency', 'network', 'wallet_address']);

/**
 * The order endpoint as a Fetch API handler.
 *
 * ```ts
 * const handleOrder = createOrderHandler({
 *   secretKey: process.env.ONRAMP_SECRET_KEY, apiBase: process.env.ONRAMP_API_BASE,
 *   allowedOrigins: ['https://shop.example'],
 *   rules: { minFiatAmount: 2000, maxFiatAmount: 50000, cryptoCurrencies: ['USDC'], networks: ['polygon', 'base'] },
 * });
 * // node:http: toNodeListener(handleOrder); Astro: ({ request, clientAddress }) => handleOrder(request, { clientAddress })
 * ```
 */
export function createOrderHandler(options: OrderHandlerOptions): OrderHandler {
  const rules = resolveOrderRules(options.rules);
  const allowed = options.allowedOrigins?.map(originOf);
  if (options.allowedOrigins && allowed?.length === 0)
    throw new TypeError('onramp-checkout/server: allowedOrigins is empty: no page could send an order');
  const traffic = createOrderTraffic(options);
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 256)
    throw new TypeError('onramp-checkout/server: maxBodyBytes must be an integer of at least 256');
  const onError =
    options.onError ?? ((error: unknown) => console.error('onramp-checkout/server order handler:', error));

  // A key given at setup is checked at once (a publishable key throws here); a missing one (a
  // framework's build loads the module without secrets) is reported on the first order instead.
  // The handler's own client retries no 429: a stranger's refusal must not become more calls.
  let client: OnrampClient | null = options.client ?? null;
  if (!client && options.secretKey)
    client = createOnrampClient({ apiKey: options.secretKey, baseUrl: options.apiBase ?? '' });
  if (client && !options.client && !options.apiBase)
    throw new TypeError('onramp-checkout/server: createOrderHandler needs apiBase with secretKey');

  const verdictOf = (origin: string, request: Request): 'own' | 'listed' | false => {
    if (allowed) return allowed.includes(origin) ? (isSameHost(origin, request) ? 'own' : 'listed') : false;
    return isLoopbackOwnOrigin(origin, request) ? 'own' : false;
  };
  // Setup problems are told once each (one that refuses buyers to onError, the other as a warning);
  // the ceiling's refusals at most once a minute, with their count.
  let originsTold = false;
  let unattributedTold = false;
  let ceilingToldAt = Number.NEGATIVE_INFINITY;
  let ceilingRefused = 0;

  return async (request, context = {}) => {
    const requestId = randomId('req_');
    const origin = request.headers.get('Origin');
    const corsHeaders: Record<string, string> = {};

    const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Request-Id': requestId,
          Vary: 'Origin',
          ...corsHeaders,
          ...headers,
        },
      });
    const fail = (
      code: string,
      message: string,
      extra: { status?: number; param?: string | undefined; headers?: Record<string, string> } = {},
    ): Response =>
      answer(
        extra.status ?? (ORDER_ERROR_STATUS as Record<string, number | undefined>)[code] ?? 400,
        errorBody(code, message, requestId, extra.param),
        extra.headers,
      );
    const busy = (retryAfterSeconds: number): Response =>
      fail('RATE_LIMITED', BUSY, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

    // 1. Which site sent it: before anything else is read.
    const fetchSite = request.headers.get('Sec-Fetch-Site');
    const verdict = origin === null ? null : verdictOf(origin, request);
    if (origin === null ? !options.allowMissingOrigin || fetchSite === 'cross-site' : !verdict) {
      if (origin !== null && !allowed && !originsTold) {
        originsTold = true;
        onError(
          new Error(
            `onramp-checkout/server: createOrderHandler refused an order from ${JSON.stringify(origin.slice(0, 100))}: without allowedOrigins only a loopback page of a loopback server (development) may send orders; set allowedOrigins to your shop's origins`,
          ),
          request,
        );
      }
      return fail(
        'ORIGIN_NOT_ALLOWED',
        origin === null
          ? 'Orders are taken from the shop’s own pages only (no Origin)'
          : 'Orders are taken from the shop’s own pages only',
      );
    }
    if (fetchSite === 'cross-site' && verdict !== 'listed')
      return fail('ORIGIN_NOT_ALLOWED', 'Orders are taken from the shop’s own pages only');
    if (verdict === 'listed' && origin !== null) {
      corsHeaders['Access-Control-Allow-Origin'] = origin;
      corsHeaders['Access-Control-Allow-Credentials'] = 'true';
    }
    if (request.method === 'OPTIONS' && corsHeaders['Access-Control-Allow-Origin'])
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders,
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      });
    if (request.method !== 'POST')
      return fail('METHOD_NOT_ALLOWED', 'Send the order with POST', { headers: { Allow: 'POST' } });

    // 2. The sender's bucket, before the body: a flood costs one map lookup per request, and a
    // request that names nobody draws from the one small shared bucket, never from none.
    let sender;
    try {
      sender = await traffic.senderOf(request, context);
    } catch (error) {
      onError(error, request);
      return fail('INTERNAL_ERROR', 'The shop cannot take orders right now');
    }
    if (!sender && !unattributedTold) {
      unattributedTold = true;
      console.warn(
        'onramp-checkout/server: createOrderHandler cannot tell this visitor apart: orders that name no visitor share one small bucket (sharedLimit). Pass { clientAddress } as the second argument, or set visitor or visitorHeader',
      );
    }
    const taken = traffic.take(sender);
    if (!taken.ok)
      return fail('RATE_LIMITED', 'Too many orders from this visitor; try again shortly', {
        headers: { 'Retry-After': String(taken.retryAfterSeconds) },
      });

    // 3. The body: JSON, bounded before and while it is read.
    const mediaType = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') return fail('UNSUPPORTED_MEDIA_TYPE', 'Send the order as application/json');
    const declared = Number(request.headers.get('Content-Length') ?? '0');
    if (declared > maxBodyBytes) return fail('PAYLOAD_TOO_LARGE', `The order must be at most ${maxBodyBytes} bytes`);
    let text: string | null;
    try {
      text = await readBounded(request, maxBodyBytes);
    } catch {
      // The client went away mid-body (a reset, an abort): nothing to create.
      return fail('VALIDATION_ERROR', 'The order’s body could not be read');
    }
    if (text === null) return fail('PAYLOAD_TOO_LARGE', `The order must be at most ${maxBodyBytes} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail('INVALID_JSON', 'The body is not valid JSON');
    }
    const parsed = buyerOrderSchema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      const problem = schemaProblem(typeof field === 'string' ? field : '');
      return fail(problem.code, problem.message, { param: typeof field === 'string' ? field : undefined });
    }
    const order: BuyerOrder = parsed.data;

    // 4. The merchant's rules.
    const checked = checkOrder(order, rules);
    if (!checked.ok) return fail(checked.failure.code, checked.failure.message, { param: checked.failure.param });

    const idempotencyHeader = request.headers.get('Idempotency-Key');
    if (idempotencyHeader !== null && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyHeader))
      return fail('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
        param: 'Idempotency-Key',
      });

    if (!client) {
      onError(
        new Error('createOrderHandler has no secretKey (or client): set ONRAMP_SECRET_KEY on this server'),
        request,
      );
      return fail('INTERNAL_ERROR', 'The shop cannot take orders right now');
    }
    try {
      // 5. The merchant's hooks.
      let wallet = checked.order.wallet_address;
      if (options.wallet) {
        const owned = await options.wallet(checked.order, request);
        if (!owned) return fail('WALLET_NOT_ALLOWED', 'No wallet is known for this buyer', { param: 'wallet_address' });
        if (wallet !== undefined && wallet.toLowerCase() !== owned.toLowerCase())
          return fail('WALLET_NOT_ALLOWED', 'The order’s wallet is not this buyer’s', { param: 'wallet_address' });
        wallet = owned;
      }
      if (wallet === undefined)
        return fail('VALIDATION_ERROR', 'wallet_address is required', { param: 'wallet_address' });
      const metadata = await options.metadata?.(checked.order, request);
      const returnUrl = await options.returnUrl?.(checked.order, request);
      const body: CreateSessionRequest = {
        wallet_address: wallet,
        crypto_currency: checked.order.crypto_currency,
        fiat_amount: checked.order.fiat_amount,
        fiat_currency: checked.order.fiat_currency,
        network: checked.order.network,
        ...(metadata ? { metadata } : {}),
        ...(returnUrl ? { return_url: returnUrl } : {}),
      };

      // 6. The handler's ceiling: every session it asks for, whoever asked.
      const ceiling = traffic.takeCeiling();
      if (!ceiling.ok) {
        ceilingRefused += 1;
        const now = Date.now();
        if (now - ceilingToldAt >= CEILING_REPORT_MS) {
          onError(new OrderCeilingError(ceilingRefused, ceiling.retryAfterSeconds), request);
          ceilingToldAt = now;
          ceilingRefused = 0;
        }
        return busy(ceiling.retryAfterSeconds);
      }

      // 7. One session per order attempt: the buyer's key, scoped to its sender so two visitors
      // sending the same key never meet; a random one when the buyer sent none or is nobody known.
      const idempotencyKey = await traffic.idempotencyKey(sender, idempotencyHeader);
      const created = await client.sessions.create(body, { idempotencyKey, retryRateLimited: false });
      const data: OrderAnswerData = {
        ...created,
        fiat_amount: body.fiat_amount,
        fiat_currency: body.fiat_currency,
        crypto_currency: body.crypto_currency,
        network: checked.order.network,
        wallet_address: wallet,
      };
      return answer(201, { success: true, data });
    } catch (error) {
      if (error instanceof OrderRefusedError)
        return fail(error.code, error.message, { status: error.status, param: error.param });
      if (error instanceof OnrampApiError) {
        if (error.code === 'IDEMPOTENCY_CONFLICT')
          return fail('IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was already used with another order', {
            param: 'Idempotency-Key',
          });
        if (error.status === 400 && error.param && BUYER_FIELDS.has(error.param))
          return fail(error.code, error.message, { status: 400, param: error.param });
        onError(error, request);
        if (error.status === 429) return busy(error.retryAfter ?? 5);
        return fail('UPSTREAM_ERROR', 'The payment provider could not create the session; try again');
      }
      onError(error, request);
      return fail('INTERNAL_ERROR', 'The shop cannot take orders right now');
    }
  };
}
