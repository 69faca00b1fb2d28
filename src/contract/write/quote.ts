/** `POST /v1/onramp/quote`: the quote resource as the sandbox writes it (the widget reads `../read/quote.ts`). */
import * as z from 'zod/mini';
import { quotedFeesSchema } from './fees.js';
import {
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatCurrencySchema,
  integerSchema,
  networkSchema,
  timestampSchema,
} from './primitives.js';
import { quoteExample } from './examples.js';
import { named } from './named.js';

export const quoteSchema = named(
  z.object({
    /** Minor units, as in the request (docs/design.md: fiat amounts are cents everywhere). */
    fiat_amount: integerSchema,
    fiat_currency: fiatCurrencySchema,
    crypto_currency: cryptoCurrencySchema,
    crypto_amount: decimalStringSchema,
    exchange_rate: exchangeRateSchema,
    fees: quotedFeesSchema,
    expires_at: timestampSchema,
    /** Extension: the network the quote was priced for. */
    network: z.optional(networkSchema),
  }),
  { id: 'Quote', example: quoteExample },
);
export type Quote = z.infer<typeof quoteSchema>;
