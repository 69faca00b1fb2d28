/**
 * What the widget knows about a session, normalised from the three shapes it may arrive in: the
 * creation response (given by the merchant as the `session` property), the status view
 * (`GET /v1/onramp`) and a fresh quote (`POST /v1/onramp/quote`), each as read by `contract/read`.
 * Money is integer minor units or decimal strings from here on (in any form `Intl` formats exactly:
 * `"12.5"`, `"12."`, `".5"`); times are epoch ms.
 */
import { SESSION_TTL_MS, type SessionStatus } from '../contract/product.js';
import { addDecimals, numberToDecimal } from '../contract/money.js';
import { parseTimestamp } from '../contract/timestamp.js';
import { keptQuote } from './quote-policy.js';
import { decimalRead, positiveNumberRead, type FeesRead } from '../contract/read/fields.js';
import type { QuoteRead } from '../contract/read/quote.js';
import type { SessionInputRead, SessionStatusRead } from '../contract/read/session.js';

/** The `session` property's type: a creation response, optionally with the request's own fields. */
export type OnrampSessionInput = SessionInputRead;

/** Fees as exact decimal strings in major units of the fiat currency (`"2.49"`), as the API sent them. */
export interface OnrampFees {
  platform: string;
  network: string;
  processing: string;
  total: string;
}

/** The priced part of the order, which a fresh quote replaces. */
export interface OnrampQuote {
  cryptoAmount: string;
  /** Fiat major units per one crypto unit, as the API sends it; `null` until known. */
  exchangeRate: number | null;
  fees: OnrampFees | null;
  /** Epoch ms on the server's clock; `null` when the server did not say (a quote is then fetched). */
  expiresAt: number | null;
}

export interface OnrampSession {
  sessionId: string;
  status: SessionStatus;
  /** In the smallest unit of `fiatCurrency` (cents). */
  fiatAmount: number | null;
  /** ISO 4217 code, upper case. */
  fiatCurrency: string | null;
  /** Asset symbol as the API names it (`ETH`, `USDC`, or one a newer server sells). */
  cryptoCurrency: string | null;
  /** Network name as the API names it (`ethereum`, `polygon`, `base`, or another). */
  network: string | null;
  walletAddress: string | null;
  quote: OnrampQuote;
  expiresAt: number | null;
  txHash: string | null;
  /** When the crypto was delivered, epoch ms; `null` until then or when the server did not say. */
  completedAt: number | null;
  redirectUrl: string | null;
}

/** Fees as decimal strings; the server's `total_fee` when it sends one, else the exact sum. */
function feeBreakdown(fees: FeesRead): OnrampFees | null {
  const [platform, network, processing, sent] = [
    fees.platform_fee,
    fees.network_fee,
    fees.processing_fee,
    fees.total_fee,
  ].map((fee) => (fee === undefined ? undefined : numberToDecimal(fee)));
  if (!platform || !network || !processing || sent === null) return null;
  const total = sent ?? addDecimals([platform, network, processing]);
  return total ? { platform, network, processing, total } : null;
}

/** An optional field of the status view: its value when present and well formed, else `null`. */
const optionalTime = (value: unknown): number | null => (typeof value === 'string' ? parseTimestamp(value) : null);
const optionalDecimal = (value: unknown): string | null =>
  decimalRead.safeParse(value).success ? (value as string) : null;
const optionalRate = (value: unknown): number | null =>
  positiveNumberRead.safeParse(value).success ? (value as number) : null;
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function fromSessionInput(input: SessionInputRead): OnrampSession {
  return {
    sessionId: input.session_id,
    status: 'pending',
    fiatAmount: input.fiat_amount ?? null,
    fiatCurrency: input.fiat_currency?.toUpperCase() ?? null,
    cryptoCurrency: input.crypto_currency ?? null,
    network: input.network ?? null,
    walletAddress: input.wallet_address ?? null,
    quote: {
      cryptoAmount: input.estimated_crypto_amount,
      exchangeRate: input.exchange_rate,
      fees: feeBreakdown(input.fees),
      expiresAt: parseTimestamp(input.quote_expires_at),
    },
    expiresAt: parseTimestamp(input.expires_at),
    txHash: null,
    completedAt: null,
    redirectUrl: input.redirect_url ?? null,
  };
}

export function fromStatusView(view: SessionStatusRead): OnrampSession {
  const delivered = view.status === 'completed';
  const createdAt = parseTimestamp(view.created_at);
  return {
    sessionId: view.session_id,
    status: view.status,
    fiatAmount: view.fiat_amount,
    fiatCurrency: view.fiat_currency.toUpperCase(),
    cryptoCurrency: view.crypto_currency,
    network: view.network,
    walletAddress: view.wallet_address,
    quote: {
      cryptoAmount: (!delivered && optionalDecimal(view.estimated_crypto_amount)) || view.crypto_amount,
      exchangeRate: optionalRate(view.exchange_rate),
      fees: feeBreakdown(view.fees),
      expiresAt: optionalTime(view.quote_expires_at),
    },
    // The spec's bare shape has no expiry: sessions live 30 minutes from creation.
    expiresAt: optionalTime(view.expires_at) ?? (createdAt === null ? null : createdAt + SESSION_TTL_MS),
    txHash: delivered ? optionalText(view.tx_hash) : null,
    completedAt: delivered ? optionalTime(view.completed_at) : null,
    redirectUrl: optionalText(view.redirect_url),
  };
}

export function fromQuote(quote: QuoteRead): OnrampQuote {
  return {
    cryptoAmount: quote.crypto_amount,
    exchangeRate: quote.exchange_rate,
    fees: feeBreakdown(quote.fees),
    expiresAt: parseTimestamp(quote.expires_at),
  };
}

/**
 * A status response merged over what is shown: fields the server omitted keep their known values,
 * and the quote is the one `keptQuote` (the quote's policy) picks.
 */
export function mergeSession(current: OnrampSession | null, next: OnrampSession): OnrampSession {
  if (current?.sessionId !== next.sessionId) return next;
  return {
    ...next,
    quote: keptQuote(current.quote, next.quote, next.status === 'pending'),
    redirectUrl: next.redirectUrl ?? current.redirectUrl,
  };
}
