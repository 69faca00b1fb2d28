/** The script-tag build's `order` part (`dist/cdn/onramp-checkout.order.js`), handed to the file that loaded it. */
import * as order from './order-part.js';
import { PART_REGISTRY, type OrderPart, type PartRegistry } from '../parts.js';

// By its own URL: the file that loaded it (not another copy of the widget on the page) gets it.
const url = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
(globalThis as { [PART_REGISTRY]?: PartRegistry })[PART_REGISTRY]?.[url]?.(order satisfies OrderPart);
