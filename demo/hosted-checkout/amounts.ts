/**
 * Amounts on the hosted checkout as a buyer reads them, written by the widget's own formatters in
 * the page's negotiated locale, so the page and the widget above it never show two figures for one
 * order (fiat from minor units, crypto truncated to the asset's display digits, the rate in the
 * fiat's own minor digits). The exact values stay in the API. Network names are brand names: the
 * same in every language.
 */
import type { Network } from '../../src/contract/product.js';
import { formatCrypto, formatFiat, formatRate } from '../../src/format/format.js';
import type { SessionRow } from '../onramp-api/db/sessions.js';
import { type SafeHtml, html } from './escape.js';

export const NETWORK_NAMES: Readonly<Record<Network, string>> = {
  ethereum: 'Ethereum',
  polygon: 'Polygon',
  base: 'Base',
};

/** `$100.00` (`100,00 US$`…): an amount in minor units, as `locale` writes it. */
export const fiat = (minor: number, currency: string, locale: string): string => formatFiat(minor, currency, locale);

/** What the buyer receives: `0.03006 ETH`. */
export const crypto = (row: SessionRow, locale: string): string =>
  formatCrypto(row.crypto_amount, row.crypto_currency, locale);

/** `1 ETH = $3,127.39`. The stored rate is a decimal string; only its display goes through a number. */
export const rate = (row: SessionRow, locale: string): string =>
  formatRate(Number(row.exchange_rate), row.crypto_currency, row.fiat_currency, locale);

export const totalFees = (row: SessionRow): number => row.platform_fee + row.network_fee + row.processing_fee;

/** The direction marks a formatter may put in (LRM, RLM, ALM): moot once the text is set left to right. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * A value that reads left to right (an amount, a wallet address, a hash, a card number, a host) in
 * a page of `dir`: as it is on a left-to-right page, isolated left to right (`<bdi dir="ltr">`) on a
 * right-to-left one, so the page's direction never reorders its parts.
 */
export function ltr(dir: 'ltr' | 'rtl', text: string): SafeHtml {
  return dir === 'rtl' ? html`<bdi dir="ltr">${text.replace(DIRECTION_MARKS, '')}</bdi>` : html`${text}`;
}

/** The same for plain text (a title, a text the page's script writes): Unicode's left-to-right isolate. */
export function ltrText(dir: 'ltr' | 'rtl', text: string): string {
  return dir === 'rtl' ? `\u2066${text.replace(DIRECTION_MARKS, '')}\u2069` : text;
}
