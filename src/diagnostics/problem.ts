/** The shape of a problem of the list of problems (problems.ts), and the values its templates may name. */

/** How a problem affects the buyer: it stops the flow, the flow goes on, or it fixes itself. */
export type ProblemKind = 'error' | 'warning' | 'transient';

/** Who finds it: the running widget, the doctor reading the page, or both. */
export type ProblemFinder = 'widget' | 'doctor' | 'both';

/** A problem's words and who finds it; its kind is the behaviour's (`problem-behaviour.ts`). */
export interface ProblemText {
  finder: ProblemFinder;
  /** A few words, the docs' heading. */
  title: string;
  /** What is wrong, for the merchant (a template). */
  cause: string;
  /** What to change, naming the exact value to set (a template). */
  fix: string;
}

export interface Problem extends ProblemText {
  kind: ProblemKind;
}

export const problem = (finder: ProblemFinder, title: string, cause: string, fix: string): ProblemText => ({
  finder,
  title,
  cause,
  fix,
});

/**
 * Values a template may name. The widget and the doctor fill what they know; a missing value reads
 * as empty, so every template says enough without it.
 */
export interface ProblemValues {
  /** The element's `api-base` as written, and its origin. */
  apiBase?: string;
  apiOrigin?: string;
  checkoutOrigin?: string;
  /** The origin of `redirect_url`. */
  redirectOrigin?: string;
  /** The merchant page's origin. */
  pageOrigin?: string;
  /** The CSP directive that refused, and the address it refused. */
  directive?: string;
  blocked?: string;
  /** A URL the widget or the doctor asked. */
  url?: string;
  status?: string;
  contentType?: string;
  /** The key's environment and the session's. */
  keyMode?: string;
  sessionMode?: string;
  /** An on-demand part, a Trusted Types policy, an element width, a version. */
  part?: string;
  policy?: string;
  width?: string;
  version?: string;
  otherVersion?: string;
  /** The server's own words, when it gave some. */
  detail?: string;
  /** Seconds a 429 asked to wait (`Retry-After`). */
  retryAfter?: string;
  /** The script-tag file's address (doctor). */
  script?: string;
  integrity?: string;
}
