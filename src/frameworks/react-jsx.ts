/**
 * `<onramp-checkout>` in React 19 JSX, without a wrapper (`import type {} from 'onramp-checkout/types/react'`).
 *
 * Typed as React 19 treats a custom element (react-dom `setPropOnCustomElement`): a prop whose name
 * is a property of the element is assigned as that property (so `session` arrives as an object),
 * and a function prop named `on` + the exact event type becomes `addEventListener(type)`
 * (`ononramp-ready`), with `Capture` at the end for the capture phase. React's own camel-cased
 * handlers (`onClick`…) keep their usual meaning. The element must be defined before React renders
 * it, or the properties land as attributes: import `onramp-checkout/define` first.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import type { OnrampCheckoutProperties, OnrampEventMap, OnrampEventType } from './element-props.js';

/** `ononramp-ready`, `ononramp-readyCapture`, … typed with the event's class. */
export type OnrampReactEventProps = {
  [K in OnrampEventType as `on${K}` | `on${K}Capture`]?: (event: OnrampEventMap[K]) => void;
};

export type OnrampCheckoutJSXProps = Omit<
  DetailedHTMLProps<HTMLAttributes<OnrampCheckout>, OnrampCheckout>,
  keyof OnrampCheckoutProperties
> &
  OnrampCheckoutProperties &
  OnrampReactEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'onramp-checkout': OnrampCheckoutJSXProps;
    }
  }
}
