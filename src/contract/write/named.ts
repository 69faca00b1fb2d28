/**
 * A named shape: a schema the OpenAPI document shows as a component of its own
 * (`#/components/schemas/<id>`), with the example the document gives wherever an operation reads or
 * answers it. The name and the example are said once, beside the schema
 * (`export const pingSchema = named(z.object({ pong: z.literal(true) }), { id: 'Ping', example: { pong: true } })`):
 * the document (demo/onramp-api/openapi/schemas.ts) finds every named schema among the exports of
 * `./shapes.ts`, and `SchemaName` (`../operations.ts`) is read off their types.
 */
import type * as z from 'zod/mini';

/** What a name says of its schema. */
export interface Naming<Id extends string = string> {
  /** The component's name in the document, and the schema's `SchemaName`. */
  id: Id;
  /** The example of the shape in the document; a test parses it with the schema. */
  example: unknown;
}

/** Type-only mark of the name (nothing is written on the schema): `SchemaName` reads it. */
declare const NAME: unique symbol;
export type Named<S, Id extends string> = S & { readonly [NAME]: Id };

/** The name of a named schema's type, `never` for any other type. */
export type NameOf<T> = T extends { readonly [NAME]: infer Id extends string } ? Id : never;

const NAMINGS = new WeakMap<object, Naming>();

/** Gives `schema` its name and example, and returns it (the same object). */
export function named<S extends z.ZodMiniType, const Id extends string>(schema: S, naming: Naming<Id>): Named<S, Id> {
  NAMINGS.set(schema, naming);
  return schema as Named<S, Id>;
}

/** The name and example given to `value`, if it is a named schema. */
export function namingOf(value: unknown): Naming | undefined {
  return typeof value === 'object' && value !== null ? NAMINGS.get(value) : undefined;
}
