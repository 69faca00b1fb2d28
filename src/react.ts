/**
 * `onramp-checkout/react`: a thin `@lit/react` wrapper for React 18 and 19. It registers the
 * element (the guarded define: harmless twice, a no-op on a server) and maps every event to a prop
 * named `on` + the event type in PascalCase: `onramp-ready` → `onOnrampReady`,
 * `onramp-status-change` → `onOnrampStatusChange`… (the prefix is kept so `onramp-error` does not
 * shadow React's own `onError`). Nothing touches `window` or `document` at import.
 */
import { createComponent, type EventName } from '@lit/react';
import React from 'react';
import { OnrampCheckout as OnrampCheckoutElement, TAG_NAME } from './define.js';
import type { OnrampCheckoutProperties, OnrampEventMap, OnrampPascalEventProps } from './frameworks/element-props.js';

export type { OnrampCheckoutElement };
export type { OnrampCheckoutProperties, OnrampEventMap, OnrampPascalEventProps } from './frameworks/element-props.js';

/** Typed event names for `@lit/react`: the prop on the left, the DOM event on the right. */
const events = {
  onOnrampReady: 'onramp-ready' as EventName<OnrampEventMap['onramp-ready']>,
  onOnrampStatusChange: 'onramp-status-change' as EventName<OnrampEventMap['onramp-status-change']>,
  onOnrampQuoteExpired: 'onramp-quote-expired' as EventName<OnrampEventMap['onramp-quote-expired']>,
  onOnrampQuoteRefreshed: 'onramp-quote-refreshed' as EventName<OnrampEventMap['onramp-quote-refreshed']>,
  onOnrampPriceChange: 'onramp-price-change' as EventName<OnrampEventMap['onramp-price-change']>,
  onOnrampCompleted: 'onramp-completed' as EventName<OnrampEventMap['onramp-completed']>,
  onOnrampFailed: 'onramp-failed' as EventName<OnrampEventMap['onramp-failed']>,
  onOnrampExpired: 'onramp-expired' as EventName<OnrampEventMap['onramp-expired']>,
  onOnrampError: 'onramp-error' as EventName<OnrampEventMap['onramp-error']>,
  onOnrampWarning: 'onramp-warning' as EventName<OnrampEventMap['onramp-warning']>,
  onOnrampFallback: 'onramp-fallback' as EventName<OnrampEventMap['onramp-fallback']>,
} satisfies Record<keyof OnrampPascalEventProps, string>;

/**
 * The wrapper's props: the element's settable properties, the event props and the usual HTML
 * attributes. Spelled out rather than derived from the class, which would also offer Lit's
 * lifecycle members and the read-only `status` as props.
 */
export type OnrampCheckoutProps = Omit<
  React.HTMLAttributes<OnrampCheckoutElement>,
  keyof OnrampCheckoutProperties | keyof OnrampPascalEventProps
> &
  OnrampCheckoutProperties &
  OnrampPascalEventProps;

export type OnrampCheckoutComponent = React.ForwardRefExoticComponent<
  OnrampCheckoutProps & React.RefAttributes<OnrampCheckoutElement>
>;

export const OnrampCheckout: OnrampCheckoutComponent = createComponent({
  react: React,
  tagName: TAG_NAME,
  elementClass: OnrampCheckoutElement,
  events,
  displayName: 'OnrampCheckout',
});
