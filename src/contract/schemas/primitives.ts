/**
 * Field-level schemas of the responses the widget reads. Only what browsers need lives here: every
 * schema built at the top level of a module ships in any bundle that imports the module.
 *
 * They use as few zod schema kinds as they can (object, string, number, unknown, optional): each
 * kind or check class (`z.enum()`, `z.literal()`, `z.nullable()`, `z.int()`, `z.regex()`, `z.gte()`…)
 * brings its own code into the browser bundle, so those checks are `rule`s here, with the same
 * acceptance.
 */
import * as z from 'zod/mini';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS, SESSION_STATUSES } from '../catalog.js';
import { SESSION_ID_PATTERN } from '../credentials.js';

/**
 * A rule as a plain check function: zod/mini runs it like its own checks and, with no locale
 * loaded, reports a failure as "Invalid input" like them.
 */
export function rule<T>(test: (value: T) => boolean) {
  return (payload: z.core.ParsePayload<T>): void => {
    if (!test(payload.value)) payload.issues.push({ code: 'custom', input: payload.value });
  };
}

/** A string matching `pattern` (what `z.string().check(z.regex(pattern))` accepts). */
export const matching = (pattern: RegExp) => z.string().check(rule((value) => pattern.test(value)));

/** One of `values` (what `z.enum(values)` accepts); the cast narrows the type to what the rule lets through. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  z.string().check(rule((value) => values.includes(value))) as z.ZodMiniType<T[number], T[number]>;

/** Exactly `value` (what `z.literal(value)` accepts). */
export const exactly = <const T extends boolean>(value: T) => z.unknown().check(rule((input) => input === value)) as z.ZodMiniType<T, T>;

/** `null` or a string `schema` accepts (what `z.nullable(schema)` accepts; a string schema hands back its input). */
export const nullOr = (schema: z.ZodMiniType<string, string>) =>
  z.unknown().check(rule((input) => input === null || schema.safeParse(input).success)) as z.ZodMiniType<string | null, string | null>;

/** A number of at least `min` (or above it, when `exclusive`). */
export const atLeast = (min: number, exclusive = false) => z.number().check(rule((value) => (exclusive ? value > min : value >= min)));

export const cryptoCurrencySchema = oneOf(CRYPTO_CURRENCIES);
export const networkSchema = oneOf(NETWORKS);
export const fiatCurrencySchema = oneOf(FIAT_CURRENCIES);
export const sessionStatusSchema = oneOf(SESSION_STATUSES);

/**
 * ISO 8601 timestamp with a zone (`Z` or an offset). A regex rather than `z.iso.datetime()`: the
 * same check at a fraction of the bytes in the browser bundle.
 */
export const timestampSchema = matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/);

/** `0x` and 40 hex digits. The EIP-55 checksum of mixed-case addresses is the server's check. */
export const walletAddressSchema = matching(/^0x[0-9a-fA-F]{40}$/);

/** A non-negative decimal string such as `"0.031746031746031746"`: crypto amounts are never floats. */
export const decimalStringSchema = matching(/^\d{1,30}(\.\d{1,18})?$/);

/** A safe integer (what `z.int()` accepts). */
export const integerSchema = z.number().check(rule(Number.isSafeInteger));

/** Integer minor units (cents), as the status, detail and list views carry fees. */
export const minorUnitsSchema = integerSchema.check(rule((value) => value >= 0));

/** A decimal number in major units, as the creation response and the quote carry fees. */
export const majorAmountSchema = atLeast(0);

export const exchangeRateSchema = atLeast(0, true);

export const sessionIdSchema = matching(SESSION_ID_PATTERN);
