/**
 * The shop's server side for its checkout pages: the onramp settings from the environment and a
 * session created with the secret key, which never leaves this server (only the publishable key
 * and the session's client secret reach the browser).
 */
import type { OnrampSessionInput } from 'onramp-checkout';
import { createOnrampClient } from 'onramp-checkout/server';

export const onramp = {
  apiBase: process.env.ONRAMP_API_BASE ?? 'http://127.0.0.1:8787',
  checkoutOrigin: process.env.ONRAMP_CHECKOUT_ORIGIN ?? 'http://127.0.0.1:8788',
  publishableKey: process.env.ONRAMP_PUBLISHABLE_KEY ?? '',
};

/** The creation response (with the client secret and the checkout's address) plus the order's own fields. */
export type CreatedSession = OnrampSessionInput & { client_secret: string; redirect_url: string };

const order = {
  wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_currency: 'ETH',
  network: 'ethereum',
  fiat_amount: 5000,
  fiat_currency: 'USD',
} as const;

export async function createSession(): Promise<CreatedSession> {
  // Made on the request, not when the module loads: `astro build` loads it without the secret key.
  const client = createOnrampClient({ apiKey: process.env.ONRAMP_SECRET_KEY ?? '', baseUrl: onramp.apiBase });
  const created = await client.sessions.create(order);
  return { ...created, ...order };
}
