/**
 * The one status request the widget sends (`GET /v1/onramp`): built in one place for the API client
 * and for the script-tag file's head start, which must send exactly what the client would.
 * No imports beyond types: the head start evaluates this before lit and zod.
 */
export function statusRequest(
  apiBase: string,
  publishableKey: string,
  clientSecret: string,
  sessionId: string,
): { url: string; init: RequestInit } {
  return {
    url: apiUrl(apiBase, `/v1/onramp?${new URLSearchParams({ session_id: sessionId })}`),
    init: {
      method: 'GET',
      headers: { 'X-API-Key': publishableKey, 'X-Client-Secret': clientSecret },
      ...REQUEST_OPTIONS,
    },
  };
}

/** `path` (from `/v1`) under the API base, whose trailing slashes are dropped. */
export function apiUrl(apiBase: string, path: string): string {
  return `${apiBase.replace(/\/+$/, '')}${path}`;
}

/** Whether two status requests are the same: same URL, key and client secret (both built by `statusRequest`). */
export function sameStatusRequest(
  a: { url: string; init: RequestInit },
  b: { url: string; init: RequestInit },
): boolean {
  // Both built by `statusRequest`: the same keys in the same order, so their JSON compares them.
  return a.url === b.url && JSON.stringify(a.init.headers) === JSON.stringify(b.init.headers);
}

/** What every API request of the widget carries: no cookies, no cache, no referrer. */
export const REQUEST_OPTIONS = {
  credentials: 'omit',
  cache: 'no-store',
  referrerPolicy: 'no-referrer',
} as const satisfies RequestInit;
