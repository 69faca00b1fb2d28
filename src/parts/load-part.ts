/**
 * How the npm build loads a part: a dynamic import, which the merchant's bundler splits into a chunk
 * of its own. The script-tag build gets `load-part.iife.ts` instead, by the same import,
 * `#load-part` (package.json's `imports`, its `onramp-script-tag` condition).
 */
import { loaded, type OnrampParts, type PartFailure, type PartName } from './parts.js';

const IMPORTS: { [N in PartName]: () => Promise<OnrampParts[N]> } = {
  later: () => import('./later/later-part.js'),
  // Loaded by the later part (`load-order-part.ts`, `load-bridge-part.ts`), never from here.
  order: () => Promise.reject(new Error('the order part loads through load-order-part.ts')),
  bridge: () => Promise.reject(new Error('the bridge part loads through load-bridge-part.ts')),
};

/** Loads a part; what did not load is a `PartFailure` (never a rejection), and is tried again next call. */
export function loadPart<N extends PartName>(name: N): Promise<OnrampParts[N] | PartFailure> {
  return IMPORTS[name]().then(
    (exports) => (loaded[name] = exports),
    (): PartFailure => ({ code: 'PART_LOAD_FAILED', values: { part: name } }),
  );
}
