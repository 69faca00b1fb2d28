/**
 * What every build of the element carries but the default script-tag file, which leaves it out for
 * its byte budget (`__ONRAMP_LEAN__`, set by vite.config.ts; the minifier drops the code under
 * `FULL` there): what a server's drawing needs (the server renderer, the hydrate entry).
 */
import type { ReactiveElement } from 'lit';

declare const __ONRAMP_LEAN__: boolean | undefined;

export const FULL = typeof __ONRAMP_LEAN__ != 'boolean' || !__ONRAMP_LEAN__;

/**
 * Whether this render must draw what a server draws, amount first's order form: on the server (no
 * document), and in the browser the first render of a shadow root that holds the server's form,
 * which Lit hydrates. The parts are on the page by then (`onramp-checkout/ssr` imports them; the
 * hydrate entry loads them before it lets the element render), so the element attaches them before
 * this render rather than after it, and the render draws the form, not the skeleton.
 */
export const drawsServerForm = (host: ReactiveElement): boolean =>
  typeof document == 'undefined' || (!host.hasUpdated && !!host.shadowRoot?.querySelector('[part~=order-form]'));
