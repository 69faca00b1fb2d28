/**
 * The script-tag build's `later` part (`dist/cdn/onramp-checkout.later.js`), handed to the file that
 * loaded it, which hands back its Trusted Types policy: this part loads the order part with it.
 */
import * as later from './later-part.js';
import { PART_REGISTRY, type LaterPart, type PartRegistry } from '../parts.js';
import { usePolicy } from '../load-part.iife.js';

// By its own URL: the file that loaded it (not another copy of the widget on the page) gets it.
const url = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
usePolicy((globalThis as { [PART_REGISTRY]?: PartRegistry })[PART_REGISTRY]?.[url]?.(later satisfies LaterPart));
