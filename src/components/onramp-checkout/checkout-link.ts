/**
 * Which link to the hosted checkout the element opens or offers: the merchant's `redirect-url`
 * first, else the one the session came with, and only when it is safe (https, or http on localhost,
 * on exactly the checkout origin).
 */
import { checkRedirectUrl, type Checked } from '../../core/config.js';
import type { FlowState } from '../../core/flow-machine.js';
import type { OnrampSession } from '../../core/session-model.js';
import { widgetError } from '../../core/widget-error.js';

/** The link Pay opens, or why none may be. */
export function payLink(redirectUrl: string, session: OnrampSession, checkoutOrigin: string): Checked<URL> {
  const url = redirectUrl || session.redirectUrl;
  return url ? checkRedirectUrl(url, checkoutOrigin) : { ok: false, error: widgetError('MISSING_REDIRECT_URL') };
}

/**
 * The link offered when the embedded flow cannot run (the API out of reach, or a fatal error), or
 * `null`: none when an order is on screen (its Pay opens the checkout), or when it is not safe.
 */
export function fallbackLink(
  { status, stranded, session }: FlowState,
  redirectUrl: string,
  checkoutOrigin: string,
): string | null {
  if (stranded ? session : status !== 'error') return null;
  const url = redirectUrl || session?.redirectUrl;
  return url && checkoutOrigin && checkRedirectUrl(url, checkoutOrigin).ok ? url : null;
}
