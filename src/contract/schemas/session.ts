/** `POST /v1/onramp` (create) and `GET /v1/onramp` (status): the response shapes. */
import * as z from 'zod/mini';
import { quotedFeesSchema, settledFeesSchema } from './fees.js';
import {
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatCurrencySchema,
  integerSchema,
  networkSchema,
  nullOr,
  sessionIdSchema,
  sessionStatusSchema,
  timestampSchema,
  walletAddressSchema,
} from './primitives.js';

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
  fiat_amount: integerSchema,
  network: networkSchema,
  tx_hash: z.optional(nullOr(z.string())),
  fees: settledFeesSchema,
  // Echoed as validated on creation (metadataSchema); not re-checked on the way out.
  metadata: z.optional(z.unknown()),
  created_at: timestampSchema,
  completed_at: z.optional(nullOr(timestampSchema)),
  expires_at: z.optional(timestampSchema),
  quote_expires_at: z.optional(timestampSchema),
  exchange_rate: z.optional(exchangeRateSchema),
  estimated_crypto_amount: z.optional(decimalStringSchema),
  redirect_url: z.optional(z.string()),
});
export type SessionStatusView = z.infer<typeof sessionStatusViewSchema>;
