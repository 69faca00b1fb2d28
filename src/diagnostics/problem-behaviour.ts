/**
 * What each problem code does, said once. The widget reads it to decide (does it retry by itself,
 * is the buyer offered another way, which words does the buyer read), and the list of problems
 * (`problems.ts`) takes each code's kind from it (an error stops the flow and reaches the console, a
 * warning lets it go on, a transient problem fixes itself and stays out of the console). A code in
 * none of these lists is an error the merchant must fix. Zod-free and small: the script-tag file
 * holds the parts it reads.
 */
import type { ProblemKind } from './problem.js';

/** What the widget retries by itself (network trouble, a 5xx, a 429, an answer it cannot read). */
export const RETRIES = [
  'MALFORMED_RESPONSE',
  'TIMEOUT',
  'OFFLINE',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'QUOTE_REFRESH_FAILED',
] as const;

/**
 * The API out of this page's reach: an error for the merchant, yet the widget keeps trying in the
 * background, tells the buyer the service "cannot be reached" and offers another way to pay
 * ("Never stranded").
 */
export const OUT_OF_REACH = [
  'API_UNREACHABLE',
  'API_CORS_REFUSED',
  'API_NOT_AN_ONRAMP_API',
  'CSP_CONNECT_SRC',
] as const;

/** Amount first: the merchant's server made no session; the form keeps the order and Pay tries again. */
export const FORM_RETRIES = ['SESSION_CREATE_FAILED', 'SESSION_CREATE_BUSY'] as const;

/** What lets the flow go on (`onramp-warning`). */
export const WARNS = [
  'LIVE_KEY_INSECURE_PAGE',
  'CSP_FRAME_SRC',
  'CHECKOUT_FRAME_REFUSED',
  'PART_LOAD_FAILED',
  'CONTAINER_TOO_NARROW',
  'DUPLICATE_DEFINITION',
  'ELEMENT_NOT_FOUND',
] as const;

export type FormRetryCode = (typeof FORM_RETRIES)[number];

const has = (list: readonly string[], code: string): boolean => list.includes(code);

/** The API is out of reach (see `OUT_OF_REACH`). */
export const outOfReach = (code: string): boolean => has(OUT_OF_REACH, code);

/** The widget recovers by itself: `recoverable` in `onramp-error` (the form's: `formRetries`). */
export const recovers = (code: string): boolean => has(RETRIES, code) || outOfReach(code);

/** Amount first's form offers Pay again: `recoverable` in its `onramp-error`. */
export const formRetries = (code: string): code is FormRetryCode => has(FORM_RETRIES, code);

/** A code's kind in the list of problems. */
export const kindOf = (code: string): ProblemKind =>
  has(WARNS, code) ? 'warning' : has(RETRIES, code) || formRetries(code) ? 'transient' : 'error';
