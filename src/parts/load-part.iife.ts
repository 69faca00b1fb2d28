/**
 * How the script-tag build loads a part: `onramp-checkout.<name>.js` from the script's own directory
 * (no new CSP source), as a script element whose `integrity` the build pinned here, so the browser
 * runs only the bytes this file was built with; its URL made through the Trusted Types policy
 * `onramp-checkout`, which admits the exact URLs of the build's parts and nothing else, compared
 * after URL parsing (so `../` cannot lead out); the script's nonce passed on. The part hands itself
 * over through `PART_REGISTRY`, and is taken only from the script element made here: a page
 * script that calls the registry gets nothing (no exports taken, no policy handed back).
 */
import { html, nothing } from 'lit';
import {
  loaded,
  PART_REGISTRY,
  type OnrampParts,
  type PartFailure,
  type PartName,
  type PartRegistry,
} from './parts.js';
import { scriptBase, scriptNonce } from './script-base.js';

/** `{later: 'sha256-…'}`, written by the build (vite.config.ts). */
declare const __ONRAMP_PART_INTEGRITY__: Record<PartName, string>;

/** The part of the Trusted Types API used here (not yet in TypeScript's DOM types). */
interface ScriptUrlPolicy {
  createScriptURL(value: string): unknown;
}

let policy: ScriptUrlPolicy | undefined;

/** A part's URL beside the script. */
const partUrl = (name: PartName): string => new URL(`onramp-checkout.${name}.js`, scriptBase).href;

/** The parts' exact URLs; any other value, once parsed (`../` resolved), is refused (`''`). */
export const partUrlOnly = (value: string): string =>
  (['later', 'order', 'bridge'] as const).map(partUrl).includes((value = new URL(value, scriptBase).href)) ? value : '';

/**
 * A part that loads a part (the later part, the order part) uses the policy of the script-tag file
 * that loaded it, handed over with it: trusted-types refuses a second policy of the same name.
 */
export const usePolicy = (given: unknown): void => {
  policy ??= given as ScriptUrlPolicy | undefined;
};
const loads: Partial<Record<PartName, Promise<unknown>>> = {};

/** Loads a part; what did not load is a `PartFailure` (never a rejection), and is tried again next call. */
export function loadPart<N extends PartName>(name: N): Promise<OnrampParts[N] | PartFailure> {
  // After the file has run (its pins are read from the end of its scope): a copy may ask while it runs.
  return (loads[name] ??= Promise.resolve().then(
    () =>
      new Promise<OnrampParts[N] | PartFailure>((resolve) => {
        const file = `onramp-checkout.${name}.js`;
        const url = partUrl(name);
        const element = document.createElement('script');
        const fail = (code: PartFailure['code']) => {
          delete loads[name];
          element.remove();
          resolve({ code, values: { part: file, url, policy: 'onramp-checkout' } });
        };
        // A part that runs hands itself over, by its URL, before its load event; one that does not has
        // failed. It draws with this file's Lit (`host-lit.ts`).
        const registry = ((globalThis as { [PART_REGISTRY]?: PartRegistry & { lit?: object } })[PART_REGISTRY] ??= {});
        registry.lit = { html, nothing };
        registry[url] = (exports) =>
          document.currentScript == element ? (resolve((loaded[name] = exports as OnrampParts[N])), policy) : undefined;
        try {
          // Created once; it makes the parts' own URLs only. A CSP that lists other policies refuses it.
          policy ??= (
            window as { trustedTypes?: { createPolicy(name: string, rules: object): ScriptUrlPolicy } }
          ).trustedTypes?.createPolicy('onramp-checkout', { createScriptURL: partUrlOnly });
          (element as { src: unknown }).src = policy?.createScriptURL(url) ?? url;
        } catch {
          return fail('CSP_TRUSTED_TYPES');
        }
        Object.assign(element, {
          integrity: __ONRAMP_PART_INTEGRITY__[name],
          crossOrigin: 'anonymous',
          nonce: scriptNonce,
          onload: () => loaded[name] ?? fail('PART_LOAD_FAILED'),
          onerror: () => fail('PART_LOAD_FAILED'),
        });
        document.head.append(element);
      }),
  )) as Promise<OnrampParts[N] | PartFailure>;
}
