/**
 * How the `later` part loads the `order` part (amount first) in the npm build: a dynamic import,
 * which the merchant's bundler splits. The script-tag build gets `load-order-part.iife.ts` (the
 * integrity-pinned script) instead, by the same import, `#load-order-part` (package.json's
 * `imports`). Apart from `load-part.ts`, which imports the `later` part: the later part importing
 * that module back would be a cycle.
 */
import { loaded, type OnrampParts, type PartFailure } from '../parts.js';

export function loadOrderPart(): Promise<OnrampParts['order'] | PartFailure> {
  return import('../order/order-part.js').then(
    (exports) => (loaded.order = exports),
    (): PartFailure => ({ code: 'PART_LOAD_FAILED', values: { part: 'order' } }),
  );
}
