/**
 * The shape of a language's catalogue file (`locales/<code>.ts`): every text the widget shows, the
 * first paint's, the screens' after it and the order form's (`order.*`), each a string with the
 * English one's `{placeholders}`. Types only: each part keeps its English texts itself.
 */
import type { Messages } from './messages.js';
import type { OrderMessages } from './messages-order.js';

export type OrderKey = `order.${Extract<keyof OrderMessages, string>}`;
export type CatalogueKey = keyof Messages | OrderKey;
export type Catalogue = Record<CatalogueKey, string>;
