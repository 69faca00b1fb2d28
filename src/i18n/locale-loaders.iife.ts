/**
 * How the script-tag build loads the catalogues other than English: `locales/<language>.json` beside
 * the script, fetched with the Subresource Integrity hash the build pinned here, so a page that pins
 * the script's integrity also pins every text the widget can show. Data, not code: the JSON is parsed
 * with the catalogue's schema. The page's CSP must allow the script's origin in `connect-src`.
 */
import type { Language } from './catalogue.js';
import { scriptBase as base } from '../parts/script-base.js';

/** `{de: 'sha256-…', …}`, written by the build (vite.config.ts). */
declare const __ONRAMP_LOCALE_INTEGRITY__: Record<Exclude<Language, 'en'>, string>;

const load = (language: Exclude<Language, 'en'>) => async (): Promise<unknown> => {
  const response = await fetch(new URL(`locales/${language}.json`, base), {
    integrity: __ONRAMP_LOCALE_INTEGRITY__[language],
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`locales/${language}.json: HTTP ${response.status}`);
  return response.json();
};

export const LOCALE_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  de: load('de'),
  fr: load('fr'),
  es: load('es'),
  ar: load('ar'),
};
