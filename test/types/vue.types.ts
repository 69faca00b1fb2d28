/**
 * Type test, compiled by `npm run typecheck` and never run: what Volar checks a Vue template's
 * `<onramp-checkout>` against (`GlobalComponents`): the element's properties and the
 * `onOnramp…` listeners that `@onramp-…` compiles to, typed with each event's detail.
 */
import type { GlobalComponents } from 'vue';
import type {} from '../../src/frameworks/vue.js';
import type { OnrampErrorEvent, OnrampStatus } from '../../src/index.js';

type Props = InstanceType<GlobalComponents['onramp-checkout']>['$props'];

export const accepted: Props = {
  publishableKey: 'onramp_test_pk_x',
  clientSecret: 'ors_x_secret_y',
  redirectUrl: 'https://checkout.example/pay/ors_x?t=y',
  apiBase: 'https://api.example',
  checkoutOrigin: 'https://checkout.example',
  mode: 'embedded',
  session: { client_secret: 'ors_x_secret_y' },
  onOnrampStatusChange: (event) => {
    const status: OnrampStatus = event.detail.status;
    void status;
  },
  onOnrampCompleted: (event) => void event.detail.session.txHash,
};

export const rejected: Props[] = [
  // @ts-expect-error theme is light, dark or auto
  { theme: 'sepia' },
  // @ts-expect-error the ready detail has no code
  { onOnrampReady: (event) => void event.detail.code },
  // @ts-expect-error an error handler is not a completed handler
  { onOnrampCompleted: (event: OnrampErrorEvent) => void event },
];
