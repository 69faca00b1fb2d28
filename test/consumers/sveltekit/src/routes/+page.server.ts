import { createCheckout } from '$lib/checkout-session.server';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({ checkout: await createCheckout() });
