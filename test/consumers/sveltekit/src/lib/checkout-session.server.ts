// The merchant's server side: creates the session with the secret key, which never leaves it.
import { env } from '$env/dynamic/private';
import type { OnrampSessionInput } from 'onramp-checkout';
import { createOnrampClient } from 'onramp-checkout/server';

export interface CheckoutData {
	publishableKey: string;
	apiBase: string;
	checkoutOrigin: string;
	session: OnrampSessionInput & { client_secret: string };
}

const ORDER = {
	wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
	crypto_currency: 'ETH',
	network: 'ethereum',
	fiat_amount: 5000,
	fiat_currency: 'USD'
} as const;

export async function createCheckout(): Promise<CheckoutData> {
	// Made on the request: the build loads this module without the secret key in its environment.
	const onramp = createOnrampClient({ apiKey: env.ONRAMP_SECRET_KEY ?? '', baseUrl: env.ONRAMP_API_BASE ?? '' });
	const created = await onramp.sessions.create(ORDER);
	return {
		publishableKey: env.ONRAMP_PUBLISHABLE_KEY ?? '',
		apiBase: env.ONRAMP_API_BASE ?? '',
		checkoutOrigin: env.ONRAMP_CHECKOUT_ORIGIN ?? '',
		// The request's own fields let the widget show the whole order before its first request.
		session: { ...created, ...ORDER }
	};
}
