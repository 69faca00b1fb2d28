/**
 * Registers `<onramp-checkout>` with Lit's hydration support, for pages whose server rendered the
 * element (`onramp-checkout/ssr`): the element takes over the server's nodes instead of rendering
 * anew. Lit's hydration support must run before Lit itself, hence the order of these imports; load
 * it after the elements are parsed (`defer`, or `type="module"`). Pages without server rendering use
 * `onramp-checkout/define`, which does not carry the hydration code.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';

export * from './define.js';
