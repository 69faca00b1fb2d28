/** `POST /v1/onramp/quote`: the request body (server side). */
import * as z from 'zod/mini';
import { cryptoCurrencySchema, fiatCurrencySchema, networkSchema } from './primitives.js';
import { fiatAmountSchema } from './request-fields.js';
import { quoteRequestExample } from './examples.js';
import { named } from './named.js';

export const quoteRequestSchema = named(
  z.object({
    fiat_amount: fiatAmountSchema,
    fiat_currency: fiatCurrencySchema,
    crypto_currency: cryptoCurrencySchema,
    network: z.optional(networkSchema),
  }),
  { id: 'QuoteRequest', example: quoteRequestExample },
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
