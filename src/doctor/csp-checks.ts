/**
 * The page's Content-Security-Policy against what the widget does: call the API (`connect-src`),
 * frame the hosted checkout (`frame-src`), run its script tag (`script-src`), and create its Trusted
 * Types policies (`lit-html` for Lit's templates, `onramp-checkout` for its on-demand parts).
 */
import { apiUrl } from '../api/status-request.js';
import { forbiddenTrustedTypes, type Policy, refusal, scriptRefusal } from './csp-policy.js';
import type { CheckedElement } from './element-checks.js';
import { type Finding, finding } from './findings.js';
import type { PageScript } from './read-page.js';

/** The Trusted Types policies the widget creates. */
export const WIDGET_TRUSTED_TYPES = ['lit-html', 'onramp-checkout'] as const;

/** The endpoints a publishable key calls from the page. */
const BROWSER_ENDPOINTS = ['/v1/onramp', '/v1/onramp/quote'];

/** `connect-src` and `frame-src` for one element. */
export function elementCspFindings(policies: readonly Policy[], page: URL, checked: CheckedElement): Finding[] {
  const found: Finding[] = [];
  const element = { index: checked.element.index, line: checked.element.line };
  const { apiBase, checkoutOrigin } = checked;
  if (apiBase) {
    for (const path of BROWSER_ENDPOINTS) {
      const url = new URL(apiUrl(apiBase, path));
      const refused = refusal(policies, 'connect', { url, page });
      if (!refused) continue;
      found.push(
        finding('CSP_CONNECT_SRC', { directive: refused.directive, blocked: url.href, apiOrigin: url.origin }, element),
      );
      break;
    }
  }
  // Popup and redirect modes never frame the checkout.
  const mode = checked.element.attributes.get('mode');
  if (checkoutOrigin && mode !== 'popup' && mode !== 'redirect') {
    // The session's own address when known (a path in frame-src counts), else the checkout's root.
    const url = new URL(checked.redirectUrl ?? `${checkoutOrigin}/`);
    const refused = refusal(policies, 'frame', { url, page });
    // The origin only: redirect_url carries the session's checkout token.
    if (refused)
      found.push(
        finding('CSP_FRAME_SRC', { directive: refused.directive, blocked: url.origin, checkoutOrigin }, element),
      );
  }
  return found;
}

/** `script-src` for each of the widget's script tags. */
export function scriptCspFindings(policies: readonly Policy[], page: URL, scripts: readonly PageScript[]): Finding[] {
  return scripts.flatMap((script) => {
    if (!script.url) return [];
    const refused = scriptRefusal(policies, {
      url: script.url,
      page,
      nonce: script.nonce,
      integrity: script.integrity,
    });
    // `blocked` is what the fix says to add: the script's origin.
    return refused
      ? [
          finding('CSP_SCRIPT_SRC', {
            directive: refused.directive,
            blocked: script.url.origin,
            script: script.url.href,
          }),
        ]
      : [];
  });
}

/** `trusted-types`, for the page: the widget needs both of its policy names. */
export function trustedTypesFindings(policies: readonly Policy[]): Finding[] {
  const forbidden = forbiddenTrustedTypes(policies, WIDGET_TRUSTED_TYPES);
  return forbidden.length ? [finding('CSP_TRUSTED_TYPES', { policy: forbidden.join(' ') })] : [];
}
