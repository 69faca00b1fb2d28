/**
 * Reference exchange rates that drift slowly and deterministically with time: a pure function of
 * (crypto, fiat, time). Rates are scaled integers (RATE_DECIMALS places); no floats. Each asset
 * follows a triangle wave around its base rate, so quotes change over minutes and tests can pin a
 * time to get exact numbers.
 */
import type { CryptoCurrency, FiatCurrency } from '../../../src/contract/product.js';
import { minorToDecimal } from '../../../src/contract/money.js';

export const RATE_DECIMALS = 6;
const SCALE = 10n ** BigInt(RATE_DECIMALS);
const PPM = 1_000_000n;

/** Base rates: fiat major units per one crypto unit, as decimal text. */
const BASE_RATES: Readonly<Record<CryptoCurrency, Readonly<Record<FiatCurrency, string>>>> = {
  ETH: { USD: '3150', EUR: '2900', GBP: '2480' },
  USDC: { USD: '1.00', EUR: '0.92', GBP: '0.79' },
  USDT: { USD: '1.00', EUR: '0.92', GBP: '0.79' },
  MATIC: { USD: '0.45', EUR: '0.414', GBP: '0.355' },
};

/** Wave of each asset: amplitude in parts per million, period and phase in seconds. */
const WAVES: Readonly<Record<CryptoCurrency, { amplitudePpm: bigint; periodSec: bigint; phaseSec: bigint }>> = {
  ETH: { amplitudePpm: 20_000n, periodSec: 7_200n, phaseSec: 0n },
  USDC: { amplitudePpm: 1_000n, periodSec: 5_400n, phaseSec: 900n },
  USDT: { amplitudePpm: 1_200n, periodSec: 6_000n, phaseSec: 2_100n },
  MATIC: { amplitudePpm: 30_000n, periodSec: 4_800n, phaseSec: 1_500n },
};

function scaled(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(RATE_DECIMALS, '0').slice(0, RATE_DECIMALS));
}

/** Triangle wave in ppm, from -amplitude to +amplitude and back over one period. */
function trianglePpm(crypto: CryptoCurrency, timeMs: number): bigint {
  const { amplitudePpm: a, periodSec: p, phaseSec } = WAVES[crypto];
  const t = BigInt(Math.floor(timeMs / 1000)) + phaseSec;
  const pos = ((t % p) + p) % p;
  const half = p / 2n;
  return pos < half ? -a + (2n * a * pos) / half : a - (2n * a * (pos - half)) / half;
}

/** Fiat major units per one crypto unit, scaled by 10^RATE_DECIMALS. */
export function rateAt(crypto: CryptoCurrency, fiat: FiatCurrency, timeMs: number): bigint {
  const base = scaled(BASE_RATES[crypto][fiat]);
  return (base * (PPM + trianglePpm(crypto, timeMs))) / PPM;
}

/** The decimal text of a scaled rate (`3150.123456`). */
export function rateToDecimal(rate: bigint): string {
  return minorToDecimal(rate, RATE_DECIMALS);
}

/** JSON number of a scaled rate, through its decimal text. */
export function rateToNumber(rate: bigint): number {
  return Number(rateToDecimal(rate));
}

export { SCALE as RATE_SCALE };
