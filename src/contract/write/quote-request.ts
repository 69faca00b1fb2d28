/** `POST /v1/onramp/quote`: the request body (server side). */
import * as z from 'zod/mini';
import { cryptoCurrencySchema, fiatCurrencySchema, networkSchema } from './primitives.js';
import { fiatAmountSchema } from './request-fields.js';

export const quoteRequestSchema = z.object({
  fiat_amount: fiatAmountSchema,
  fiat_currency: fiatCurrencySchema,
  crypto_currency: cryptoCurrencySchema,
  network: z.optional(networkSchema),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
