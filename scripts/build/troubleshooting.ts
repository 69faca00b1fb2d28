/**
 * Writes the list of problems (src/diagnostics/problems.ts) into docs/troubleshooting.md,
 * between its `problems` markers: one entry per code, with its cause and fix as the widget and the
 * doctor word them (`{name}` stands for the value of the moment). `--check` changes nothing and
 * exits 1 when the page is out of date (test/node/troubleshooting-doc.test.ts runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROBLEMS, PROBLEM_CODES } from '../../src/diagnostics/problems.js';

export const DOC = resolve(import.meta.dirname, '../../docs/troubleshooting.md');
const START = '<!-- problems:start (written by scripts/build/troubleshooting.ts from src/diagnostics/problems.ts) -->';
const END = '<!-- problems:end -->';

const FINDER = { widget: 'the widget', doctor: 'the doctor', both: 'the widget and the doctor' } as const;
const KIND = { error: 'error', warning: 'warning', transient: 'passes by itself' } as const;

/** A template as a reader sees it: `{apiOrigin}` as `<apiOrigin>`. */
const shown = (template: string): string => template.replace(/\{(\w+)\}/g, '`<$1>`');

export function problemsSection(): string {
  const entries = PROBLEM_CODES.map((code) => {
    const { kind, finder, title, cause, fix } = PROBLEMS[code];
    return [
      `### \`${code}\``,
      '',
      `**${title}** (${KIND[kind]}; found by ${FINDER[finder]})`,
      '',
      `- Cause: ${shown(cause)}`,
      `- Fix: ${shown(fix)}`,
    ].join('\n');
  });
  return [START, '', ...entries.flatMap((entry) => [entry, '']), END].join('\n');
}

/** The page with the section written in (replacing the old one, or appended). */
export function withSection(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start === -1 || end === -1) return `${page.trimEnd()}\n\n## Every problem, by code\n\n${problemsSection()}\n`;
  return `${page.slice(0, start)}${problemsSection()}${page.slice(end + END.length)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const page = readFileSync(DOC, 'utf8');
  const next = withSection(page);
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error('docs/troubleshooting.md is out of date: run tsx scripts/build/troubleshooting.ts');
      process.exitCode = 1;
    }
  } else if (next !== page) writeFileSync(DOC, next);
}
