/**
 * `<onramp-checkout>` in Svelte 5 markup, for svelte-check
 * (`import type {} from 'onramp-checkout/types/svelte'`).
 *
 * Svelte 5 sets an attribute as a property when the defined element has a setter for it (so
 * `session={…}` arrives as an object), and binds `on` + the exact event type as a listener
 * (`ononramp-ready`), with `capture` at the end for the capture phase.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import type { OnrampCheckoutProperties, OnrampEventMap, OnrampEventType } from './element-props.js';

/** `ononramp-ready`, `ononramp-readycapture`, … typed with the event's class. */
export type OnrampSvelteEventProps = {
  [K in OnrampEventType as `on${K}` | `on${K}capture`]?: (event: OnrampEventMap[K]) => void;
};

export type OnrampCheckoutSvelteProps = Omit<HTMLAttributes<OnrampCheckout>, keyof OnrampCheckoutProperties> &
  OnrampCheckoutProperties &
  OnrampSvelteEventProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'onramp-checkout': OnrampCheckoutSvelteProps;
  }
}
