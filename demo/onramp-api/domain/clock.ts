/** Time sources: `now` for lifecycles (injectable in tests), `priceNow` for the rate curve. */
export interface Clock {
  now(): number;
  priceNow(): number;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
