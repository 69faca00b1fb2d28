/** The script-tag build's `loadBridgePart` (`load-bridge-part.ts`): `onramp-checkout.bridge.js`, pinned in the later part. */
import { loadPart } from '../load-part.iife.js';
import type { OnrampParts, PartFailure } from '../parts.js';

export const loadBridgePart = (): Promise<OnrampParts['bridge'] | PartFailure> => loadPart('bridge');
