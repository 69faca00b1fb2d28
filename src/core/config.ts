/**
 * Checks on what the merchant page hands the widget, made before any request: the key must be a
 * publishable key, the client secret well formed, and `redirect_url` must point at the checkout
 * origin over https (or http on localhost).
 */
import { parseApiKey, sessionIdFromClientSecret } from '../contract/credentials.js';
import type { KeyEnvironment } from '../contract/product.js';
import { widgetError, type OnrampError } from './widget-error.js';

export interface WidgetCredentials {
  publishableKey: string;
  clientSecret: string;
  sessionId: string;
  environment: KeyEnvironment;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: OnrampError };

export function checkCredentials(publishableKey = '', clientSecret = ''): Checked<WidgetCredentials> {
  const code = credentialsDiagnosis(publishableKey, clientSecret);
  // No problem means both parse: the secret names a session and the key has an environment.
  /* eslint-disable @typescript-eslint/no-non-null-assertion -- see above */
  return code
    ? { ok: false, error: widgetError(code) }
    : {
        ok: true,
        value: {
          publishableKey,
          clientSecret,
          sessionId: sessionIdFromClientSecret(clientSecret)!,
          environment: parseApiKey(publishableKey)!.environment,
        },
      };
  /* eslint-enable @typescript-eslint/no-non-null-assertion */
}

/**
 * Why a key and client secret are refused, or `null`. No messages, no zod: the script-tag file's
 * head start makes exactly this check before anything else is evaluated.
 */
export function credentialsProblem(
  publishableKey: string,
  clientSecret: string,
): 'SECRET_KEY_REFUSED' | 'INVALID_PUBLISHABLE_KEY' | 'INVALID_CLIENT_SECRET' | null {
  const key = parseApiKey(publishableKey);
  // A secret key, even one malformed in other ways, is a leaked secret: say so first.
  // A regex test, not includes(): the script-tag file compresses 17–36 bytes smaller with it.
  // eslint-disable-next-line @typescript-eslint/prefer-includes -- bytes, see above
  if (key?.type === 'secret' || (!key && /_sk_/.test(publishableKey))) return 'SECRET_KEY_REFUSED';
  if (!key) return 'INVALID_PUBLISHABLE_KEY';
  return sessionIdFromClientSecret(clientSecret) ? null : 'INVALID_CLIENT_SECRET';
}

/**
 * `credentialsProblem`, told more exactly for the merchant: a client secret where the key goes and
 * a key where the secret goes is `KEY_AND_SECRET_SWAPPED` (the doctor; the widget's own report of
 * it waits for its diagnostics part, issue #32).
 */
export function credentialsDiagnosis(
  publishableKey: string,
  clientSecret: string,
): ReturnType<typeof credentialsProblem> | 'KEY_AND_SECRET_SWAPPED' {
  const problem = credentialsProblem(publishableKey, clientSecret);
  return problem === 'INVALID_PUBLISHABLE_KEY' && sessionIdFromClientSecret(publishableKey) && parseApiKey(clientSecret)
    ? 'KEY_AND_SECRET_SWAPPED'
    : problem;
}

/** The local sandbox's addresses (`npm run sandbox`), used only by a test key on a loopback page. */
export const SANDBOX_API_BASE = 'http://127.0.0.1:8787';
export const SANDBOX_CHECKOUT_ORIGIN = 'http://127.0.0.1:8788';

/** The provider's addresses a provider's own build sets (`ONRAMP_API_BASE`, `ONRAMP_CHECKOUT_ORIGIN`). */
declare const __ONRAMP_API_BASE__: string | undefined;
declare const __ONRAMP_CHECKOUT_ORIGIN__: string | undefined;
const BUILT_API_BASE = typeof __ONRAMP_API_BASE__ == 'string' ? __ONRAMP_API_BASE__ : '';
const BUILT_CHECKOUT_ORIGIN = typeof __ONRAMP_CHECKOUT_ORIGIN__ == 'string' ? __ONRAMP_CHECKOUT_ORIGIN__ : '';

