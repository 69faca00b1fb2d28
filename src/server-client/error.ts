/** The one error the server client throws for a failed request. */

/** Codes the client itself gives: no answer, or an answer that is not the API's. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE';

/**
 * A request that did not succeed: the API's error (`code` such as `VALIDATION_ERROR`, `status`,
 * `param`, `requestId`), or the client's own (`NETWORK_ERROR`, `TIMEOUT`, `INVALID_RESPONSE`, with
 * `status` 0 when there was no answer). The message never contains the API key.
 */
export class OnrampApiError extends Error {
  /** The API's error code (any string: a newer server may add codes), or the client's own. */
  readonly code: string;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The request's id (`req_…`), when the server answered: quote it to support. */
  readonly requestId: string | undefined;
  /** The request field the error is about, when the API names one. */
  readonly param: string | undefined;
  /** Seconds the server asked to wait (`Retry-After`), on 429 and some 5xx. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    requestId?: string | undefined;
    param?: string | undefined;
    retryAfter?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'OnrampApiError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.param = init.param;
    this.retryAfter = init.retryAfter;
  }
}
