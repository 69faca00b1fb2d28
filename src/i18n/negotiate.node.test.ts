/**
 * Negotiation as docs/design.md §21 has it: exact, then by script or region, among the merchant's
 * languages, English last; and `Accept-Language` read by its weights.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptLanguageTags, negotiate } from './negotiate.js';

const pick = (tags: string[], allowed?: string[]) => {
  const { entry, locale } = negotiate(tags, allowed);
  return `${entry.code} ${entry.dir} ${locale}`;
};

test('a region or script picks its catalogue; the buyer’s tag formats', () => {
  assert.equal(pick(['pt-BR']), 'pt-BR ltr pt-BR');
  assert.equal(pick(['pt']), 'pt-BR ltr pt');
  assert.equal(pick(['pt-PT']), 'pt-PT ltr pt-PT');
  assert.equal(pick(['pt-AO']), 'pt-PT ltr pt-AO');
  assert.equal(pick(['es-MX']), 'es-419 ltr es-MX');
  assert.equal(pick(['es-419']), 'es-419 ltr es-419');
  assert.equal(pick(['es-ES']), 'es ltr es-ES');
  assert.equal(pick(['es']), 'es ltr es');
  assert.equal(pick(['zh-TW']), 'zh-Hant ltr zh-TW');
  assert.equal(pick(['zh-HK']), 'zh-Hant ltr zh-HK');
  assert.equal(pick(['zh-Hant']), 'zh-Hant ltr zh-Hant');
  assert.equal(pick(['zh-CN']), 'zh-Hans ltr zh-CN');
  assert.equal(pick(['zh']), 'zh-Hans ltr zh');
  assert.equal(pick(['de-AT']), 'de ltr de-AT');
});

test('right to left for Arabic, Hebrew, Persian and Urdu; old and macro codes found', () => {
  assert.equal(pick(['ar-EG']), 'ar rtl ar-EG');
  assert.equal(pick(['he']), 'he rtl he');
  assert.equal(pick(['iw']), 'he rtl he');
  assert.equal(pick(['fa-IR']), 'fa rtl fa-IR');
  assert.equal(pick(['ur-PK']), 'ur rtl ur-PK');
  assert.equal(pick(['no']), 'nb ltr no');
  assert.equal(pick(['tl']), 'fil ltr fil');
});

test('the first tag served wins; English last, in English formats; malformed tags skipped', () => {
  assert.equal(pick(['xx-YY', 'not a tag!', 'sv-FI', 'de']), 'sv ltr sv-FI');
  assert.equal(pick(['qq']), 'en ltr en');
  assert.equal(pick([]), 'en ltr en');
  assert.equal(pick(['en-GB', 'de']), 'en ltr en-GB');
});

test('the merchant’s set restricts, a sibling catalogue before English, bare languages allow each variant', () => {
  assert.equal(pick(['pt-BR'], ['en', 'pt-PT']), 'pt-PT ltr pt-BR');
  assert.equal(pick(['es-MX'], ['es']), 'es-419 ltr es-MX');
  assert.equal(pick(['zh-TW'], ['zh']), 'zh-Hant ltr zh-TW');
  assert.equal(pick(['ja', 'de'], ['de']), 'de ltr de');
  assert.equal(pick(['ja'], ['de']), 'en ltr en');
});

test('Accept-Language by weight, `*` and q=0 dropped, at most 16', () => {
  assert.deepEqual(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5'), ['fr-CH', 'fr', 'en', 'de']);
  assert.deepEqual(acceptLanguageTags('da;q=0.5, en-gb;q=0.8, en;q=0'), ['en-gb', 'da']);
  assert.deepEqual(acceptLanguageTags(undefined), []);
  assert.equal(acceptLanguageTags(Array.from({ length: 40 }, (_, i) => `x${i}`).join(',')).length, 16);
});
