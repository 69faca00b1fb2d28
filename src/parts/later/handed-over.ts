/**
 * What amount first's order form handed over to an element with the last session it made (the
 * buyer's order, the last price it showed), kept for that element alone and read by its judge (price
 * consent and the order kept, `core/price-consent.ts`, which hold no state of their own).
 */
import type { HandedOver } from '../../core/price-consent.js';

const handed = new WeakMap<Element, Map<string, HandedOver>>();

/** Keeps what the form handed over with `sessionId`. */
export function handOver(host: Element, sessionId: string, given: HandedOver): void {
  // One session at a time is handed over: the element's new session replaces what the last one left.
  handed.set(host, new Map([[sessionId, given]]));
}

/** What the form handed over with `sessionId` to `host`, if anything. */
export const handedOver = (host: Element, sessionId: string | undefined): HandedOver | undefined =>
  sessionId === undefined ? undefined : handed.get(host)?.get(sessionId);
