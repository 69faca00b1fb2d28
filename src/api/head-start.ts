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
 * One registry for every copy of the widget on the page (a script included twice): a second copy
 * sends nothing for an element the first has started, and whichever copy defines the element
 * adopts the request. Made on first use, so importing this touches no global.
 */
const KEY = Symbol.for('onramp-checkout.head-starts');
const registry = (): WeakMap<Element, HeadStart> => {
  const holder = globalThis as { [KEY]?: WeakMap<Element, HeadStart> };
  return (holder[KEY] ??= new WeakMap());
};

export function recordHeadStart(element: Element, start: HeadStart): void {
  registry().set(element, start);
}

/** Whether a request was already sent early for `element` (by this copy or another). */
export function hasHeadStart(element: Element): boolean {
  return registry().has(element);
}

/** The request sent early for `element`, once: a later configuration sends its own. */
export function takeHeadStart(element: Element): HeadStart | undefined {
  const start = registry().get(element);
  registry().delete(element);
  return start;
}
