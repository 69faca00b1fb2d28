/**
 * What every framework page does first: ask its own server for a session (the server holds the
 * secret key), and get back what the widget needs. The page is also the session's return page: the
 * address names the order on screen (`?onramp_session_id=`), so a reload or a return from the
 * hosted checkout shows that order again, which the shop's server finds among its own.
 */
import { readOnrampReturn } from '../../../../src/contract/return-params.js';
import { type ShopAnswer, showOrderInAddress as showAddress } from '../../pages/order-address.js';

/** The creation response, plus the order's own fields: the widget's `session` property. */
export interface CreatedSession {
  client_secret: string;
  session_id: string;
  [field: string]: unknown;
}

/** What the widget gets: the demo server's `POST /api/sessions`, or a kept order (`GET /api/orders/:id`). */
export interface CheckoutConfig {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  clientSecret: string;
  /**
   * The creation response, for a new session only: a kept order is read from the API (its creation
   * answer says pending, whatever the session is now).
   */
  session?: CreatedSession;
  /** The hosted checkout of a kept order (a new session's is in `session`). */
  redirectUrl?: string;
}

/** A fixed order, so every framework page shows the same thing. */
const ORDER = {
  fiat_amount: 5000,
  fiat_currency: 'USD',
  crypto_currency: 'ETH',
  network: 'ethereum',
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
};

async function read<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json()) as ShopAnswer<T>;
  if (!response.ok || (typeof body === 'object' && body !== null && 'error' in body)) {
    throw new Error(
      typeof body === 'object' && body !== null && 'error' in body
        ? body.error.message
        : `The shop could not ${what} (${response.status})`,
    );
  }
  return body;
}

/** A new session, returning to this page. */
export async function createSession(): Promise<CheckoutConfig> {
  const returnTo = new URL(window.location.pathname, window.location.origin);
  const response = await fetch('/api/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ORDER, return_url: returnTo.href }),
  });
  const created = await read<Omit<CheckoutConfig, 'clientSecret'> & { session: CreatedSession }>(
    response,
    'create a session',
  );
  showAddress(created.session.session_id);
  return { ...created, clientSecret: created.session.client_secret };
}

/**
 * The page's checkout when it opens: the order its address names (a return, or a reload), else a
 * new session. `fresh` ("New session") always makes a new one.
 */
export async function openCheckout(fresh = false): Promise<CheckoutConfig> {
  const returned = fresh ? null : readOnrampReturn(window.location.href);
  if (!returned) return createSession();
  const response = await fetch(`/api/orders/${encodeURIComponent(returned.sessionId)}`, {
    headers: { Accept: 'application/json' },
  });
  if (response.status === 404) {
    showAddress(null);
    return createSession();
  }
  return read<CheckoutConfig>(response, 'find that order');
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
