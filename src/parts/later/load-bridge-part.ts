/**
 * How the `later` part loads the `bridge` part (a native app's WebView) in the npm build: a dynamic
 * import, which the merchant's bundler splits. The script-tag build gets
 * `load-bridge-part.iife.ts` (the integrity-pinned script, pinned in the later part) instead, by the
 * same import, `#load-bridge-part` (package.json's `imports`).
 */
import { loaded, type OnrampParts, type PartFailure } from '../parts.js';

export function loadBridgePart(): Promise<OnrampParts['bridge'] | PartFailure> {
  return import('../bridge/bridge-part.js').then(
    (exports) => (loaded.bridge = exports),
    (): PartFailure => ({ code: 'PART_LOAD_FAILED', values: { part: 'bridge' } }),
  );
}
