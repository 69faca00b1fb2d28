/**
 * Amounts on the hosted checkout as a buyer reads them, written by the widget's own formatters, so
 * the page and the widget above it never show two figures for one order (fiat from minor units,
 * crypto truncated to the asset's display digits, the rate in the fiat's own minor digits). The
 * exact values stay in the API.
 */
import type { Network } from '../../src/contract/catalog.js';
import { formatCrypto, formatFiat, formatRate } from '../../src/format/format.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';

/** The page is in English; its numbers are written as an en-US reader expects. */
const LOCALE = 'en-US';

export const NETWORK_NAMES: Readonly<Record<Network, string>> = {
  ethereum: 'Ethereum',
  polygon: 'Polygon',
  base: 'Base',
};

export const fiat = (minor: number, currency: string): string => formatFiat(minor, currency, LOCALE);

/** What the buyer receives: `0.03006 ETH`. */
export const crypto = (row: SessionRow): string => formatCrypto(row.crypto_amount, row.crypto_currency, LOCALE);

/** `1 ETH = $3,127.39`. The stored rate is a decimal string; only its display goes through a number. */
export const rate = (row: SessionRow): string =>
  formatRate(Number(row.exchange_rate), row.crypto_currency, row.fiat_currency, LOCALE);

export const totalFees = (row: SessionRow): number => row.platform_fee + row.network_fee + row.processing_fee;
