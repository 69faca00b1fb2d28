/**
 * Who sends an order, and whether they may: the order handler spends the merchant's secret key for
 * anonymous buyers, so every request takes a token from some bucket (docs/design.md "The
 * merchant's order endpoint"):
 *
 * - the visitor's own bucket, the visitor being the merchant's `visitor` hook's value, else the
 *   header the merchant's proxy sets, else the client address the runtime saw;
 * - one small shared bucket for every request that names none of them (a socket reset before its
 *   address was read, a route that passes no address): never unlimited;
 * - and, for every session the handler creates, its own ceiling, below the account's secret-key
 *   capacity, so strangers cannot drain the key the merchant's own server calls with.
 *
 * A hook's values and addresses live in separate namespaces, and the shared bucket is a limiter of
 * its own: no value a visitor sends can land in another's bucket.
 */
import { addressBucket } from './client-address.js';
import { type VisitorLimitOptions, createVisitorLimiter } from './visitor-limits.js';

/** A bucket's size: tokens at once, and tokens regained per minute. */
export interface BucketOptions {
  /** Tokens at once. */
  burst?: number;
  /** Tokens regained per minute, continuously. */
  perMinute?: number;
}

/** The shared bucket of requests that name no visitor: 5 at once, 5 more a minute. */
export const DEFAULT_SHARED_LIMIT = { burst: 5, perMinute: 5 } as const;
/**
 * Every creation of one handler: 20 at once, 60 more a minute. The handler cannot know the
 * account's capacity (the sandbox's secret keys: 100 at once, 25 a second): keep it below that, with
 * room for your server's own calls.
 */
export const DEFAULT_CEILING = { burst: 20, perMinute: 60 } as const;

/** Who an order counts against: `key` names the bucket and scopes its idempotency keys; `null` is nobody known. */
export type OrderSender = { key: string } | null;

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What the runtime knows of the request beyond the `Request` itself. */
export interface OrderHandlerContext {
  /**
   * The client's address as the runtime saw it at the connection: Astro's `clientAddress`, h3's
   * `getRequestIP(event)`, Hono's `getConnInfo(c).remote.address`. `toNodeListener` passes the socket's.
   */
  clientAddress?: string | undefined;
}

export interface OrderTrafficOptions {
  visitor?: ((request: Request, context: OrderHandlerContext) => MaybePromise<string | null | undefined>) | undefined;
  visitorHeader?: string | undefined;
  limit?: VisitorLimitOptions | undefined;
  sharedLimit?: BucketOptions | undefined;
  ceiling?: BucketOptions | undefined;
}

type MaybePromise<T> = T | Promise<T>;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The last entry of a proxy's header (`X-Forwarded-For`: the one the nearest proxy added). */
const lastEntry = (value: string | null): string =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop() ?? '';

/** The buckets of one handler. */
export function createOrderTraffic(options: OrderTrafficOptions) {
  const visitors = createVisitorLimiter(options.limit ?? {});
  const shared = createVisitorLimiter({ ...DEFAULT_SHARED_LIMIT, ...options.sharedLimit, maxVisitors: 1 });
  const ceiling = createVisitorLimiter({ ...DEFAULT_CEILING, ...options.ceiling, maxVisitors: 1 });
  const header = options.visitorHeader?.toLowerCase();

  return {
    /**
     * Who sent `request`: the hook's value (hashed when long), else the proxy's header, else the
     * runtime's address; `null` when none names anyone. A hook that throws throws here.
     */
    async senderOf(request: Request, context: OrderHandlerContext): Promise<OrderSender> {
      const { clientAddress } = context;
      const value = options.visitor ? await options.visitor(request, context) : undefined;
      if (typeof value === 'string' && value !== '')
        return { key: `visitor:${value.length > 128 ? `sha256:${await sha256Hex(value)}` : value}` };
      const fromHeader = header ? addressBucket(lastEntry(request.headers.get(header))) : null;
      const address = fromHeader ?? (clientAddress ? addressBucket(clientAddress) : null);
      return address ? { key: `address:${address}` } : null;
    },
    /** A token of the sender's bucket (the shared one for nobody known). */
    take(sender: OrderSender): TakeResult {
      return sender ? visitors.take(sender.key) : shared.take('');
    },
    /** A token of the handler's ceiling, taken for each session it asks the API for. */
    takeCeiling(): TakeResult {
      return ceiling.take('');
    },
    /** The idempotency key sent to the API: the buyer's, scoped to its sender; nobody known gets none to share. */
    async idempotencyKey(sender: OrderSender, buyerKey: string | null): Promise<string> {
      if (!sender || buyerKey === null) return `ord_${crypto.randomUUID().replaceAll('-', '')}`;
      return `ord_${await sha256Hex(`onramp-order\u0000${sender.key}\u0000${buyerKey}`)}`;
    },
  };
}

export type OrderTraffic = ReturnType<typeof createOrderTraffic>;
