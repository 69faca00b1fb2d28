/** The script-tag build's `loadOrderPart` (`load-order-part.ts`): `onramp-checkout.order.js`, pinned in the later part. */
import { loadPart } from '../load-part.iife.js';
import type { OnrampParts, PartFailure } from '../parts.js';

export const loadOrderPart = (): Promise<OnrampParts['order'] | PartFailure> => loadPart('order');
