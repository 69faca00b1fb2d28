/** `POST /v1/onramp` (create) and `GET /v1/onramp` (status): request body and response shapes. */
import * as z from 'zod/mini';
import { quotedFeesSchema, settledFeesSchema } from './fees.js';
import {
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatAmountSchema,
  fiatCurrencySchema,
  metadataSchema,
  networkSchema,
  sessionIdSchema,
  sessionStatusSchema,
  timestampSchema,
  walletAddressSchema,
} from './primitives.js';

export const createSessionRequestSchema = z.object({
  wallet_address: walletAddressSchema,
  crypto_currency: cryptoCurrencySchema,
  fiat_amount: fiatAmountSchema,
  fiat_currency: fiatCurrencySchema,
  network: z.optional(networkSchema),
  customer_email: z.optional(z.email()),
  metadata: z.optional(metadataSchema),
  /** Extension: where the hosted page's "back to merchant" link goes (https, or http on localhost). */
  return_url: z.optional(z.url({ protocol: /^https?$/ })),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** The creation response: the only place the client secret is returned. */
export const createdSessionSchema = z.object({
  session_id: sessionIdSchema,
  client_secret: z.string(),
  redirect_url: z.string(),
  expires_at: timestampSchema,
  estimated_crypto_amount: decimalStringSchema,
  fees: quotedFeesSchema,
  exchange_rate: exchangeRateSchema,
  quote_expires_at: timestampSchema,
});
export type CreatedSession = z.infer<typeof createdSessionSchema>;

/**
 * The status view. The spec's bare shape is required; DESIGN.md's extensions are optional so the
 * widget also works against a server that sends only the spec's fields.
 */
export const sessionStatusViewSchema = z.object({
  id: z.string(),
  session_id: sessionIdSchema,
  status: sessionStatusSchema,
  wallet_address: walletAddressSchema,
  crypto_currency: cryptoCurrencySchema,
  crypto_amount: decimalStringSchema,
  fiat_currency: fiatCurrencySchema,
  fiat_amount: z.int(),
  network: networkSchema,
  tx_hash: z.nullish(z.string()),
  fees: settledFeesSchema,
  metadata: z.nullish(metadataSchema),
  created_at: timestampSchema,
  completed_at: z.nullish(timestampSchema),
  expires_at: z.optional(timestampSchema),
  quote_expires_at: z.optional(timestampSchema),
  exchange_rate: z.optional(exchangeRateSchema),
  estimated_crypto_amount: z.optional(decimalStringSchema),
  redirect_url: z.optional(z.string()),
});
export type SessionStatusView = z.infer<typeof sessionStatusViewSchema>;
