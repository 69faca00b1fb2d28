/**
 * What every framework page does first: ask its own server for a session (the server holds the
 * secret key), and get back what the widget needs.
 */

/** The creation response, plus the order's own fields: the widget's `session` property. */
export interface CreatedSession {
  client_secret: string;
  [field: string]: unknown;
}

/** The answer of the demo server's `POST /api/sessions`. */
export interface CheckoutConfig {
  publishableKey: string;
  apiBase: string;
  checkoutOrigin: string;
  session: CreatedSession;
}

/** A fixed order, so every framework page shows the same thing. */
const ORDER = {
  fiat_amount: 5000,
  fiat_currency: 'USD',
  crypto_currency: 'ETH',
  network: 'ethereum',
  wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
};

export async function createSession(): Promise<CheckoutConfig> {
  const response = await fetch('/api/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ORDER, return_url: window.location.href }),
  });
  const body = (await response.json()) as CheckoutConfig | { error: { message: string } };
  if (!response.ok || 'error' in body) {
    throw new Error('error' in body ? body.error.message : `The shop could not create a session (${response.status})`);
  }
  return body;
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
