/**
 * Registers `<onramp-checkout>`. Safe to import twice, or alongside another copy of the bundle:
 * a second definition is skipped instead of throwing. Safe on a server: it does nothing without
 * `customElements`.
 */
import { OnrampCheckout } from './index.js';

export const TAG_NAME = 'onramp-checkout';

export function defineOnrampCheckout(
  registry: CustomElementRegistry | undefined = (globalThis as { customElements?: CustomElementRegistry })
    .customElements,
): void {
  if (registry && !registry.get(TAG_NAME)) registry.define(TAG_NAME, OnrampCheckout);
}

defineOnrampCheckout();

export * from './index.js';
