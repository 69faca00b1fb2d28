/**
 * The demo pages' side of the return leg, shared by the shop and the framework pages: the page's
 * address names the order on screen (`?onramp_session_id=`), so a reload or a return from the
 * hosted checkout shows it again; and the answers of the shop's own routes.
 */
import { RETURN_SESSION_PARAM, RETURN_STATUS_PARAM } from '../../../src/contract/return-params.js';

/** An answer of the shop's server: what was asked for, or its error envelope. */
export type ShopAnswer<T> = T | { error: { message: string } };

/** Writes the order on screen (or none) into the address, with the page's own parameters `extra`. */
export function showOrderInAddress(sessionId: string | null, extra: Record<string, string> = {}): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(RETURN_STATUS_PARAM);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  if (sessionId === null) url.searchParams.delete(RETURN_SESSION_PARAM);
  else url.searchParams.set(RETURN_SESSION_PARAM, sessionId);
  window.history.replaceState(null, '', url);
}
