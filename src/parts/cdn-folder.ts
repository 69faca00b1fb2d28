/**
 * The folder a script tag needs (`dist/cdn/`, the package's `onramp-checkout/cdn/*`), served as it
 * is: the script-tag file and its hydrating twin, the parts they load from beside them, and a
 * catalogue for every language of the registry but English. Nothing else, nothing for Node. Read by
 * the build's checks, the packed package's check and the doctor, which looks for each beside the
 * page's script.
 */
import { LANGUAGES } from '../i18n/languages.js';
import type { PartName } from './parts.js';

/** Where the build writes the folder, in the package. */
export const CDN_FOLDER = 'dist/cdn';

/** The two script-tag files: the default one, and the one for server-rendered pages. */
export const SCRIPT_TAG_FILES = ['onramp-checkout.iife.js', 'onramp-checkout.hydrate.iife.js'] as const;

/** Each part's file, loaded from the script's own directory. */
export const PART_FILES: Readonly<Record<PartName, string>> = {
  later: 'onramp-checkout.later.js',
  order: 'onramp-checkout.order.js',
  bridge: 'onramp-checkout.bridge.js',
};

/** A language's catalogue, beside the script (`locales/de.json`). */
export const catalogueFile = (code: string): string => `locales/${code}.json`;

/** Every catalogue of the folder: each registry language but English (built into the script). */
export const CATALOGUE_FILES: readonly string[] = LANGUAGES.filter(({ code }) => code !== 'en').map(({ code }) =>
  catalogueFile(code),
);

/** Every file the folder holds, its source maps included, sorted. */
export function cdnFolderFiles(): string[] {
  const scripts = [...SCRIPT_TAG_FILES, ...Object.values(PART_FILES)];
  return [...scripts, ...scripts.map((file) => `${file}.map`), ...CATALOGUE_FILES].sort();
}
