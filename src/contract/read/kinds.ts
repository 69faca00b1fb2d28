/**
 * Schema helpers on a single zod schema kind, `z.unknown()`, with check functions: each kind or
 * check class (`z.object()`, `z.optional()`, `z.string()`, `z.number()`, `z.enum()`, `z.literal()`,
 * `z.nullable()`, `z.int()`, `z.regex()`, `z.gte()`…) brings its own code into the browser bundle
 * (`z.object()` and `z.optional()` about 1.2 kB brotli), so those are checks here, with the same
 * acceptance and the same output. No schema is built at the top level: importing this module costs a
 * bundle only what it uses.
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
export const exactly = <const T extends boolean>(value: T) =>
  z.unknown().check(rule((input) => input === value)) as z.ZodMiniType<T, T>;

/** `null` or a string `schema` accepts (what `z.nullable(schema)` accepts; a string schema hands back its input). */
export const nullOr = (schema: z.ZodMiniType<string, string>) =>
  z.unknown().check(rule((input) => input === null || schema.safeParse(input).success)) as z.ZodMiniType<
    string | null,
    string | null
  >;

/** A number of at least `min` (or above it, when `exclusive`). */
export const atLeast = (min: number, exclusive = false) =>
  finiteNumber().check(rule((value) => (exclusive ? value > min : value >= min)));

/** A schema per field of an object. */
type Shape = Record<string, z.ZodMiniType>;
/** The fields whose schema accepts `undefined` (`optional`): they may be left out. */
type OptionalKey<S extends Shape> = { [K in keyof S]: undefined extends z.output<S[K]> ? K : never }[keyof S];
type Fields<S extends Shape> = { [K in Exclude<keyof S, OptionalKey<S>>]: z.output<S[K]> } & {
  [K in OptionalKey<S>]?: z.output<S[K]>;
};

/**
 * An object with these fields (what `z.object(shape)` accepts: any object but `null` or an array,
 * each field passing its schema; a missing field is read as `undefined`, which only an `optional`
 * field accepts). Like `z.object()`, it hands back a new object of only these fields, each as its
 * schema read it (the check replaces the value, as `z.overwrite()` does): unlisted fields (a client
 * secret, metadata, anything a newer server adds) are left out. A failing field is reported under
 * its path.
 */
export const fields = <S extends Shape>(shape: S) =>
  z.unknown().check((payload: z.core.ParsePayload) => {
    const input = payload.value;
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      return void payload.issues.push({ code: 'custom', input });
    const output: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const value = (input as Record<string, unknown>)[key];
      const result = schema.safeParse(value);
      if (!result.success)
        payload.issues.push(
          ...result.error.issues.map((issue) => ({
            code: 'custom' as const,
            input: value,
            path: [key, ...issue.path],
          })),
        );
      else if (key in input) output[key] = result.data;
    }
    payload.value = output;
  }) as z.ZodMiniType<Fields<S>, Fields<S>>;

/** `undefined`, or a value `schema` accepts, as `schema` reads it (what `z.optional(schema)` does). */
export const optional = <T>(schema: z.ZodMiniType<T>) =>
  z.unknown().check((payload: z.core.ParsePayload) => {
    if (payload.value === undefined) return;
    const result = schema.safeParse(payload.value);
    if (result.success) payload.value = result.data;
    else
      payload.issues.push(
        ...result.error.issues.map((issue) => ({ code: 'custom' as const, input: payload.value, path: issue.path })),
      );
  }) as z.ZodMiniType<T | undefined, T | undefined>;
