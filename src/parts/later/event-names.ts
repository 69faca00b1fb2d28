/**
 * The names of `<onramp-checkout>`'s events at run time: for the native bridge, which forwards each
 * (`src/parts/bridge/`), and the tests that listen to all of them
 * (the type below fails when the element gains an event the list lacks).
 */
import type { OnrampEventMap } from '../../components/onramp-checkout/onramp-checkout.events.js';

export const ONRAMP_EVENT_NAMES = [
  'onramp-ready',
  'onramp-status-change',
  'onramp-quote-expired',
  'onramp-quote-refreshed',
  'onramp-price-change',
  'onramp-completed',
  'onramp-failed',
  'onramp-expired',
  'onramp-error',
  'onramp-warning',
  'onramp-fallback',
] as const satisfies readonly (keyof OnrampEventMap)[];

// Every event of the map is in the list.
null satisfies Exclude<keyof OnrampEventMap, (typeof ONRAMP_EVENT_NAMES)[number]> extends never ? null : never;
