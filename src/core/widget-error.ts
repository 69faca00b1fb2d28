import { english as en, type Messages } from '../i18n/messages.js';
import { outOfReach, recovers } from '../diagnostics/problem-behaviour.js';
import type { ProblemValues } from '../diagnostics/problems.js';

/**
 * The errors the widget reports: a stable `code` (each in the list of problems,
 * `src/diagnostics/problems.ts`, with its cause and fix), a short `message` for the buyer, whether
 * the widget recovers by itself, and the server's request id when there was one. The message is
 * English here; the element shows and reports it in the buyer's language.
 */
export type OnrampErrorCode =
  | 'SECRET_KEY_REFUSED'
  | 'INVALID_PUBLISHABLE_KEY'
  | 'INVALID_CLIENT_SECRET'
  | 'KEY_AND_SECRET_SWAPPED'
  | 'KEY_MODE_MISMATCH'
  | 'MISSING_API_BASE'
  | 'INVALID_API_BASE'
  | 'MISSING_CHECKOUT_ORIGIN'
  | 'INVALID_CHECKOUT_ORIGIN'
  | 'MISSING_REDIRECT_URL'
  /** No longer reported: each misconfiguration has its own code now. Kept for code that matches on it. */
  | 'INVALID_CONFIGURATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SESSION_NOT_FOUND'
  | 'BAD_REQUEST'
  | 'MALFORMED_RESPONSE'
  | 'TIMEOUT'
  | 'OFFLINE'
  | 'NETWORK_ERROR'
  | 'SERVER_ERROR'
  | 'RATE_LIMITED'
  | 'API_UNREACHABLE'
  | 'API_CORS_REFUSED'
  | 'API_NOT_AN_ONRAMP_API'
  | 'CSP_CONNECT_SRC'
  | 'UNSAFE_REDIRECT_URL'
  | 'QUOTE_REFRESH_FAILED'
  /** The order form's part (amount first) did not load: without it there is nothing to show. */
  | 'PART_LOAD_FAILED'
  | 'CSP_TRUSTED_TYPES'
  /** Amount first: the merchant's `session-url` (or `createSession`) made no session. */
  | 'SESSION_CREATE_FAILED'
  /** Amount first: the merchant's `session-url` answered 429 (its ceiling or the visitor's bucket). */
  | 'SESSION_CREATE_BUSY'
  /** Amount first: the merchant's server created a session for another order than the buyer's. */
  | 'ORDER_CHANGED';

/** Problems that do not stop the flow: `onramp-warning`. */
export type OnrampWarningCode =
  | 'CSP_FRAME_SRC'
  | 'CSP_TRUSTED_TYPES'
  | 'CHECKOUT_FRAME_REFUSED'
  | 'PART_LOAD_FAILED'
  | 'CONTAINER_TOO_NARROW'
  | 'DUPLICATE_DEFINITION'
  | 'LIVE_KEY_INSECURE_PAGE';

/**
 * An error's message for the buyer, in a catalogue: its own when it has one; "cannot be reached"
 * for the API out of reach; "not answering, retrying" for the rest the widget retries; else "not
 * set up correctly" (never a developer's text: the cause and fix are the merchant's, in the event
 * and the console). What a code does is `problem-behaviour.ts`'s to say.
 */
export function errorMessage({ code }: Pick<OnrampError, 'code'>, messages: Messages = en): string {
  return (
    (messages as Partial<Record<string, string>>)[`error.${code}`] ??
    messages[outOfReach(code) ? 'error.unreachable' : recovers(code) ? 'error.retrying' : 'error.config']
  );
}

export interface OnrampError {
  code: OnrampErrorCode;
  message: string;
  /** True when the widget keeps trying by itself (network trouble, 5xx, 429, a bad response). */
  recoverable: boolean;
  requestId?: string;
  /** The facts the cause and fix name (the origin, the attribute's value, the server's words). */
  values?: ProblemValues;
}

export function widgetError(
  code: OnrampErrorCode,
  extra: { requestId?: string | undefined; values?: ProblemValues } = {},
): OnrampError {
  const error: OnrampError = { code, message: errorMessage({ code }), recoverable: recovers(code) };
  if (extra.requestId) error.requestId = extra.requestId;
  if (extra.values) error.values = extra.values;
  return error;
}
