/**
 * Content-Security-Policy as a browser reads it (CSP Level 3, §2.2): a header value is a list of
 * policies separated by commas (several headers join into one such list), a `<meta>` holds one;
 * directives are separated by `;`, their names are case-insensitive and the first of two
 * same-named directives wins. A page's requests must pass every policy. Which directive governs a
 * fetch follows the fallback lists below (`connect-src` → `default-src`, and so on).
 */
import { type ScriptElement, scriptAllowed, sourceListAllows, type UrlContext } from './csp-sources.js';

/** One policy: every policy of a page applies to each of its requests. */
export interface Policy {
  /** Where it came from: `header` or `meta`. */
  source: 'header' | 'meta';
  /** Directive name (lower-case) → its source expressions, in order. */
  directives: ReadonlyMap<string, readonly string[]>;
}

/** Directives a `<meta>` policy cannot carry (CSP3 §3.3): browsers ignore them there. */
const NOT_IN_META = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** Parses one serialized policy; `null` when it has no directive. */
export function parsePolicy(text: string, source: Policy['source']): Policy | null {
  const directives = new Map<string, string[]>();
  for (const token of text.split(';')) {
    const [name, ...values] = token.trim().split(/[\t\n\f\r ]+/);
    if (!name || !/^[A-Za-z0-9-]+$/.test(name)) continue;
    const key = name.toLowerCase();
    if (directives.has(key) || (source === 'meta' && NOT_IN_META.has(key))) continue;
    directives.set(key, values);
  }
  return directives.size > 0 ? { source, directives } : null;
}

/** The policies of `Content-Security-Policy` header values (each may hold several, comma-separated). */
export function parseHeaderPolicies(values: readonly string[]): Policy[] {
  return values
    .flatMap((value) => value.split(','))
    .map((text) => parsePolicy(text, 'header'))
    .filter((policy): policy is Policy => policy !== null);
}

/** The directives that govern each kind of fetch the widget makes, most specific first. */
export const FALLBACKS = {
  connect: ['connect-src', 'default-src'],
  frame: ['frame-src', 'child-src', 'default-src'],
  script: ['script-src-elem', 'script-src', 'default-src'],
} as const;

/** The widget's fetches that a policy governs. */
export type FetchKind = keyof typeof FALLBACKS;

/** The directive of `policy` that governs `kind`, with its sources; `null` when none does (allowed). */
export function effectiveDirective(
  policy: Policy,
  kind: FetchKind,
): { name: string; sources: readonly string[] } | null {
  for (const name of FALLBACKS[kind]) {
    const sources = policy.directives.get(name);
    if (sources) return { name, sources };
  }
  return null;
}

/** A refusal: the directive (name and sources, as a browser's console shows it) and its policy. */
export interface Refusal {
  directive: string;
  policy: Policy;
}

const describe = (name: string, sources: readonly string[]): string => [name, ...sources].join(' ');

/** The first policy that refuses the fetch, or `null` when every policy allows it. */
export function refusal(policies: readonly Policy[], kind: 'connect' | 'frame', context: UrlContext): Refusal | null {
  for (const policy of policies) {
    const directive = effectiveDirective(policy, kind);
    if (directive && !sourceListAllows(directive.sources, context))
      return { directive: describe(directive.name, directive.sources), policy };
  }
  return null;
}

/** The first policy that refuses a script written in the page, or `null`. */
export function scriptRefusal(policies: readonly Policy[], script: ScriptElement): Refusal | null {
  for (const policy of policies) {
    const directive = effectiveDirective(policy, 'script');
    if (directive && !scriptAllowed(directive.sources, script))
      return { directive: describe(directive.name, directive.sources), policy };
  }
  return null;
}

/**
 * The Trusted Types policy names among `names` that some policy's `trusted-types` directive forbids
 * (CSP3 with Trusted Types: `*` allows any name, `'none'` or an empty list none). Without the
 * directive, any name may be created.
 */
export function forbiddenTrustedTypes(policies: readonly Policy[], names: readonly string[]): string[] {
  return names.filter((name) =>
    policies.some((policy) => {
      const allowed = policy.directives.get('trusted-types');
      return allowed !== undefined && !allowed.includes('*') && !allowed.includes(name);
    }),
  );
}
