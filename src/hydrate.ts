/**
 * Registers `<onramp-checkout>` with Lit's hydration support, for pages whose server rendered the
 * element (`onramp-checkout/ssr`): the element takes over the server's nodes instead of rendering
 * anew. Lit's hydration support must run before Lit itself, hence the order of these imports; load
 * it after the elements are parsed (`defer`, or `type="module"`). Pages without server rendering use
 * `onramp-checkout/define`, which does not carry the hydration code.
 *
 * An element the server drew with its order form (`renderOnrampOrderForm`) arrives with Lit's
 * `defer-hydration`: it is taken over once its parts are here (`hydrate-order-form.ts`), whether it
 * is in the page now or connects later (a framework inserting server HTML after a navigation).
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
// From `define` (the published `dist/define.js`) and `parts` (a chunk that imports nothing): a module
// of the build that imports Lit, imported here, would be evaluated first, before Lit's hydration support.
import { OnrampCheckout } from './define.js';
import { hydration } from './parts/parts.js';
import { takeOver } from './hydration/hydrate-order-form.js';

export * from './define.js';

// Each element as it connects, from now on; and those `define` upgraded before this line.
hydration.connected = (host) => {
  if (host instanceof OnrampCheckout) takeOver(host);
};
if (typeof document != 'undefined')
  for (const element of document.querySelectorAll('onramp-checkout[defer-hydration]'))
    if (element instanceof OnrampCheckout) takeOver(element);
