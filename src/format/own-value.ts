/**
 * A table's own entry for `key`, else `undefined`. Keys come from API answers (asset symbols,
 * network names): `constructor` or `__proto__` must find nothing, not what every object inherits.
 */
export const ownValue = <T>(table: Partial<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
