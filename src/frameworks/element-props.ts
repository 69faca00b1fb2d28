/**
 * What a framework passes to `<onramp-checkout>`: its settable properties and its events, typed once
 * for the React wrapper and for the React, Vue and Svelte template types.
 */
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import type { OnrampEventMap } from '../components/onramp-checkout/onramp-checkout.events.js';

export type { OnrampEventMap };

/** The properties a page may set; `status` and `error` are read-only getters, so they are left out. */
export type OnrampCheckoutProperties = Partial<
  Pick<
    OnrampCheckout,
    | 'publishableKey'
    | 'clientSecret'
    | 'redirectUrl'
    | 'apiBase'
    | 'checkoutOrigin'
    | 'mode'
    | 'locale'
    | 'theme'
    | 'session'
  >
>;

export type OnrampEventType = keyof OnrampEventMap;

/** `onramp-status-change` → `OnrampStatusChange`. */
type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>;

/**
 * `on` + the event type in PascalCase (`onOnrampReady`, `onOnrampStatusChange`…): the names of the
 * React wrapper's event props, and what Vue compiles `@onramp-ready` to.
 */
export type OnrampPascalEventProps = {
  [K in OnrampEventType as `on${PascalCase<K>}`]?: (event: OnrampEventMap[K]) => void;
};
