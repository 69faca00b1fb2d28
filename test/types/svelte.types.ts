/**
 * Type test, compiled by `npm run typecheck` and never run: what svelte-check checks Svelte 5
 * markup's `<onramp-checkout>` against: the element's properties and `on<event type>` listeners
 * typed with each event's detail.
 */
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from '../../src/frameworks/svelte.js';
import type { OnrampErrorCode } from '../../src/index.js';

type Attributes = SvelteHTMLElements['onramp-checkout'];

export const accepted: Attributes = {
  publishableKey: 'onramp_test_pk_x',
  clientSecret: 'ors_x_secret_y',
  redirectUrl: 'https://checkout.example/pay/ors_x?t=y',
  session: { client_secret: 'ors_x_secret_y' },
  theme: 'dark',
  class: 'checkout',
  'ononramp-error': (event) => {
    const code: OnrampErrorCode = event.detail.code;
    void code;
  },
  'ononramp-expiredcapture': (event) => void event.detail.session.sessionId,
};

export const rejected: Attributes[] = [
  // @ts-expect-error mode is embedded, popup or redirect
  { mode: 'tab' },
  // @ts-expect-error the fallback detail has no session
  { 'ononramp-fallback': (event) => void event.detail.session },
];
