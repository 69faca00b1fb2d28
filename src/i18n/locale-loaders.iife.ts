/**
 * How the script-tag build loads the catalogues other than English: `locales/<code>.json` beside
 * the script, fetched with the Subresource Integrity hash the build pinned here (one per registry
 * language), so a page that pins the script's integrity also pins every text the widget can show.
 * Data, not code: the JSON is parsed with the catalogue's schema. The page's CSP must allow the
 * script's origin in `connect-src`.
 */
import { scriptBase as base } from '../parts/script-base.js';
import { ownValue } from '../format/own-value.js';

/** `{de: 'sha256-…', …}`, written by the build (vite.config.ts) for every language of the registry. */
declare const __ONRAMP_LOCALE_INTEGRITY__: Record<string, string>;

export const loadCatalogueFile = async (code: string): Promise<unknown> => {
  const integrity = ownValue(__ONRAMP_LOCALE_INTEGRITY__, code);
  if (!integrity) throw new Error(`no catalogue for ${code}`);
  const response = await fetch(new URL(`locales/${code}.json`, base), { integrity, credentials: 'omit' });
  if (!response.ok) throw new Error(`locales/${code}.json: HTTP ${response.status}`);
  return response.json();
};
