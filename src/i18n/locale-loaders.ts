/**
 * How the catalogues other than English are loaded in the ES build: dynamic imports, which a
 * merchant's bundler splits into chunks of their own (`dist/locales/*.js` in this package).
 * The script-tag build swaps this module for `locale-loaders.iife.ts`.
 */
import type { Language } from './catalogue.js';

export const LOCALE_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  de: () => import('./locales/de.js').then((module) => module.default),
  fr: () => import('./locales/fr.js').then((module) => module.default),
  es: () => import('./locales/es.js').then((module) => module.default),
  ar: () => import('./locales/ar.js').then((module) => module.default),
};
