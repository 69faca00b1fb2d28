/**
 * The rules every catalogue keeps, for the catalogue tests and for translators
 * (scripts/i18n/check-catalogue.ts): each returns the problems of one language, none when it is
 * complete.
 */
import { CHECKOUT_CONTEXT } from '../../../demo/hosted-checkout/locales/context.js';
import englishCheckout from '../../../demo/hosted-checkout/locales/en.js';
import type { PluralText } from '../../../demo/hosted-checkout/checkout-catalogue.js';
import { englishCatalogue } from '../../../scripts/i18n/english-catalogue.js';
import { MESSAGE_CONTEXT } from '../../../scripts/i18n/message-context.js';

/** The `{placeholders}` of a text, sorted. */
export const placeholdersOf = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort();
const length = (text: string) => Array.from(text).length;
const same = (a: string[], b: string[]) => a.join() === b.join();

/** How many texts may equal their English one (a code, a word the language borrowed). */
const SAME_AS_ENGLISH_ALLOWED = 3;

async function load(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    return ((await import(path)) as { default: Record<string, unknown> }).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

function keyProblems(found: Record<string, unknown>, reference: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) if (!(key in found)) problems.push(`missing key ${key}`);
  for (const key of Object.keys(found)) if (!(key in reference)) problems.push(`extra key ${key}`);
  return problems;
}

function textProblems(key: string, text: unknown, english: string, max: number, allowFewer = false): string[] {
  if (typeof text != 'string' || text.trim() === '') return [`${key}: empty or not a string`];
  const problems: string[] = [];
  const wanted = placeholdersOf(english);
  const found = placeholdersOf(text);
  const ok = allowFewer ? found.every((name) => wanted.includes(name)) : same(found, wanted);
  if (!ok)
    problems.push(`${key}: placeholders ${found.join(' ') || 'none'}, English has ${wanted.join(' ') || 'none'}`);
  if (length(text) > max) problems.push(`${key}: ${length(text)} characters, limit ${max}: "${text}"`);
  return problems;
}

function sameAsEnglish(code: string, found: Record<string, unknown>, reference: Record<string, unknown>): string[] {
  const same = Object.keys(reference).filter(
    (key) => typeof reference[key] == 'string' && found[key] === reference[key] && /[a-z]{3}/i.test(reference[key]),
  );
  return same.length >= SAME_AS_ENGLISH_ALLOWED
    ? [`${same.length} texts left as the English ones (${same.join(', ')}): translate them (${code})`]
    : [];
}

/** The widget's catalogue `src/i18n/locales/<code>.ts`. */
export async function catalogueProblems(code: string): Promise<string[]> {
  if (code === 'en') return [];
  const catalogue = await load(`../../../src/i18n/locales/${code}.js`);
  if (!catalogue) return [`no catalogue src/i18n/locales/${code}.ts`];
  const reference = englishCatalogue as Record<string, string>;
  const problems = keyProblems(catalogue, reference);
  for (const [key, english] of Object.entries(reference))
    if (key in catalogue)
      problems.push(
        ...textProblems(key, catalogue[key], english, MESSAGE_CONTEXT[key as keyof typeof MESSAGE_CONTEXT].max),
      );
  return [...problems, ...sameAsEnglish(code, catalogue, reference)];
}

/** The hosted checkout's catalogue `demo/hosted-checkout/locales/<code>.ts`. */
export async function checkoutCatalogueProblems(code: string): Promise<string[]> {
  const catalogue = await load(`../../../demo/hosted-checkout/locales/${code}.js`);
  if (!catalogue) return [`no catalogue demo/hosted-checkout/locales/${code}.ts`];
  const reference = englishCheckout as Record<string, string | PluralText>;
  const problems = keyProblems(catalogue, reference);
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();
  for (const [key, english] of Object.entries(reference)) {
    if (!(key in catalogue)) continue;
    const max = CHECKOUT_CONTEXT[key as keyof typeof CHECKOUT_CONTEXT].max;
    const text = catalogue[key];
    if (typeof english == 'string') {
      problems.push(...textProblems(key, text, english, max));
      continue;
    }
    if (typeof text != 'object' || text === null) {
      problems.push(`${key}: a plural, one text per category (${categories.join(', ')})`);
      continue;
    }
    const forms = Object.keys(text).sort();
    if (!same(forms, categories))
      problems.push(`${key}: categories ${forms.join(', ')}; ${code} has ${categories.join(', ')} (Intl.PluralRules)`);
    for (const [category, form] of Object.entries(text))
      // A form may leave the number out ("one second"), never add or rename a placeholder.
      problems.push(...textProblems(`${key}.${category}`, form, english.other, max, category !== 'other'));
  }
  return code === 'en' ? problems : [...problems, ...sameAsEnglish(code, catalogue, reference)];
}
