/** The script-tag build's `bridge` part (`dist/cdn/onramp-checkout.bridge.js`), handed to the file that loaded it (the later part). */
import * as bridge from './bridge-part.js';
import { PART_REGISTRY, type BridgePart, type PartRegistry } from '../parts.js';

// By its own URL: the file that loaded it (not another copy of the widget on the page) gets it.
const url = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
(globalThis as { [PART_REGISTRY]?: PartRegistry })[PART_REGISTRY]?.[url]?.(bridge satisfies BridgePart);
