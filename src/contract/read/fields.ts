/**
 * Field schemas of the widget's reading side: what the spec allows, not what our sandbox happens to
 * write. Strings the widget only shows (a wallet address, an asset symbol, a network name) are
 * accepted in any form the spec leaves open, since they are rendered as text and never as markup;
 * what the widget computes with (amounts, rates, times) is checked to be computable.
 *
 * Built with kinds.ts (bundle bytes): one zod kind, `z.unknown()`, with checks.
 */
import * as z from 'zod/mini';
import { SESSION_STATUSES } from '../product.js';
import { parseTimestamp } from '../timestamp.js';
import { anyString, atLeast, fields, finiteNumber, matching, oneOf, optional, rule } from './kinds.js';

/** A safe integer (what `z.int()` accepts). */
export const integerRead = finiteNumber().check(rule(Number.isSafeInteger));

/** The five session states. A state the spec does not name cannot be shown, and is refused. */
export const sessionStatusNameRead = oneOf(SESSION_STATUSES);

/** `ors_…` of any length, or any id a server names a session by: compared, never parsed. */
export const sessionIdRead = anyString().check(rule((value) => value !== ''));

/** Text shown as is: one to `max` characters, none of them whitespace or control characters. */
const token = (max: number) => matching(new RegExp(`^[^\\s\\p{Cc}]{1,${max}}$`, 'u'));

/** "Symbol, e.g. ETH, USDC": any symbol, not only the four our sandbox sells. */
export const assetSymbolRead = token(32);

/** A network name: `ethereum`, `polygon`, `base`, or one a newer server adds. */
export const networkRead = token(64);

/** A destination wallet: `0x…` on the spec's networks, another form on a network it adds. */
export const walletRead = token(256);

/** A fiat currency: any ISO 4217-shaped code (`Intl` formats any of them), in either case. */
export const fiatCurrencyRead = matching(/^[A-Za-z]{3}$/);

/** A decimal string of any precision: `"0.031746031746031746"`, `"12"`, `"12."`, `".5"`. */
export const decimalRead = matching(/^(?=.{1,100}$)(\d+\.?\d*|\.\d+)$/);

/** Integer amounts in the smallest unit (the status view's `fiat_amount`). */
export const minorAmountRead = integerRead.check(rule((value) => value >= 0));

/** A JSON number the widget computes with (a fee): any finite number. */
export const numberRead = finiteNumber();

export const positiveNumberRead = atLeast(0, true);

/** Any ISO 8601 form (see timestamp.ts). */
export const timestampRead = anyString().check(rule((value) => parseTimestamp(value) !== null));

/** Fees as numbers with decimals in major units; `total_fee` when the shape has one (else summed). */
export const feesRead = fields({
  platform_fee: numberRead,
  network_fee: numberRead,
  processing_fee: numberRead,
  total_fee: optional(numberRead),
});
export type FeesRead = z.infer<typeof feesRead>;
