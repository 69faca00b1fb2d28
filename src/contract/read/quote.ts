/**
 * The widget's reading of `POST /v1/onramp/quote`. It uses the price (crypto amount, rate, fees) and
 * its expiry; the order it priced is the session's, already known, so `fiat_amount` (typed
 * `number` by the spec, in units it does not show), the currencies and anything else are not read.
 */
import * as z from 'zod/mini';
import { fields } from './kinds.js';
import { decimalRead, feesRead, positiveNumberRead, timestampRead } from './fields.js';

export const quoteRead = fields({
  crypto_amount: decimalRead,
  exchange_rate: positiveNumberRead,
  fees: feesRead,
  expires_at: timestampRead,
});
export type QuoteRead = z.infer<typeof quoteRead>;
