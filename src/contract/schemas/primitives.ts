/**
 * Field-level schemas of the responses the widget reads. Only what browsers need lives here: every
 * schema built at the top level of a module ships in any bundle that imports the module.
 */
import * as z from 'zod/mini';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS, SESSION_STATUSES } from '../catalog.js';
import { SESSION_ID_PATTERN } from '../credentials.js';

export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES);
export const networkSchema = z.enum(NETWORKS);
export const fiatCurrencySchema = z.enum(FIAT_CURRENCIES);
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

/**
 * ISO 8601 timestamp with a zone (`Z` or an offset). A regex rather than `z.iso.datetime()`: the
 * same check at a fraction of the bytes in the browser bundle.
 */
export const timestampSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/),
);

/** `0x` and 40 hex digits. The EIP-55 checksum of mixed-case addresses is the server's check. */
export const walletAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** A non-negative decimal string such as `"0.031746031746031746"`: crypto amounts are never floats. */
export const decimalStringSchema = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));

/**
 * A rule as a plain check function. zod/mini runs it like any check, and it adds no schema kind:
 * each kind (`z.int()`, `z.literal()`…) brings its own code into the browser bundle.
 */
export function rule<T>(test: (value: T) => boolean, message: string) {
  return (payload: z.core.ParsePayload<T>): void => {
    if (!test(payload.value)) payload.issues.push({ code: 'custom', input: payload.value, message });
  };
}

/** A safe integer, as `z.int()` accepts, through a rule (see `rule`). */
export const integerSchema = z.number().check(rule(Number.isSafeInteger, 'Expected an integer'));

/** Integer minor units (cents), as the status, detail and list views carry fees. */
export const minorUnitsSchema = integerSchema.check(z.gte(0));

/** A decimal number in major units, as the creation response and the quote carry fees. */
export const majorAmountSchema = z.number().check(z.gte(0));

export const exchangeRateSchema = z.number().check(z.gt(0));

export const sessionIdSchema = z.string().check(z.regex(SESSION_ID_PATTERN));
