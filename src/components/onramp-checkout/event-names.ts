/**
 * The names of `<onramp-checkout>`'s events at run time, for pages and tests that listen to all of
 * them. Not exported by the package entry, so the script-tag bundle does not carry it.
 */
import type { OnrampEventMap } from './onramp-checkout.events.js';

export const ONRAMP_EVENT_NAMES = [
  'onramp-ready',
  'onramp-status-change',
  'onramp-quote-expired',
  'onramp-quote-refreshed',
  'onramp-completed',
  'onramp-failed',
  'onramp-expired',
  'onramp-error',
  'onramp-warning',
  'onramp-fallback',
] as const satisfies readonly (keyof OnrampEventMap)[];
