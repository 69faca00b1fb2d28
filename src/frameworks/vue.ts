/**
 * `<onramp-checkout>` in Vue templates, for Volar / vue-tsc
 * (`import type {} from 'onramp-checkout/types/vue'`).
 *
 * Vue sets a binding as a property when the element has it (`:publishableKey`, or `.session` to
 * force it), and compiles `@onramp-ready` to the `onOnrampReady` listener prop typed here. Tell
 * Vue's compiler the tag is a custom element (`compilerOptions.isCustomElement`).
 */
import type { DefineComponent } from 'vue';
import type { OnrampCheckoutProperties, OnrampPascalEventProps } from './element-props.js';

export type OnrampCheckoutVueProps = OnrampCheckoutProperties & OnrampPascalEventProps;

declare module 'vue' {
  interface GlobalComponents {
    'onramp-checkout': DefineComponent<OnrampCheckoutVueProps>;
  }
}
