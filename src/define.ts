/**
 * Registers `<onramp-checkout>`. Safe to import twice, or alongside another copy of the bundle:
 * a second definition is skipped instead of throwing; a copy of another version is reported in the
 * console (`DUPLICATE_DEFINITION`), since every element on the page is then the first copy's. Safe
 * on a server: it does nothing without `customElements`.
 */
import { OnrampCheckout } from './index.js';
import { loadPart } from '#load-part';

export const TAG_NAME = 'onramp-checkout';

export function defineOnrampCheckout(
  registry: CustomElementRegistry | undefined = (globalThis as { customElements?: CustomElementRegistry })
    .customElements,
): void {
  const defined = registry?.get(TAG_NAME) as { version?: string } | undefined;
  if (!defined) registry?.define(TAG_NAME, OnrampCheckout);
  else if (defined !== OnrampCheckout && defined.version !== OnrampCheckout.version)
    void loadPart('later').then(
      (part) => 'duplicate' in part && part.duplicate(OnrampCheckout.version, defined.version),
    );
}

defineOnrampCheckout();

export * from './index.js';
