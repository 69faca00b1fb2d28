/**
 * `onramp-checkout doctor <page-url> [--json]`: the command line around `diagnose`. Exit status 0
 * when no error was found, 1 when one was, 2 when the page could not be read or the command is
 * wrong. Failures are one line on stderr, never a stack trace.
 */
import { parseArgs } from 'node:util';
import { type DiagnoseOptions, diagnose, PageUnreadable } from './doctor.js';
import { formatJson, formatText } from './report.js';
import { terminalText } from './terminal-text.js';

/** The command's help, printed with `--help` and after a usage error. */
export const USAGE = `Usage: onramp-checkout doctor <page-url> [--json]

Reads a page that embeds <onramp-checkout> as a browser gets it (its Content-Security-Policy, the
widget's script tag, the element's attributes), asks its API what the widget would, and reports
each problem with its fix.

  --json      the report as JSON: {url, findings: [{code, kind, cause, fix, element?}], errors, warnings, ...}
  -h, --help  this text

Exit status: 0 no error found (warnings may be), 1 errors found, 2 the page could not be read or bad usage.
`;

/** Where the command writes. */
export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

type Command = { kind: 'help' } | { kind: 'doctor'; url: string; json: boolean } | { kind: 'usage'; problem: string };

/** The command line, read. */
export function parseCommand(args: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { kind: 'usage', problem: error instanceof Error ? error.message : String(error) };
  }
  if (parsed.values.help) return { kind: 'help' };
  const [command, url, ...extra] = parsed.positionals;
  if (command !== 'doctor') return { kind: 'usage', problem: command ? `unknown command "${command}"` : 'no command' };
  if (url === undefined) return { kind: 'usage', problem: 'no page URL' };
  if (extra.length) return { kind: 'usage', problem: `unexpected argument "${extra[0] ?? ''}"` };
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    return { kind: 'usage', problem: `"${url}" is not a URL` };
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:')
    return { kind: 'usage', problem: `"${url}" is not an http or https URL` };
  return { kind: 'doctor', url: parsedUrl.href, json: parsed.values.json === true };
}

/** Runs the command; resolves to the exit status (`options`: for tests, the run's bounds and resolver). */
export async function main(args: readonly string[], output: Output, options: DiagnoseOptions = {}): Promise<number> {
  const command = parseCommand(args);
  if (command.kind === 'help') {
    output.stdout(USAGE);
    return 0;
  }
  if (command.kind === 'usage') {
    output.stderr(`onramp-checkout: ${terminalText(command.problem)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const report = await diagnose(command.url, options);
    output.stdout(command.json ? formatJson(report) : formatText(report));
    return report.errors > 0 ? 1 : 0;
  } catch (error) {
    const message = error instanceof PageUnreadable ? error.message : `unexpected failure: ${String(error)}`;
    // The message may quote the page's server (a Content-Type, a redirect's address).
    output.stderr(`onramp-checkout doctor: ${terminalText(message)}\n`);
    return 2;
  }
}
