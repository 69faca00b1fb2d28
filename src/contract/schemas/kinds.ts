/**
 * Schema helpers with few zod schema kinds (object, unknown, optional): each kind or check class
 * (`z.string()`, `z.number()`, `z.enum()`, `z.literal()`, `z.nullable()`, `z.int()`, `z.regex()`,
 * `z.gte()`…) brings its own code into the browser bundle, so those checks are `rule`s on
 * `z.unknown()` here, with the same acceptance. No schema is built at the top level: importing this
 * module costs a bundle only what it uses.
 */
import * as z from 'zod/mini';

/**
 * A rule as a plain check function: zod/mini runs it like its own checks and, with no locale
 * loaded, reports a failure as "Invalid input" like them.
 */
export function rule<T>(test: (value: T) => boolean) {
  return (payload: z.core.ParsePayload<T>): void => {
    if (!test(payload.value)) payload.issues.push({ code: 'custom', input: payload.value });
  };
}

/**
 * A value of the type `test` recognises; the cast gives the schema the type the rule lets through.
 * Later checks do not run on a value this one refused.
 */
const typed = <T>(test: (value: unknown) => value is T) => z.unknown().check(rule(test)) as z.ZodMiniType<T, T>;

/** Any string (what `z.string()` accepts). */
export const anyString = () => typed((value): value is string => typeof value === 'string');

/** A finite number (what `z.number()` accepts: no `NaN`, no infinities). */
export const finiteNumber = () => typed((value): value is number => Number.isFinite(value));

/** A string matching `pattern` (what `z.string().check(z.regex(pattern))` accepts). */
export const matching = (pattern: RegExp) => anyString().check(rule((value) => pattern.test(value)));

/** One of `values` (what `z.enum(values)` accepts); the cast narrows the type to what the rule lets through. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  anyString().check(rule((value) => values.includes(value))) as z.ZodMiniType<T[number], T[number]>;

/** Exactly `value` (what `z.literal(value)` accepts). */
export const exactly = <const T extends boolean>(value: T) => z.unknown().check(rule((input) => input === value)) as z.ZodMiniType<T, T>;

/** `null` or a string `schema` accepts (what `z.nullable(schema)` accepts; a string schema hands back its input). */
export const nullOr = (schema: z.ZodMiniType<string, string>) =>
  z.unknown().check(rule((input) => input === null || schema.safeParse(input).success)) as z.ZodMiniType<string | null, string | null>;

/** A number of at least `min` (or above it, when `exclusive`). */
export const atLeast = (min: number, exclusive = false) => finiteNumber().check(rule((value) => (exclusive ? value > min : value >= min)));
