/**
 * Checks on what the merchant page hands the widget, made before any request: the key must be a
 * publishable key, the client secret well formed, and `redirect_url` must point at the checkout
 * origin over https (or http on localhost).
 */
import { parseApiKey, sessionIdFromClientSecret } from '../contract/credentials.js';
import type { KeyEnvironment } from '../contract/catalog.js';
import { widgetError, type WidgetError } from './widget-error.js';

export interface WidgetCredentials {
  publishableKey: string;
  clientSecret: string;
  sessionId: string;
  environment: KeyEnvironment;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: WidgetError };

export function checkCredentials(publishableKey: string | undefined, clientSecret: string | undefined): Checked<WidgetCredentials> {
  const key = parseApiKey(publishableKey ?? '');
  if (!key) {
    // A secret key that is malformed in other ways is still a leaked secret: say so first.
    const looksSecret = /_sk_/.test(publishableKey ?? '');
    return { ok: false, error: widgetError(looksSecret ? 'SECRET_KEY_REFUSED' : 'INVALID_PUBLISHABLE_KEY') };
  }
  if (key.type === 'secret') return { ok: false, error: widgetError('SECRET_KEY_REFUSED') };
  const sessionId = sessionIdFromClientSecret(clientSecret ?? '');
  if (!sessionId) return { ok: false, error: widgetError('INVALID_CLIENT_SECRET') };
  return {
    ok: true,
    value: { publishableKey: publishableKey as string, clientSecret: clientSecret as string, sessionId, environment: key.environment },
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isSecureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/** The origin of an https (or local http) base URL; `null` for anything else. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return isSecureOrLocal(url) && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * `redirect_url` as a URL the widget may open: absolute, https (or http on localhost), no
 * credentials, on exactly `checkoutOrigin`. Anything else (javascript:, data:, protocol-relative,
 * `https://ok@evil`, look-alike hosts) is refused.
 */
export function checkRedirectUrl(redirectUrl: string, checkoutOrigin: string): Checked<URL> {
  const allowed = normalizeOrigin(checkoutOrigin);
  let url: URL | null = null;
  try {
    // No base URL: a relative or protocol-relative value fails to parse and is refused.
    url = new URL(redirectUrl);
  } catch {
    url = null;
  }
  if (!url || !allowed || !isSecureOrLocal(url) || url.username || url.password || url.origin !== allowed) {
    return { ok: false, error: widgetError('UNSAFE_REDIRECT_URL') };
  }
  return { ok: true, value: url };
}
