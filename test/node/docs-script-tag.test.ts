/**
 * One answer to "which files do I serve" (issue 41): every page for merchants that shows a script
 * tag says to serve the package's `dist/cdn/` folder as it is, and every script tag it shows points
 * into that folder (`…/dist/cdn/` as a CDN serves the package, or the folder copied as
 * `/onramp-checkout/`). No page tells anyone to copy single files, `locales/` or the whole `dist/`.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');

/** The merchants' pages: the README and docs/ (the decisions and the architecture are for contributors). */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && !['design.md', 'architecture.md'].includes(name))
    .map((name) => `docs/${name}`),
];

const SCRIPT_TAG = /<script\b[^>]*\bsrc="([^"]*onramp-checkout(?:\.hydrate)?\.iife\.js)"/g;
/** Where a snippet's script may live: the folder as the package holds it, or the folder copied whole. */
const IN_FOLDER =
  /(?:\/dist\/cdn|^\/onramp-checkout|\/onramp-checkout@[^/]+\/dist\/cdn)\/onramp-checkout(?:\.hydrate)?\.iife\.js$/;
const OTHER_ANSWERS = [
  /copy (?:the|its) `?locales\/`?/i,
  /whole `dist\/` folder/i,
  /`dist\/locales\/\*\.json`/,
  /dist\/onramp-checkout\.(?:hydrate\.)?iife\.js/,
  /beside it for German, French, Spanish and Arabic/,
];

test('every script tag of the docs points into the dist/cdn/ folder, and its page says to serve that folder', () => {
  let seen = 0;
  for (const page of PAGES) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const sources = [...text.matchAll(SCRIPT_TAG)].map((match) => match[1] ?? '');
    seen += sources.length;
    for (const src of sources) assert.match(src, IN_FOLDER, `${page}: ${src} is not in the dist/cdn/ folder`);
    if (sources.length)
      assert.match(text, /`dist\/cdn\/` folder/, `${page} shows a script tag but not the folder to serve`);
    for (const wrong of OTHER_ANSWERS) assert.doesNotMatch(text, wrong, `${page} gives another answer: ${wrong}`);
  }
  assert.ok(seen >= 5, `the docs show script tags (${seen} found)`);
});
