/**
 * The doctor's findings: a code of the list of problems (`src/diagnostics/problems.ts`) with its
 * cause and fix filled with the values found in the page, and the element it concerns.
 */
import {
  explainProblem,
  PROBLEMS,
  type ProblemCode,
  type ProblemKind,
  type ProblemValues,
} from '../diagnostics/problems.js';

/** Which `<onramp-checkout>` of the page a finding is about. */
export interface ElementRef {
  /** 1-based, in document order. */
  index: number;
  /** Its line in the HTML. */
  line: number;
}

/** One problem found: `cause` and `fix` are the list of problems' texts, filled. */
export interface Finding {
  code: ProblemCode;
  kind: ProblemKind;
  cause: string;
  fix: string;
  element?: ElementRef;
}

/** The finding for `code`, explained with `values`. */
export function finding(code: ProblemCode, values: ProblemValues = {}, element?: ElementRef): Finding {
  const { cause, fix } = explainProblem(code, values);
  const found: Finding = { code, kind: PROBLEMS[code].kind, cause, fix };
  if (element) found.element = element;
  return found;
}

/** Each finding once: the same code with the same cause and fix is one problem, reported for its first element. */
export function distinctFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((found) => {
    const key = `${found.code}\n${found.cause}\n${found.fix}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
