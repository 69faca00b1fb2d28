/**
 * The script-tag file's entry (`dist/cdn/onramp-checkout.iife.js`): the head start first, then the
 * element registered and its module exported (the `OnrampCheckout` global), as `define.ts` does.
 */
import './head-start.js';

export * from './define.js';
