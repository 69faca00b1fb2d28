/** Prices an order: fees, exchange rate and the crypto amount, all in exact integer arithmetic. */
import type { CryptoCurrency, FiatCurrency, Network } from '../../../src/contract/product.js';
import { CRYPTO_DECIMALS, FIAT_MINOR_DIGITS } from '../../../src/contract/product.js';
import { minorToDecimal, trimDecimal } from '../../../src/contract/money.js';
import { feesFor, type FeeBreakdown } from './fees.js';
import { RATE_SCALE, rateAt, rateToDecimal } from './pricing.js';

export interface PricedOrder {
  fiatAmount: number;
  fiatCurrency: FiatCurrency;
  cryptoCurrency: CryptoCurrency;
  network: Network;
  /** Scaled rate (see pricing.ts). */
  rate: bigint;
  /** Decimal text of the rate. */
  rateDecimal: string;
  fees: FeeBreakdown;
  /** Decimal string at the asset's precision, trailing zeros trimmed. */
  cryptoAmount: string;
}

export interface OrderInput {
  fiatAmount: number;
  fiatCurrency: FiatCurrency;
  cryptoCurrency: CryptoCurrency;
  network: Network;
}

/** crypto = (fiat − fees) / rate, floored at the asset's precision. */
export function priceOrder(input: OrderInput, priceTimeMs: number): PricedOrder {
  const rate = rateAt(input.cryptoCurrency, input.fiatCurrency, priceTimeMs);
  const fees = feesFor(input.fiatAmount, input.network);
  const netMinor = BigInt(Math.max(0, input.fiatAmount - fees.total_fee));
  const decimals = CRYPTO_DECIMALS[input.cryptoCurrency];
  const units = (netMinor * 10n ** BigInt(decimals) * RATE_SCALE) / (rate * 10n ** BigInt(FIAT_MINOR_DIGITS));
  return {
    ...input,
    rate,
    rateDecimal: rateToDecimal(rate),
    fees,
    cryptoAmount: trimDecimal(minorToDecimal(units, decimals)),
  };
}
