/**
 * `POST /v1/onramp` (create) and `GET /v1/onramp` (status): the shapes the sandbox writes, exactly
 * docs/design.md's. The widget does not read through these: it reads through `../read/`, which accepts
 * every answer the spec allows.
 */
import * as z from 'zod/mini';
import { quotedFeesSchema, statusFeesSchema } from './fees.js';
import {
  clientSecretSchema,
  cryptoCurrencySchema,
  decimalStringSchema,
  exchangeRateSchema,
  fiatCurrencySchema,
  integerSchema,
  networkSchema,
  sessionIdSchema,
  sessionStatusSchema,
  timestampSchema,
  walletAddressSchema,
} from './primitives.js';
import { createdSessionExample, sessionStatusExample } from './examples.js';
import { named } from './named.js';

/** The creation response: the only place the client secret is returned. */
export const createdSessionSchema = named(
  z.object({
    session_id: sessionIdSchema,
    client_secret: clientSecretSchema,
    redirect_url: z.string(),
    expires_at: timestampSchema,
    estimated_crypto_amount: decimalStringSchema,
    fees: quotedFeesSchema,
    exchange_rate: exchangeRateSchema,
    quote_expires_at: timestampSchema,
  }),
  { id: 'CreatedSession', example: createdSessionExample },
);
export type CreatedSession = z.infer<typeof createdSessionSchema>;

/**
 * The status view: the spec's shape (fees as decimals in major units; `tx_hash` and `completed_at`
 * only when completed, never `null`) plus docs/design.md's extensions. `redirect_url` is there only when
 * the request presented the session's client secret (the checkout token derives from it).
 */
export const sessionStatusViewSchema = named(
  z.strictObject({
    id: z.string(),
    session_id: sessionIdSchema,
    status: sessionStatusSchema,
    wallet_address: walletAddressSchema,
    crypto_currency: cryptoCurrencySchema,
    crypto_amount: decimalStringSchema,
    fiat_currency: fiatCurrencySchema,
    fiat_amount: integerSchema,
    network: networkSchema,
    tx_hash: z.optional(z.string()),
    fees: statusFeesSchema,
    // Echoed as validated on creation (metadataSchema); not re-checked on the way out.
    metadata: z.optional(z.unknown()),
    created_at: timestampSchema,
    completed_at: z.optional(timestampSchema),
    expires_at: timestampSchema,
    quote_expires_at: timestampSchema,
    exchange_rate: exchangeRateSchema,
    estimated_crypto_amount: decimalStringSchema,
    redirect_url: z.optional(z.string()),
  }),
  { id: 'SessionStatus', example: sessionStatusExample },
);
export type SessionStatusView = z.infer<typeof sessionStatusViewSchema>;
