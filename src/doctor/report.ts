/**
 * The doctor's report as text for a terminal, or as JSON for tools and CI. This is the output edge:
 * every string that may hold the page's text (the URL, causes and fixes filled with its values,
 * notes) goes through `terminal-text.ts` here, in both forms.
 */
import type { DoctorReport } from './doctor.js';
import type { Finding } from './findings.js';
import { terminalJson, terminalText } from './terminal-text.js';

const plural = (count: number, word: string, words = `${word}s`): string => `${count} ${count === 1 ? word : words}`;

/** The one-line summary: the counts, and whether the page is ready. */
export function summaryLine(report: DoctorReport): string {
  const counts = `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}`;
  if (report.errors > 0) return `${counts}: fix the errors before this page goes live.`;
  return report.warnings > 0 ? `${counts}: no error.` : `${counts}: no problem found.`;
}

/** What was read and asked, so that "no problem" is not mistaken for "nothing found to check". */
export function checkedLine({ checked }: DoctorReport): string {
  const elements = plural(checked.elements, '<onramp-checkout> element');
  const scripts = plural(checked.scripts, 'widget script tag');
  const policies = plural(checked.policies, 'CSP policy', 'CSP policies');
  return `Read ${elements}, ${scripts}, ${policies}; asked ${plural(checked.apis, 'API')}.`;
}

function formatFinding(found: Finding): string {
  const where = found.element ? `  (<onramp-checkout> #${found.element.index}, line ${found.element.line})` : '';
  return `${found.kind} ${found.code}${where}\n  ${terminalText(found.cause)}\n  Fix: ${terminalText(found.fix)}\n`;
}

/** The report for people: each finding with its cause and fix, the notes, then the summary. */
export function formatText(report: DoctorReport): string {
  const lines = [`onramp-checkout doctor: ${terminalText(report.url)}`, '', ...report.findings.map(formatFinding)];
  for (const note of report.notes) lines.push(`note: ${terminalText(note)}`);
  if (report.notes.length) lines.push('');
  lines.push(checkedLine(report), summaryLine(report));
  return `${lines.join('\n')}\n`;
}

/** The report for tools: `{url, findings: [{code, kind, cause, fix, element?}], errors, warnings, notes, checked}`. */
export function formatJson(report: DoctorReport): string {
  return `${terminalJson(report, 2)}\n`;
}
