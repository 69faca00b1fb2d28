/**
 * The script-tag file's first job: for each `<onramp-checkout>` already in the page (the script is
 * deferred, or placed after it) the status request leaves now, before lit, zod and the element are
 * evaluated; the element adopts it when it connects (`head-start.ts`). The element's own checks
 * come first, so a secret key, a malformed client secret or an `api-base` that is not https sends
 * nothing. An element with a server-written session (a data block child) draws that first and
 * polls after: it is left to the element.
 * It imports nothing heavy: it runs before Lit and zod are evaluated (`head-start.ts`).
 */
import { sessionIdFromClientSecret } from '../contract/credentials.js';
import { apiBaseFor, checkoutOriginFor, checkoutProblem, credentialsProblem, normalizeOrigin } from '../core/config.js';
import { hasHeadStart, recordHeadStart } from './head-start.js';
import { isOffline } from './offline.js';
import { statusRequest } from './status-request.js';

/** Sends the early status requests; returns how many left. */
export function sendHeadStartRequests(): number {
  // Another copy already defined the element: its elements sent their own requests when upgraded.
  // Hidden (a background tab, a prerendered page) or offline, the element would not poll either.
  if (typeof document === 'undefined' || customElements.get('onramp-checkout') || document.hidden || isOffline())
    return 0;
  let sent = 0;
  for (const element of document.querySelectorAll('onramp-checkout')) {
    if (hasHeadStart(element) || element.querySelector(':scope > script[type="application/json"]')) continue;
    const [publishableKey, clientSecret, apiBaseAttribute, checkoutOrigin, redirectUrl] = [
      'publishable-key',
      'client-secret',
      'api-base',
      'checkout-origin',
      'redirect-url',
    ].map((name) => element.getAttribute(name) ?? '') as [string, string, string, string, string];
    // The element's own rules: no address unless a test key on a loopback page; nothing is asked
    // before the checkout origin and the redirect-url are sound either.
    const apiBase = apiBaseFor(apiBaseAttribute, publishableKey);
    if (
      credentialsProblem(publishableKey, clientSecret) ||
      !normalizeOrigin(apiBase) ||
      checkoutProblem(checkoutOriginFor(checkoutOrigin, publishableKey), redirectUrl)
    )
      continue;
    // credentialsProblem() passed the secret, so it names a session.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
    const sessionId = sessionIdFromClientSecret(clientSecret)!;
    const { url, init } = statusRequest(apiBase, publishableKey, clientSecret, sessionId);
    const abort = new AbortController();
    const sentAt = Date.now();
    const response = fetch(url, { ...init, signal: abort.signal });
    // Adopted, its failure is the API client's to report; abandoned, it is nobody's.
    response.catch(() => {});
    recordHeadStart(element, { url, init, response, abort, sentAt });
    sent += 1;
  }
  // While the answer travels: a page's first number format initialises the browser's number data
  // (about 50-100 ms at 4× CPU, for any locale), which the order cannot be drawn without. Here it
  // is done before Lit and zod are evaluated, so it is over when the answer comes (issue #26).
  if (sent) new Intl.NumberFormat();
  return sent;
}
