/**
 * The list of problems is one module that the widget, the doctor and docs/troubleshooting.md
 * read: the page's section is the list of problems as written by scripts/build/troubleshooting.ts, every
 * code has its entry there, and every code is exercised by a test.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { DOC, withSection } from '../../scripts/build/troubleshooting.js';
import { PROBLEMS, PROBLEM_CODES, type ProblemCode } from '../../src/diagnostics/problems.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Codes no longer reported, kept so that a handler written for them still reads their meaning. */
const RETIRED: readonly ProblemCode[] = ['INVALID_CONFIGURATION'];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.(test|e2e)\.tsx?$/.test(name) && !path.endsWith('troubleshooting-doc.test.ts') ? [path] : [];
  });
}

test('docs/troubleshooting.md holds the list of problems as it is', () => {
  const page = readFileSync(DOC, 'utf8');
  assert.equal(withSection(page), page, 'run: tsx scripts/build/troubleshooting.ts');
  for (const code of PROBLEM_CODES) assert.ok(page.includes(`### \`${code}\``), `${code} has no entry`);
});

test('every code of the list of problems is exercised by a test', () => {
  const sources = [...testFiles(join(ROOT, 'src')), ...testFiles(join(ROOT, 'test'))].map((path) =>
    readFileSync(path, 'utf8'),
  );
  const untested = PROBLEM_CODES.filter(
    (code) => !RETIRED.includes(code) && !sources.some((source) => source.includes(code)),
  );
  assert.deepEqual(untested, []);
  for (const code of RETIRED) assert.match(PROBLEMS[code].title, /no longer reported/, code);
});
