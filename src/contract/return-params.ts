/**
 * The return leg: when a buyer who paid by leaving the merchant's page is done, the hosted checkout
 * sends them back to the session's `return_url` with two parameters added to its query (the
 * merchant's own kept): `onramp_session_id` and `onramp_status`. Never the client secret, never the
 * checkout's token. The status is a hint for analytics, not a fact: the merchant's return page finds
 * the session on its own server (which created it) and mounts the widget with its client secret,
 * and the widget shows the outcome from the API.
 */
import { SESSION_STATUSES, type SessionStatus } from './product.js';
import { SESSION_ID_PATTERN } from './credentials.js';

export const RETURN_SESSION_PARAM = 'onramp_session_id';
export const RETURN_STATUS_PARAM = 'onramp_status';

/** `return_url` with the session's id and status added (any earlier values of the two replaced). */
export function returnUrlWith(returnUrl: string, sessionId: string, status: SessionStatus): string {
  const url = new URL(returnUrl);
  url.searchParams.set(RETURN_SESSION_PARAM, sessionId);
  url.searchParams.set(RETURN_STATUS_PARAM, status);
  return url.href;
}

/** What a return URL says: the session to look up, and the status the checkout last saw. */
export interface OnrampReturn {
  sessionId: string;
  /** A hint, not a fact (the buyer can edit the URL): read the session from the API before acting. */
  statusHint: SessionStatus | null;
}

/**
 * Reads the return parameters from a return page's URL (or its query): `null` when it carries no
 * well-formed session id, which is also how a first visit looks. An unknown status is no hint.
 */
export function readOnrampReturn(from: string | URL | URLSearchParams): OnrampReturn | null {
  const query = from instanceof URLSearchParams ? from : new URL(from, 'http://return.invalid').searchParams;
  const sessionId = query.get(RETURN_SESSION_PARAM);
  if (sessionId === null || !SESSION_ID_PATTERN.test(sessionId)) return null;
  const status = query.get(RETURN_STATUS_PARAM);
  const statusHint = SESSION_STATUSES.find((known) => known === status) ?? null;
  return { sessionId, statusHint };
}
