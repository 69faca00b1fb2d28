/**
 * What the widget knows about a session, normalised from the three shapes it may arrive in: the
 * creation response (given by the merchant as the `session` property), the status view
 * (`GET /v1/onramp`) and a fresh quote (`POST /v1/onramp/quote`). Money is integer minor units or
 * decimal strings from here on.
 */
import * as z from 'zod/mini';
import { SESSION_TTL_MS, FIAT_MINOR_DIGITS, type CryptoCurrency, type FiatCurrency, type Network, type SessionStatus } from '../contract/catalog.js';
import { createdSessionSchema, type SessionStatusView } from '../contract/schemas/session.js';
import { cryptoCurrencySchema, fiatCurrencySchema, integerSchema, networkSchema, walletAddressSchema } from '../contract/schemas/primitives.js';
import { majorNumberToMinor } from '../contract/money.js';
import type { Quote } from '../contract/schemas/quote.js';
import type { QuotedFees, SettledFees } from '../contract/schemas/fees.js';

export interface FeeBreakdown {
  platform: number;
  network: number;
  processing: number;
  total: number;
}

/** The priced part of the order, which a fresh quote replaces. */
export interface QuoteFigures {
  cryptoAmount: string;
  /** Fiat major units per one crypto unit, as the API sends it; `null` until known. */
  exchangeRate: number | null;
  fees: FeeBreakdown | null;
  /** Epoch ms on the server's clock; `null` when the server did not say (a quote is then fetched). */
  expiresAt: number | null;
}

export interface SessionView {
  sessionId: string;
  status: SessionStatus;
  fiatAmount: number | null;
  fiatCurrency: FiatCurrency | null;
  cryptoCurrency: CryptoCurrency | null;
  network: Network | null;
  walletAddress: string | null;
  quote: QuoteFigures;
  expiresAt: number | null;
  txHash: string | null;
  /** When the crypto was delivered, epoch ms; `null` until then or when the server did not say. */
  completedAt: number | null;
  redirectUrl: string | null;
}

/**
 * The `session` property: a creation response, optionally with the request's own fields, which a
 * merchant server has at hand and which let the widget show the whole order with no request.
 */
export const sessionInputSchema = z.object({
  ...createdSessionSchema.shape,
  fiat_amount: z.optional(integerSchema),
  fiat_currency: z.optional(fiatCurrencySchema),
  crypto_currency: z.optional(cryptoCurrencySchema),
  network: z.optional(networkSchema),
  wallet_address: z.optional(walletAddressSchema),
});
export type SessionInput = z.infer<typeof sessionInputSchema>;

function quotedFees(fees: QuotedFees): FeeBreakdown | null {
  const parts = [fees.platform_fee, fees.network_fee, fees.processing_fee, fees.total_fee].map((fee) =>
    majorNumberToMinor(fee, FIAT_MINOR_DIGITS),
  );
  const [platform, network, processing, total] = parts;
  if (platform == null || network == null || processing == null || total == null) return null;
  return { platform, network, processing, total };
}

function settledFees(fees: SettledFees): FeeBreakdown {
  return {
    platform: fees.platform_fee,
    network: fees.network_fee,
    processing: fees.processing_fee,
    total: fees.platform_fee + fees.network_fee + fees.processing_fee,
  };
}

export function fromSessionInput(input: SessionInput): SessionView {
  return {
    sessionId: input.session_id,
    status: 'pending',
    fiatAmount: input.fiat_amount ?? null,
    fiatCurrency: input.fiat_currency ?? null,
    cryptoCurrency: input.crypto_currency ?? null,
    network: input.network ?? null,
    walletAddress: input.wallet_address ?? null,
    quote: {
      cryptoAmount: input.estimated_crypto_amount,
      exchangeRate: input.exchange_rate,
      fees: quotedFees(input.fees),
      expiresAt: Date.parse(input.quote_expires_at),
    },
    expiresAt: Date.parse(input.expires_at),
    txHash: null,
    completedAt: null,
    redirectUrl: input.redirect_url,
  };
}

export function fromStatusView(view: SessionStatusView): SessionView {
  const createdAt = Date.parse(view.created_at);
  const delivered = view.status === 'completed';
  return {
    sessionId: view.session_id,
    status: view.status,
    fiatAmount: view.fiat_amount,
    fiatCurrency: view.fiat_currency,
    cryptoCurrency: view.crypto_currency,
    network: view.network,
    walletAddress: view.wallet_address,
    quote: {
      cryptoAmount: delivered ? view.crypto_amount : (view.estimated_crypto_amount ?? view.crypto_amount),
      exchangeRate: view.exchange_rate ?? null,
      fees: settledFees(view.fees),
      expiresAt: view.quote_expires_at ? Date.parse(view.quote_expires_at) : null,
    },
    // The spec's bare shape has no expiry: sessions live 30 minutes from creation.
    expiresAt: view.expires_at ? Date.parse(view.expires_at) : createdAt + SESSION_TTL_MS,
    txHash: view.tx_hash ?? null,
    completedAt: view.completed_at ? Date.parse(view.completed_at) : null,
    redirectUrl: view.redirect_url ?? null,
  };
}

export function fromQuote(quote: Quote): QuoteFigures {
  return {
    cryptoAmount: quote.crypto_amount,
    exchangeRate: quote.exchange_rate,
    fees: quotedFees(quote.fees),
    expiresAt: Date.parse(quote.expires_at),
  };
}

/**
 * A status response merged over what is shown: fields the server omitted keep their known values,
 * and a quote the widget refreshed itself wins over an older one from the server.
 */
export function mergeSession(current: SessionView | null, next: SessionView): SessionView {
  if (!current || current.sessionId !== next.sessionId) return next;
  const keepQuote =
    next.status === 'pending' &&
    current.quote.expiresAt !== null &&
    (next.quote.expiresAt === null || current.quote.expiresAt > next.quote.expiresAt);
  return {
    ...next,
    quote: keepQuote
      ? current.quote
      : {
          ...next.quote,
          exchangeRate: next.quote.exchangeRate ?? current.quote.exchangeRate,
          expiresAt: next.quote.expiresAt ?? current.quote.expiresAt,
        },
    redirectUrl: next.redirectUrl ?? current.redirectUrl,
  };
}
