/**
 * The list of problems' words for the merchant, on demand (in the `later` part): a problem explained, and
 * the grouped report a test key prints at mount (what the widget resolved, and every problem found).
 */
import { apiBaseFor, checkoutOriginFor } from '../core/config.js';
import { sessionIdFromClientSecret } from '../contract/credentials.js';
import type { DiagnosedHost } from '../parts/parts.js';
import { explainProblem, PROBLEMS, type Diagnosis, type ProblemCode, type ProblemValues } from './problems.js';

export type { Diagnosis };

export const diagnose = (code: ProblemCode, values: ProblemValues = {}): Diagnosis => ({
  code,
  kind: PROBLEMS[code].kind,
  // The API's origin, from the address asked when the script-tag file did not say it (bytes).
  ...explainProblem(code, { apiOrigin: originOf(values.url), ...values }),
});

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

const HOW_IT_OPENS: Partial<Record<string, string>> = {
  popup: 'in a popup; if that is blocked, a link',
  redirect: 'by sending the page to the hosted checkout (back to return_url after)',
};

/** The test-mode report: one group with what the widget resolved and every problem found so far. */
export function report(host: DiagnosedHost, problems: Diagnosis[]): void {
  const { publishableKey: key, mode } = host;
  const base = host.shadowRoot?.querySelector('[part=base]');
  const errors = problems.filter((problem) => problem.kind === 'error').length;
  console.groupCollapsed(
    `onramp-checkout (test mode): ${
      problems.length ? `${errors} error(s), ${problems.length - errors} warning(s)` : 'no problems found'
    }`,
  );
  console.log(
    [
      `API: ${apiBaseFor(host.apiBase, key) || '(none)'}`,
      `Checkout origin: ${checkoutOriginFor(host.checkoutOrigin, key) || '(none)'}`,
      `Session: ${sessionIdFromClientSecret(host.clientSecret) ?? '(no valid client secret)'}`,
      `Language: ${base?.getAttribute('lang') ?? 'en'} (${base?.getAttribute('dir') ?? 'ltr'})`,
      `Pay opens the hosted checkout ${HOW_IT_OPENS[mode] ?? 'in the card (an iframe); if the frame is refused, a popup; if that is blocked, a link'}`,
      `Hosted checkout link: ${host.redirectUrl ? 'redirect-url' : 'from the API or the session property'}`,
    ].join('\n'),
  );
  for (const problem of problems)
    console[problem.kind === 'error' ? 'error' : 'warn'](`${problem.code}: ${problem.cause}\nFix: ${problem.fix}`);
  console.groupEnd();
}

/** A second, different copy of the element's definition, in the console (`define.ts` finds it). */
export function duplicate(version: string, otherVersion = 'an unknown version'): void {
  const { code, cause, fix } = diagnose('DUPLICATE_DEFINITION', { version, otherVersion });
  console.warn(`onramp-checkout ${code}: ${cause}\nFix: ${fix}`);
}
