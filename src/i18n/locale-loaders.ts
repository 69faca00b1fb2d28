/**
 * How the catalogues other than English are loaded in the ES build: a dynamic import of
 * `locales/<code>.js`, which a merchant's bundler splits into a chunk per language
 * (`dist/locales/*.js` in this package). The script-tag build gets `locale-loaders.iife.ts`
 * instead, by the same import, `#locale-loaders` (package.json's `imports`). Called only with a
 * registry code (`languages.ts`).
 */
export const loadCatalogueFile = (code: string): Promise<unknown> =>
  import(`./locales/${code}.ts`).then((module: { default: unknown }) => module.default);
