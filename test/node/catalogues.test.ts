/**
 * Every language of the registry is complete, in the widget and on the hosted checkout: a missing
 * or extra key, a `{placeholder}` lost or renamed, a text over its length limit, a plural without
 * exactly its language's `Intl.PluralRules` categories, or English left untranslated fails here
 * (the rules: support/catalogue-rules.ts). And the registry is one: a file for each entry, an entry
 * for each file, a glossary beside each catalogue.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { catalogueProblems, checkoutCatalogueProblems } from './support/catalogue-rules.js';

const root = new URL('../../', import.meta.url);
const filesIn = (dir: string) =>
  readdirSync(new URL(dir, root))
    .filter((name) => /^[a-z]{2,3}(-[A-Za-z0-9]+)?\.(ts|md)$/.test(name) && !name.includes('.test.'))
    .map((name) => name.replace(/\.(ts|md)$/, ''))
    .sort();

describe('the registry of languages', () => {
  it('offers at least 40 languages, each once, with its own name and a direction', () => {
    const codes = LANGUAGES.map((entry) => entry.code);
    assert.ok(codes.length >= 40, `${codes.length} languages`);
    assert.equal(new Set(codes).size, codes.length);
    assert.equal(codes[0], 'en');
    for (const { code, name } of LANGUAGES) {
      assert.deepEqual(Intl.getCanonicalLocales(code), [code], `${code} is a canonical BCP 47 tag`);
      assert.ok(name.trim(), code);
    }
    const rtl = LANGUAGES.filter((entry) => entry.dir === 'rtl').map((entry) => entry.code);
    assert.deepEqual(rtl.sort(), ['ar', 'fa', 'he', 'ur']);
  });

  it('has a catalogue file for every entry and an entry for every file, in the widget and on the checkout', () => {
    const others = LANGUAGES.map((entry) => entry.code)
      .filter((code) => code !== 'en')
      .sort();
    assert.deepEqual(filesIn('src/i18n/locales/'), others);
    assert.deepEqual(
      filesIn('demo/hosted-checkout/locales/').filter((code) => code !== 'en'),
      others,
    );
  });

  it('has a glossary of the product’s terms beside every catalogue', () => {
    for (const { code } of LANGUAGES.filter((entry) => entry.code !== 'en'))
      assert.ok(existsSync(new URL(`src/i18n/glossary/${code}.md`, root)), `src/i18n/glossary/${code}.md`);
  });
});

describe('every catalogue is complete', () => {
  for (const { code, name } of LANGUAGES) {
    it(`${code} (${name}): the widget’s texts and the hosted checkout’s`, async () => {
      const problems = [...(await catalogueProblems(code)), ...(await checkoutCatalogueProblems(code))];
      assert.deepEqual(problems, []);
    });
  }
});
