/**
 * English as one catalogue, as every other language's file has it: the reference translators and
 * tests compare against. The widget never loads it: each part carries its own English texts.
 */
import type { Catalogue, OrderKey } from '../../src/i18n/catalogue-shape.js';
import { en } from '../../src/i18n/messages.js';
import { enOrder } from '../../src/i18n/messages-order.js';
import { enScreens } from '../../src/i18n/messages-screens.js';

export const englishCatalogue: Catalogue = {
  ...en,
  ...enScreens,
  ...(Object.fromEntries(Object.entries(enOrder).map(([key, text]) => [`order.${key}`, text])) as Record<
    OrderKey,
    string
  >),
};
