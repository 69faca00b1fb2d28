/** The order handler's error answers: their codes and statuses, and the error hooks throw to refuse an order. */

/**
 * The codes of the handler's error answers (`{success: false, error: {code, message, param?,
 * request_id}}`), with their HTTP status. Those the API also has keep its meaning.
 */
export const ORDER_ERROR_STATUS = {
  /** The body is not JSON. */
  INVALID_JSON: 400,
  /** A field is missing or malformed, or breaks the rules (`param` names it). */
  VALIDATION_ERROR: 400,
  /** `fiat_amount` is outside the merchant's bounds (`rules.minFiatAmount`, `rules.maxFiatAmount`). */
  AMOUNT_OUT_OF_RANGE: 400,
  /** The asset is not delivered on that network, by the API or by this merchant. */
  UNSUPPORTED_NETWORK: 400,
  /** `wallet_address` is not an address of the network (the API's checksum check included). */
  INVALID_WALLET_ADDRESS: 400,
  /** The `wallet` hook gave no wallet for this buyer, or another one than the order's. */
  WALLET_NOT_ALLOWED: 403,
  /** The request came from another site (`Origin`, `Sec-Fetch-Site`), or without an Origin. */
  ORIGIN_NOT_ALLOWED: 403,
  /** Not a POST (or a CORS preflight). */
  METHOD_NOT_ALLOWED: 405,
  /** The same `Idempotency-Key` came with another order. */
  IDEMPOTENCY_CONFLICT: 409,
  /** The body is larger than `maxBodyBytes`. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not `application/json`. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /**
   * This visitor sent too many orders, or checkout is busy (the handler's `ceiling`, or the API's
   * own limit of the secret key): wait `Retry-After` seconds.
   */
  RATE_LIMITED: 429,
  /** The handler's own failure (a hook threw, the secret key is missing): see `onError`. */
  INTERNAL_ERROR: 500,
  /** The onramp API refused the merchant's request or could not be reached: see `onError`. */
  UPSTREAM_ERROR: 502,
} as const;
export type OrderErrorCode = keyof typeof ORDER_ERROR_STATUS;

/**
 * Thrown by a hook (`wallet`, `metadata`, `returnUrl`) to refuse the order with a code, a status
 * and a message the buyer's page may show; any other error a hook throws is an `INTERNAL_ERROR`.
 */
export class OrderRefusedError extends Error {
  readonly code: string;
  readonly status: number;
  readonly param: string | undefined;
  constructor(init: { code: string; message: string; status?: number; param?: string }) {
    super(init.message);
    this.name = 'OrderRefusedError';
    this.code = init.code;
    this.status = init.status ?? 403;
    this.param = init.param;
  }
}

/**
 * Told to `onError` when the handler's `ceiling` refused orders (at most once a minute): buyers
 * read that checkout is busy. If real buyers meet it, raise `ceiling`, below your key's rate limit.
 */
export class OrderCeilingError extends Error {
  /** Orders refused since the last report. */
  readonly refused: number;
  /** Seconds until the ceiling takes an order again. */
  readonly retryAfterSeconds: number;
  constructor(refused: number, retryAfterSeconds: number) {
    super(
      `createOrderHandler's ceiling refused ${refused} order${refused === 1 ? '' : 's'} (checkout is busy for ${retryAfterSeconds} s): raise the ceiling option if these are real buyers`,
    );
    this.name = 'OrderCeilingError';
    this.refused = refused;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `req_` and 32 hex digits. */
export function randomId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replaceAll('-', '')}`;
}

/** The API's error envelope. */
export function errorBody(code: string, message: string, requestId: string, param?: string) {
  return { success: false, error: { code, message, ...(param ? { param } : {}), request_id: requestId } } as const;
}