/** The page's location; none while rendered on a server. */
export const pageLocation = (): Location | undefined => (globalThis as { location?: Location }).location;

/** Host names of a page on the developer's own machine. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Where the provider is: the attribute; else what the provider's own build set
 * (`ONRAMP_API_BASE`, `ONRAMP_CHECKOUT_ORIGIN` at build time); else, for a test key on a loopback
 * page, the local sandbox's; else `''`, a configuration error before any request. The package
 * ships no address: a forgotten attribute on a merchant's real page must not send every buyer's
 * browser to its own machine.
 */
export function providerOrigin(
  value: string,
  built: string,
  sandbox: string,
  publishableKey: string,
  pageHost: string,
): string {
  // eslint-disable-next-line @typescript-eslint/prefer-includes -- bytes, see credentialsProblem
  return value || built || (/_test_/.test(publishableKey) && LOOPBACK_HOSTS.includes(pageHost) ? sandbox : '');
}

/** The origin of an absolute https (or local http) URL without credentials; `null` for anything else. */
export function normalizeOrigin(value: string): string | null {
  try {
    const { protocol, hostname, username, password, origin } = new URL(value);
    const secure = protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.includes(hostname));
    return secure && !username && !password ? origin : null;
  } catch {
    // No base URL: a relative or protocol-relative value fails to parse and is refused.
    return null;
  }
}

/**
 * `redirect_url` as a URL the widget may open: absolute, https (or http on localhost), no
 * credentials, on exactly `checkoutOrigin`. Anything else (javascript:, data:, protocol-relative,
 * `https://ok@evil`, look-alike hosts) is refused.
 */
export function checkRedirectUrl(redirectUrl: string, checkoutOrigin: string): Checked<URL> {
  const origin = normalizeOrigin(redirectUrl);
  return origin && origin === normalizeOrigin(checkoutOrigin)
    ? { ok: true, value: new URL(redirectUrl) }
    : {
        ok: false,
        error: widgetError('UNSAFE_REDIRECT_URL', {
          values: {
            redirectOrigin: origin ?? redirectUrl.replace(/^([^:/?#]*:\/\/[^/?#]*).*$/s, '$1'),
            checkoutOrigin,
          },
        }),
      };
}

/**
 * The page's host name. A server rendering the element cannot know the page, and sends nothing: it
 * draws as on a loopback page, and the browser checks again before its first request.
 */
const pageHost = (): string => pageLocation()?.hostname ?? 'localhost';

/** The API base an element with this `api-base` and key uses (`''`: none applies). */
export const apiBaseFor = (value: string, publishableKey: string): string =>
  providerOrigin(value, BUILT_API_BASE, SANDBOX_API_BASE, publishableKey, pageHost());

/** The checkout origin an element with this `checkout-origin` and key uses (`''`: none applies). */
export const checkoutOriginFor = (value: string, publishableKey: string): string =>
  providerOrigin(value, BUILT_CHECKOUT_ORIGIN, SANDBOX_CHECKOUT_ORIGIN, publishableKey, pageHost());

/**
 * What is wrong with the checkout origin (missing, not https, or not where `redirectUrl` points), or
 * `null`: checked before any request, as the API base is.
 */
export function checkoutProblem(checkoutOrigin: string, redirectUrl: string): OnrampError | null {
  if (!checkoutOrigin)
    return widgetError('MISSING_CHECKOUT_ORIGIN', { values: { pageOrigin: pageLocation()?.origin } });
  if (!normalizeOrigin(checkoutOrigin)) return widgetError('INVALID_CHECKOUT_ORIGIN', { values: { checkoutOrigin } });
  const checked = redirectUrl ? checkRedirectUrl(redirectUrl, checkoutOrigin) : null;
  return checked && !checked.ok ? checked.error : null;
}
