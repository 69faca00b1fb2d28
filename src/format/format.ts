/** Display formatting with `Intl`: fiat from minor units or decimal strings, crypto from decimal strings, times. */
import { minorToDecimal } from '../contract/money.js';
import { ownValue } from './own-value.js';

/** Fraction digits shown for each known asset: enough to matter; other assets get eight. */
const CRYPTO_DISPLAY_DIGITS: Partial<Record<string, number>> = { ETH: 6, MATIC: 4, USDC: 2, USDT: 2 };

const cache: Record<string, Intl.NumberFormat> = {};
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return (cache[`${locale}|${JSON.stringify(options)}`] ??= new Intl.NumberFormat(locale, options));
}

/** `"2.49", 'USD'` -> `$2.49`. Formats the exact decimal string, never a float. */
export function formatFiatDecimal(decimal: string, currency: string, locale?: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(decimal as Intl.StringNumericLiteral);
}

/**
 * `10000, 'USD'` -> `$100.00`: an amount in the currency's smallest unit, whose digits are the
 * currency's as `Intl` knows them (2 for USD, EUR and GBP, 0 for JPY), so `fiat_amount` is read
 * right for any currency a server prices in. Those digits depend on the currency alone (ECMA-402's
 * CurrencyDigits), so the formatter that writes the amount tells them: one `Intl.NumberFormat`, not two.
 */
export function formatFiat(minor: number, currency: string, locale?: string): string {
  const format = numberFormat(locale, { style: 'currency', currency });
  return format.format(
    minorToDecimal(minor, format.resolvedOptions().maximumFractionDigits ?? 2) as Intl.StringNumericLiteral,
  );
}

/** `"0.031746031746031746", 'ETH'` -> `0.031746 ETH`, truncated so it never overstates. */
export function formatCrypto(amount: string, currency: string | null, locale?: string): string {
  const digits = (currency ? ownValue(CRYPTO_DISPLAY_DIGITS, currency) : undefined) ?? 8;
  const text = numberFormat(locale, { maximumFractionDigits: digits, roundingMode: 'trunc' }).format(
    amount as Intl.StringNumericLiteral,
  );
  return currency ? `${text} ${currency}` : text;
}

/**
 * The rate line: `1 ETH = $3,150.42`, the price in the fiat's own minor digits (a price, rounded for
 * display; no arithmetic on it). The hosted checkout writes it with this same function.
 */
export function formatRate(rate: number, crypto: string, fiat: string, locale?: string): string {
  // The "1" in the locale's digits too (Arabic, Persian and Bengali write their own).
  return `${numberFormat(locale, {}).format(1)} ${crypto} = ${numberFormat(locale, { style: 'currency', currency: fiat }).format(rate)}`;
}

/**
 * `mm:ss` (or `h:mm:ss` past an hour) of a remaining duration, rounded up to whole seconds, in the
 * locale's digits.
 */
export function formatCountdown(ms: number, locale?: string): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const two = (value: number) => numberFormat(locale, { minimumIntegerDigits: 2 }).format(value);
  const mmss = `${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
  return hours ? `${numberFormat(locale, {}).format(hours)}:${mmss}` : mmss;
}

/** A moment as the locale writes a date and time: `Nov 21, 2026, 9:41 AM`. */
export function formatDateTime(epochMs: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}

/** A number of minutes from now as the locale says it: `in 1 minute`, `dans 1 minute`. */
export function formatMinutesFromNow(minutes: number, locale?: string): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(minutes, 'minute');
}

/** `0x71C7656EC7ab88b098defB751B7401B5f6d8976F` -> `0x71C7…976F`. */
export function shortenAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
