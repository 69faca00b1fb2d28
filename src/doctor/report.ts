/** The doctor's report as text for a terminal, or as JSON for tools and CI. */
import type { DoctorReport } from './doctor.js';
import type { Finding } from './findings.js';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The one-line summary: the counts, and whether the page is ready. */
export function summaryLine(report: DoctorReport): string {
  const counts = `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}`;
  if (report.errors > 0) return `${counts}: the widget will not work on this page until the errors are fixed.`;
  return report.warnings > 0 ? `${counts}: no error.` : `${counts}: no problem found.`;
}

function formatFinding(found: Finding): string {
  const where = found.element ? `  (<onramp-checkout> #${found.element.index}, line ${found.element.line})` : '';
  return `${found.kind} ${found.code}${where}\n  ${found.cause}\n  Fix: ${found.fix}\n`;
}

/** The report for people: each finding with its cause and fix, the notes, then the summary. */
export function formatText(report: DoctorReport): string {
  const lines = [`onramp-checkout doctor: ${report.url}`, '', ...report.findings.map(formatFinding)];
  for (const note of report.notes) lines.push(`note: ${note}`);
  if (report.notes.length) lines.push('');
  lines.push(summaryLine(report));
  return `${lines.join('\n')}\n`;
}

/** The report for tools: `{url, findings: [{code, kind, cause, fix, element?}], errors, warnings, notes}`. */
export function formatJson(report: DoctorReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
