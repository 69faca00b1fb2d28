/**
 * `npx tsx scripts/i18n/check-catalogue.ts [code…]`: checks the catalogues of the given languages
 * (every language of the registry when none is given) as the catalogue tests do, and prints each
 * problem: a missing or extra key, a `{placeholder}` lost or renamed, a text over its length limit,
 * a plural without exactly its language's `Intl.PluralRules` categories, English left as it is.
 * For translators: the same rules as `test/node/catalogues.test.ts`, one language at a time.
 */
import { LANGUAGES } from '../../src/i18n/languages.js';
import { catalogueProblems, checkoutCatalogueProblems } from '../../test/node/support/catalogue-rules.js';

const codes = process.argv.slice(2).length ? process.argv.slice(2) : LANGUAGES.map((entry) => entry.code);
let failed = false;
for (const code of codes) {
  const problems = [...(await catalogueProblems(code)), ...(await checkoutCatalogueProblems(code))];
  console.log(`${code}: ${problems.length ? `${problems.length} problem(s)` : 'ok'}`);
  for (const problem of problems) console.log(`  ${problem}`);
  failed ||= problems.length > 0;
}
if (failed) process.exitCode = 1;
