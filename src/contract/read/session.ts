/**
 * The widget's reading of `GET /v1/onramp` (status) and of the creation response it may be handed
 * as its `session` property. Everything the spec allows is accepted: fields the widget does not use
 * (`id`, `metadata`, `client_secret`, anything a newer server adds) are ignored, fields shown only in
 * some states (`tx_hash`, `completed_at`) may be absent or `null`, and docs/design.md's extensions of the
 * status view (`expires_at`, `quote_expires_at`, `exchange_rate`, `estimated_crypto_amount`,
 * `redirect_url`) are read when present and well formed, never required (see session-model.ts).
 */
import * as z from 'zod/mini';
import {
  assetSymbolRead,
  decimalRead,
  feesRead,
  fiatCurrencyRead,
  minorAmountRead,
  networkRead,
  positiveNumberRead,
  sessionIdRead,
  sessionStatusNameRead,
  timestampRead,
  walletRead,
} from './fields.js';
import { anyString, fields, optional } from './kinds.js';

/** Read when present, checked where it is used: a malformed optional value counts as absent. */
const maybe = optional(z.unknown());

export const sessionStatusRead = fields({
  session_id: sessionIdRead,
  status: sessionStatusNameRead,
  wallet_address: walletRead,
  crypto_currency: assetSymbolRead,
  crypto_amount: decimalRead,
  fiat_currency: fiatCurrencyRead,
  fiat_amount: minorAmountRead,
  network: networkRead,
  fees: feesRead,
  created_at: timestampRead,
  tx_hash: maybe,
  completed_at: maybe,
  expires_at: maybe,
  quote_expires_at: maybe,
  exchange_rate: maybe,
  estimated_crypto_amount: maybe,
  redirect_url: maybe,
});
export type SessionStatusRead = z.infer<typeof sessionStatusRead>;

/**
 * The `session` property: a creation response (every field the spec shows there but the client
 * secret, which is the `client-secret` attribute), optionally with the request's own fields, which
 * a merchant server has at hand and which let the widget show the whole order with no request.
 */
export const sessionInputRead = fields({
  session_id: sessionIdRead,
  redirect_url: optional(anyString()),
  expires_at: timestampRead,
  estimated_crypto_amount: decimalRead,
  fees: feesRead,
  exchange_rate: positiveNumberRead,
  quote_expires_at: timestampRead,
  fiat_amount: optional(minorAmountRead),
  fiat_currency: optional(fiatCurrencyRead),
  crypto_currency: optional(assetSymbolRead),
  network: optional(networkRead),
  wallet_address: optional(walletRead),
});
export type SessionInputRead = z.infer<typeof sessionInputRead>;
