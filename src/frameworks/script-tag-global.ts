/**
 * Types of `onramp-checkout/iife` and `onramp-checkout/hydrate-iife`, the script-tag files: loading
 * one registers `<onramp-checkout>` and exposes the package entry as the `OnrampCheckout` global
 * (`OnrampCheckout.OnrampCheckout` is the element class, `OnrampCheckout.TAG_NAME` its tag).
 */
import type * as OnrampCheckoutEntry from '../define.js';

declare global {
  /** The script-tag file's exports: the package entry and `defineOnrampCheckout`. */
  var OnrampCheckout: typeof OnrampCheckoutEntry;
}

export {};
