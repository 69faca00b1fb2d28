// The merchant's server side: creates the session with the secret key, which never leaves it.
import { env } from '$env/dynamic/private';
import type { SessionInput } from 'onramp-checkout';

export interface CheckoutData {
	publishableKey: string;
	apiBase: string;
	checkoutOrigin: string;
	session: SessionInput & { client_secret: string };
}

const ORDER = {
	wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
	crypto_currency: 'ETH',
	network: 'ethereum',
	fiat_amount: 5000,
	fiat_currency: 'USD'
};

export async function createCheckout(): Promise<CheckoutData> {
	const answer = await fetch(`${env.ONRAMP_API_BASE}/v1/onramp`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-API-Key': env.ONRAMP_SECRET_KEY ?? '' },
		body: JSON.stringify(ORDER)
	});
	if (!answer.ok) throw new Error(`Could not create a session (${answer.status})`);
	const created = (await answer.json()) as { data: CheckoutData['session'] };
	return {
		publishableKey: env.ONRAMP_PUBLISHABLE_KEY ?? '',
		apiBase: env.ONRAMP_API_BASE ?? '',
		checkoutOrigin: env.ONRAMP_CHECKOUT_ORIGIN ?? '',
		// The request's own fields let the widget show the whole order before its first request.
		session: { ...created.data, ...ORDER }
	};
}
