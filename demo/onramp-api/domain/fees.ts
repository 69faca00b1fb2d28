/** Fees in integer minor units of the fiat currency. `total_fee` is the exact sum. */
import type { Network } from '../../../src/contract/product.js';

export interface FeeBreakdown {
  platform_fee: number;
  network_fee: number;
  processing_fee: number;
  total_fee: number;
}

/** Platform fee: 1.00 % of the amount, rounded up to the cent. */
const PLATFORM_FEE_BPS = 100;
/** Card processing fee: 2.49 % of the amount, rounded up to the cent. */
const PROCESSING_FEE_BPS = 249;
/** Flat network (gas) fee per network, in minor units. */
export const NETWORK_FEES: Readonly<Record<Network, number>> = { ethereum: 250, polygon: 2, base: 5 };

/** `amount * bps / 10000` rounded up, in integer arithmetic only. */
function ceilBps(amount: number, bps: number): number {
  const scaled = amount * bps;
  const remainder = scaled % 10_000;
  return (scaled - remainder) / 10_000 + (remainder > 0 ? 1 : 0);
}

export function feesFor(fiatAmountMinor: number, network: Network): FeeBreakdown {
  const platform_fee = ceilBps(fiatAmountMinor, PLATFORM_FEE_BPS);
  const processing_fee = ceilBps(fiatAmountMinor, PROCESSING_FEE_BPS);
  const network_fee = NETWORK_FEES[network];
  return { platform_fee, network_fee, processing_fee, total_fee: platform_fee + network_fee + processing_fee };
}
