/** `POST /v1/onramp`: the session creation request body (server side only; kept apart from the
 * response shapes so browser bundles do not carry its e-mail and URL checks). */
import * as z from 'zod/mini';
import { cryptoCurrencySchema, fiatCurrencySchema, networkSchema, walletAddressSchema } from './primitives.js';
import { fiatAmountSchema, metadataSchema } from './request-fields.js';
import { createSessionRequestExample } from './examples.js';
import { named } from './named.js';

export const createSessionRequestSchema = named(
  z.object({
    wallet_address: walletAddressSchema,
    crypto_currency: cryptoCurrencySchema,
    fiat_amount: fiatAmountSchema,
    fiat_currency: fiatCurrencySchema,
    network: z.optional(networkSchema),
    customer_email: z.optional(z.email().check(z.maxLength(254))),
    metadata: z.optional(metadataSchema),
    /** Extension: where the hosted page's "back to merchant" link goes (https, or http on localhost). */
    return_url: z.optional(z.url({ protocol: /^https?$/ })),
  }),
  { id: 'CreateSessionRequest', example: createSessionRequestExample },
);
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;
