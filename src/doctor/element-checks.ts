/**
 * One `<onramp-checkout>` as written in the page, checked with the widget's own rules
 * (`src/core/config.ts`, `src/contract/credentials.ts`): the key and client secret, the provider's
 * origins (resolved as the widget resolves them: a test key on a loopback page may rely on the local
 * sandbox), `redirect_url` against `checkout-origin`, and a live key on a page that is not https.
 */
import { parseApiKey } from '../contract/credentials.js';
import {
  checkRedirectUrl,
  credentialsDiagnosis,
  normalizeOrigin,
  providerOrigin,
  SANDBOX_API_BASE,
  SANDBOX_CHECKOUT_ORIGIN,
} from '../core/config.js';
import { type Finding, finding } from './findings.js';
import type { PageElement } from './read-page.js';

/** What the rest of the doctor needs from an element once it is checked. */
export interface CheckedElement {
  element: PageElement;
  findings: Finding[];
  /** The API base the widget would call (`null`: none, or not one it would send keys to). */
  apiBase: string | null;
  /** The checkout origin it would frame (`null`: none usable). */
  checkoutOrigin: string | null;
  /** `redirect_url` when known and on the checkout origin: the exact address it would frame. */
  redirectUrl: string | null;
  /** Why the element was not checked further, for the report's notes. */
  note?: string;
}

/** The origin of a `redirect_url` the widget refused, for the fix's text; the value itself when it has none. */
function writtenOrigin(value: string): string {
  try {
    const { origin } = new URL(value);
    // `javascript:`, `data:` and the like have an opaque origin, serialized "null".
    return origin === 'null' ? value : origin;
  } catch {
    return value;
  }
}

/** Checks one element of the page at `pageUrl`. */
export function checkElement(element: PageElement, pageUrl: URL): CheckedElement {
  const ref = { index: element.index, line: element.line };
  const config = (name: string): string => element.config.get(name) ?? '';
  const found: Finding[] = [];
  const pageOrigin = pageUrl.origin;
  const checked: CheckedElement = { element, findings: found, apiBase: null, checkoutOrigin: null, redirectUrl: null };

  const hasKey = element.config.has('publishable-key');
  const hasSecret = element.config.has('client-secret');
  if (!hasKey && !hasSecret) {
    // A framework's server wrote the bare tag (React with @lit/react, Vue, Svelte): its script sets
    // the properties in the browser, where the widget itself reports what is wrong.
    checked.note = `<onramp-checkout> #${element.index} (line ${element.line}) has no publishable-key or client-secret attribute: its properties are set by a script, so only the attributes written are checked.`;
  }

  const key = config('publishable-key');
  const secret = config('client-secret');
  /** Configured by its attributes: a missing one is a mistake, not a property to come. */
  const written = hasKey || hasSecret;
  if (written) {
    const problem = credentialsDiagnosis(key, secret);
    // Amount first: `session-url` without a client secret makes the session in the browser.
    const amountFirst = !hasSecret && element.attributes.has('session-url');
    if (problem && !(problem === 'INVALID_CLIENT_SECRET' && amountFirst)) found.push(finding(problem, {}, ref));
  }

  // The provider's origins, as the widget resolves them (no address is shipped in the package).
  const apiBase = providerOrigin(config('api-base'), '', SANDBOX_API_BASE, key, pageUrl.hostname);
  if (!apiBase) {
    if (written) found.push(finding('MISSING_API_BASE', { pageOrigin }, ref));
  } else if (!normalizeOrigin(apiBase)) {
    found.push(finding('INVALID_API_BASE', { apiBase }, ref));
  } else {
    checked.apiBase = apiBase;
  }

  const checkoutOrigin = providerOrigin(config('checkout-origin'), '', SANDBOX_CHECKOUT_ORIGIN, key, pageUrl.hostname);
  const usableCheckout = checkoutOrigin ? normalizeOrigin(checkoutOrigin) : null;
  if (!checkoutOrigin) {
    if (written) found.push(finding('MISSING_CHECKOUT_ORIGIN', { pageOrigin }, ref));
  } else if (!usableCheckout) {
    found.push(finding('INVALID_CHECKOUT_ORIGIN', { checkoutOrigin }, ref));
  } else {
    checked.checkoutOrigin = usableCheckout;
  }

  // The attribute wins over the data block's session, as in the element.
  const redirectUrl = config('redirect-url') || element.dataBlockRedirectUrl || '';
  if (redirectUrl && usableCheckout) {
    if (checkRedirectUrl(redirectUrl, usableCheckout).ok) checked.redirectUrl = redirectUrl;
    else
      found.push(
        finding(
          'UNSAFE_REDIRECT_URL',
          { redirectOrigin: writtenOrigin(redirectUrl), checkoutOrigin: usableCheckout },
          ref,
        ),
      );
  }

  // https, or a loopback page: exactly the pages `normalizeOrigin` accepts.
  if (parseApiKey(key)?.environment === 'live' && !normalizeOrigin(pageOrigin))
    found.push(finding('LIVE_KEY_INSECURE_PAGE', { pageOrigin }, ref));

  return checked;
}
