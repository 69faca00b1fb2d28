/**
 * The browser's schema helpers (src/contract/read/kinds.ts) stand in for zod kinds to save bundle
 * bytes, so they must read exactly as those kinds do: `fields` and `optional` against `z.object` and
 * `z.optional` over the same field schemas, on any input (same verdict, same output, same issue paths).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { anyString, fields, finiteNumber, optional } from '../../src/contract/read/kinds.js';

const inner = { amount: finiteNumber(), note: optional(anyString()) };
const outer = { id: anyString(), inner: fields(inner), extra: optional(fields(inner)), any: optional(z.unknown()) };
const ours = fields(outer);
const zods = z.object({
  id: anyString(),
  inner: z.object({ amount: finiteNumber(), note: z.optional(anyString()) }),
  extra: z.optional(z.object({ amount: finiteNumber(), note: z.optional(anyString()) })),
  any: z.optional(z.unknown()),
});

const leaf = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, '', 'x', 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, [], {}),
);
const innerArb = fc.oneof(leaf, fc.record({ amount: leaf, note: leaf, unlisted: leaf }, { requiredKeys: [] }));
const inputArb = fc.oneof(
  leaf,
  fc.record({ id: leaf, inner: innerArb, extra: innerArb, any: leaf, unlisted: leaf }, { requiredKeys: [] }),
);
const paths = (issues: readonly z.core.$ZodIssue[]) => [...new Set(issues.map((issue) => issue.path.join('.')))].sort();

describe('schema helpers read as the zod kinds they replace', () => {
  it('fields and optional: the same verdict, output (unlisted fields left out) and issue paths as z.object and z.optional', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const a = ours.safeParse(input);
        const b = zods.safeParse(input);
        assert.equal(a.success, b.success);
        if (a.success && b.success) assert.deepStrictEqual(a.data, b.data);
        else assert.deepStrictEqual(paths(a.error!.issues), paths(b.error!.issues));
      }),
      { numRuns: 2000 },
    );
  });
});
