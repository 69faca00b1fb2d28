/** `POST /v1/onramp`: the session creation request body (server side only; kept apart from the
 * response shapes so browser bundles do not carry its e-mail and URL checks). */
import * as z from 'zod/mini';
import { cryptoCurrencySchema, fiatCurrencySchema, networkSchema, walletAddressSchema } from './primitives.js';
import { fiatAmountSchema, metadataSchema } from './request-fields.js';
import { returnUrlSchema } from './return-url.js';
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
    /**
     * Extension: where the hosted page's way back goes (https, http on loopback, or an app's own
     * scheme with `//`: ./return-url.ts).
     */
    return_url: z.optional(returnUrlSchema),
  }),
  { id: 'CreateSessionRequest', example: createSessionRequestExample },
);
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;
