/**
 * The contract's schemas as the document names them: every schema of src/contract/write/ given a
 * name and an example (`named(schema, { id, example })`, src/contract/write/named.ts), found among
 * the exports of src/contract/write/shapes.ts, in the order of their names. They are plain zod, so
 * `z.toJSONSchema` converts them as they are; their descriptions are the contract's own metadata.
 */
import * as z from 'zod/mini';
import type { SchemaName } from '../../../src/contract/operations.js';
import * as write from '../../../src/contract/write/shapes.js';
import { namingOf } from '../../../src/contract/write/named.js';

const byId = new Map<string, { id: string; example: unknown; schema: z.ZodMiniType }>();
for (const value of Object.values(write)) {
  const naming = namingOf(value);
  if (!naming) continue;
  const known = byId.get(naming.id);
  if (known && known.schema !== value) throw new Error(`two schemas of src/contract/write/ are named ${naming.id}`);
  byId.set(naming.id, { ...naming, schema: value as z.ZodMiniType });
}
const named = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Every named schema, by its name in `components.schemas` (`SchemaName` is the type of these names). */
export const NAMED_SCHEMAS: Readonly<Record<SchemaName, z.ZodMiniType>> = Object.fromEntries(
  named.map(({ id, schema }) => [id, schema]),
) as Record<SchemaName, z.ZodMiniType>;

/** The example of every named schema, by name. */
export const EXAMPLES: Readonly<Record<SchemaName, unknown>> = Object.fromEntries(
  named.map(({ id, example }) => [id, example]),
) as Record<SchemaName, unknown>;

/**
 * The registry `z.toJSONSchema` reads: an `id` per component (a component, referenced by `$ref`),
 * over the contract's own metadata (descriptions and formats registered in `z.globalRegistry` beside
 * each schema, src/contract/write/).
 */
export function documentRegistry(
  components: Readonly<Record<string, z.ZodMiniType>>,
): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const registry = new ContractRegistry();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  return registry;
}

/** The document's ids, with what the contract says of each schema in the global registry beneath them. */
class ContractRegistry extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get<S extends z.core.$ZodType>(schema: S): z.core.$replace<z.core.GlobalMeta, S> | undefined {
    const contract = z.globalRegistry.get(schema);
    const own = super.get(schema);
    return contract || own ? { ...contract, ...own } : undefined;
  }
}
