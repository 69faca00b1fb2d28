/**
 * The shape of a hosted checkout catalogue: every key of the English one (`locales/en.ts`), a
 * string where English has one, and a form per plural category where English counts.
 */
import type en from './locales/en.js';
import type { PluralText } from './locales/en.js';

export type { PluralText };
export type CheckoutKey = keyof typeof en;
export type CheckoutMessages = { [K in CheckoutKey]: (typeof en)[K] extends string ? string : PluralText };
