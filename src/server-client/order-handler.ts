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
import type { FiatCurrency } from '../contract/catalog.js';
import type { CreateSessionRequest } from '../contract/write/session-request.js';
import type { CreatedSession } from '../contract/write/session.js';
import { type OnrampClient, createOnrampClient } from './client.js';
import { OnrampApiError } from './error.js';
import { ORDER_ERROR_STATUS, OrderRefusedError, errorBody, randomId } from './order-errors.js';
import { isOwnOrigin, originOf } from './order-origins.js';
import {
  type BuyerOrder,
  type CheckedOrder,
  type OrderRules,
  buyerOrderSchema,
  schemaProblem,
  checkOrder,
  resolveOrderRules,
} from './order-rules.js';
import { type VisitorLimitOptions, addressBucket, createVisitorLimiter } from './visitor-limits.js';

export type { OrderRules, CheckedOrder } from './order-rules.js';

export type { VisitorLimitOptions } from './visitor-limits.js';

/** What the runtime knows of the request beyond the `Request` itself. */
export interface OrderHandlerContext {
  /**
   * The client's address as the runtime sees it: Astro's `clientAddress`, h3's `getRequestIP(event)`,
   * Hono's `getConnInfo(c).remote.address`. `toNodeListener` passes the socket's.
   */
  clientAddress?: string | undefined;
}

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
  /** The merchant's bounds and catalogue; default the API's own. */
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
  /** Where the hosted checkout's "back to the shop" link goes (https, or http on localhost). */
  returnUrl?: (order: CheckedOrder, request: Request) => MaybePromise<string | undefined>;
  /**
   * Origins allowed to send orders, such as `['https://shop.example']`. Default: the request's own
   * origin, read from its `Host` header (over https, or the request's scheme), so a server behind
   * a proxy that ends TLS, or a framework whose `request.url` says `localhost`, still knows its pages. Another
   * origin listed here gets CORS answers for exactly that origin, with credentials. `*` is refused.
   */
  allowedOrigins?: readonly string[];
  /**
   * Accept a POST without an `Origin` header (a server-to-server call, an old client). Default
   * false: every current browser sends `Origin` on a POST, so a missing one is not a buyer's page.
   */
  allowMissingOrigin?: boolean;
  /**
   * The visitor an order counts against, for the bucket and the idempotency key: a user id, a
   * session cookie's id. Default: `context.clientAddress`, else the `visitorHeader`, else one
   * bucket shared by every visitor whose address is unknown.
   */
  visitor?: (request: Request, context: OrderHandlerContext) => string | null | undefined;
  /**
   * The header your own proxy sets to the client's address (`x-real-ip`, `cf-connecting-ip`,
   * `fly-client-ip`; for `x-forwarded-for` its last entry, the one your nearest proxy added). Set it
   * only behind a proxy that always sets it: otherwise any visitor sends a new one each time.
   */
  visitorHeader?: string;
  /** Each visitor's bucket (default 10 orders at once, 10 more per minute, 10000 visitors remembered); `false` for none. */
  limit?: VisitorLimitOptions | false;
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
const UNKNOWN_VISITOR = 'unknown';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The body, read up to `max` bytes: `null` past it (the stream is cancelled). */
async function readBounded(request: Request, max: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** Fields of the order whose refusal by the API is the buyer's to fix; any other is the merchant's. */
const BUYER_FIELDS = new Set(['fiat_amount', 'fiat_currency', 'crypto_currency', 'network', 'wallet_address']);

/**
 * The order endpoint as a Fetch API handler.
 *
 * ```ts
 * const handleOrder = createOrderHandler({
 *   secretKey: process.env.ONRAMP_SECRET_KEY, apiBase: process.env.ONRAMP_API_BASE,
 *   rules: { minFiatAmount: 2000, maxFiatAmount: 50000, cryptoCurrencies: ['USDC'], networks: ['polygon', 'base'] },
 * });
 * export const POST = (request: Request) => handleOrder(request);   // Next.js: app/api/order/route.ts
 * ```
 */
export function createOrderHandler(options: OrderHandlerOptions): OrderHandler {
  const rules = resolveOrderRules(options.rules);
  const allowed = options.allowedOrigins?.map(originOf);
  if (options.allowedOrigins && allowed?.length === 0)
    throw new TypeError('onramp-checkout/server: allowedOrigins is empty: no page could send an order');
  const limiter = options.limit === false ? null : createVisitorLimiter(options.limit ?? {});
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 256)
    throw new TypeError('onramp-checkout/server: maxBodyBytes must be an integer of at least 256');
  const visitorHeader = options.visitorHeader?.toLowerCase();
  const onError =
    options.onError ?? ((error: unknown) => console.error('onramp-checkout/server order handler:', error));

  // A key given at setup is checked at once (a publishable key throws here); a missing one (a
  // framework's build loads the module without secrets) is reported on the first order instead.
  let client: OnrampClient | null = options.client ?? null;
  if (!client && options.secretKey)
    client = createOnrampClient({ apiKey: options.secretKey, baseUrl: options.apiBase ?? '' });
  if (client && !options.client && !options.apiBase)
    throw new TypeError('onramp-checkout/server: createOrderHandler needs apiBase with secretKey');

  const isAllowed = (origin: string, request: Request): 'own' | 'listed' | false => {
    if (allowed) return allowed.includes(origin) ? 'listed' : false;
    return isOwnOrigin(origin, request) ? 'own' : false;
  };

  // A header the merchant names comes first: it is set because the socket's address is a proxy's.
  const visitorOf = (request: Request, context: OrderHandlerContext): string => {
    if (options.visitor) return options.visitor(request, context) || UNKNOWN_VISITOR;
    if (visitorHeader) {
      const value = request.headers.get(visitorHeader);
      const last = value
        ?.split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .pop();
      if (last) return addressBucket(last);
    }
    if (context.clientAddress) return addressBucket(context.clientAddress);
    return UNKNOWN_VISITOR;
  };
  let unknownReported = false;

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

    // 1. Which site sent it: before anything else is read.
    const fetchSite = request.headers.get('Sec-Fetch-Site');
    const verdict = origin === null ? null : isAllowed(origin, request);
    if (origin === null ? !options.allowMissingOrigin || fetchSite === 'cross-site' : !verdict)
      return fail(
        'ORIGIN_NOT_ALLOWED',
        origin === null
          ? 'Orders are taken from the shop’s own pages only (no Origin)'
          : 'Orders are taken from the shop’s own pages only',
      );
    if (fetchSite === 'cross-site' && verdict !== 'listed')
      return fail('ORIGIN_NOT_ALLOWED', 'Orders are taken from the shop’s own pages only');
    if (verdict === 'listed' && origin !== null && !isOwnOrigin(origin, request)) {
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

    // 2. The visitor's bucket: a flood costs one map lookup per request. A visitor nobody can tell
    // apart is not put in one bucket with every other (one client would lock the shop): the setup
    // is reported once instead.
    let visitor: string;
    try {
      visitor = visitorOf(request, context);
    } catch (error) {
      onError(error, request);
      return fail('INTERNAL_ERROR', 'The shop cannot take orders right now');
    }
    // A visitor hook's long value (a cookie) is hashed: the limiter keeps keys short.
    if (visitor.length > 128) visitor = `sha256:${await sha256Hex(visitor)}`;
    if (visitor === UNKNOWN_VISITOR && !unknownReported) {
      unknownReported = true;
      console.warn(
        'onramp-checkout/server: createOrderHandler cannot tell visitors apart: pass { clientAddress } as the second argument, or set visitor or visitorHeader; orders are not rate-limited until then',
      );
    }
    if (limiter && visitor !== UNKNOWN_VISITOR) {
      const taken = limiter.take(visitor);
      if (!taken.ok)
        return fail('RATE_LIMITED', 'Too many orders from this visitor; try again later', {
          headers: { 'Retry-After': String(taken.retryAfterSeconds) },
        });
    }

    // 3. The body: JSON, bounded before and while it is read.
    const mediaType = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') return fail('UNSUPPORTED_MEDIA_TYPE', 'Send the order as application/json');
    const declared = Number(request.headers.get('Content-Length') ?? '0');
    if (declared > maxBodyBytes) return fail('PAYLOAD_TOO_LARGE', `The order must be at most ${maxBodyBytes} bytes`);
    const text = await readBounded(request, maxBodyBytes);
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
      // 6. One session per order attempt: the buyer's key, scoped to the visitor so two visitors
      // sending the same key never meet; a random one when the buyer sent none.
      const idempotencyKey = idempotencyHeader
        ? `ord_${await sha256Hex(`onramp-order\u0000${visitor}\u0000${idempotencyHeader}`)}`
        : randomId('ord_');
      const created = await client.sessions.create(body, { idempotencyKey });
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
        return fail('UPSTREAM_ERROR', 'The payment provider could not create the session; try again');
      }
      onError(error, request);
      return fail('INTERNAL_ERROR', 'The shop cannot take orders right now');
    }
  };
}
