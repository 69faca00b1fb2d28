/**
 * English as one catalogue, as every other language's file has it: the reference translators and
 * tests compare against. The widget never loads it: each part carries its own English texts.
 */
import type { Catalogue, OrderKey } from './catalogue-shape.js';
import { en } from './messages.js';
import { enOrder } from './messages-order.js';
import { enScreens } from './messages-screens.js';

export const englishCatalogue: Catalogue = {
  ...en,
  ...enScreens,
  ...(Object.fromEntries(Object.entries(enOrder).map(([key, text]) => [`order.${key}`, text])) as Record<
    OrderKey,
    string
  >),
};
