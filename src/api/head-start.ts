/**
 * Status requests the script-tag file sent before lit, zod and the element were evaluated
 * (`head-start-requests.ts`), one per element. The element's API client adopts one only when it is
 * exactly the request it would send itself; otherwise the early request is cancelled, unread.
 * Side-effect free: every build has this; only the script-tag file records.
 */
export interface HeadStart {
  url: string;
  init: RequestInit;
  response: Promise<Response>;
  abort: AbortController;
  /** `Date.now()` when it was sent, for the server clock's offset. */
  sentAt: number;
}

/**
 * This copy's requests. A second copy of the file sends none (the element is defined by then), so
 * the copy that records a request is the one whose element adopts it.
 */
const started = new WeakMap<Element, HeadStart>();

export function recordHeadStart(element: Element, start: HeadStart): void {
  started.set(element, start);
}

/** Whether a request was already sent early for `element`. */
export function hasHeadStart(element: Element): boolean {
  return started.has(element);
}

/** The request sent early for `element`, once: a later configuration sends its own. */
export function takeHeadStart(element: Element): HeadStart | undefined {
  const start = started.get(element);
  started.delete(element);
  return start;
}
