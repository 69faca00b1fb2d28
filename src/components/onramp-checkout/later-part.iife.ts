/** The script-tag build's `later` part (`dist/onramp-checkout.later.js`), handed to the file that loaded it. */
import * as later from './later-part.js';
import { PART_REGISTRY, type PartRegistry } from '../../parts/parts.js';

(globalThis as { [PART_REGISTRY]?: PartRegistry })[PART_REGISTRY]?.later?.(later);
