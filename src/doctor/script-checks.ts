/**
 * The widget's script tags as a browser loads them: a cross-origin script with `integrity` needs
 * `crossorigin` (without CORS its bytes cannot be checked, and it is refused), and the file served
 * must match its `integrity`. A file is fetched only when the browser would load it: the page's CSP
 * allows the script (every policy known), it is http or https, and the run's budget and address rule
 * allow the request. Each URL is read once, however many tags name it.
 */
import { type Policy, scriptRefusal } from './csp-policy.js';
import { BudgetSpent } from './fetch-budget.js';
import { type Finding, finding } from './findings.js';
import { boundedFetch, type FetchContext, RequestFailed, RequestRefused } from './http.js';
import type { PageScript } from './read-page.js';
import { integrityMatches, parseIntegrity } from './sri.js';

const SCRIPT_TIMEOUT_MS = 10_000;
/** Far above the script-tag file (about 20 kB brotli, 60 kB as served): a bound, not a budget. */
const SCRIPT_MAX_BYTES = 8 * 1024 * 1024;

/** What the script tags' checks found, and what they could not check. */
export interface ScriptCheck {
  findings: Finding[];
  notes: string[];
}

/** A file read, or why its integrity could not be checked (a note's reason, or the budget). */
type Read = { bytes: Uint8Array } | { reason: string } | { spent: true };

async function fetchScript(url: URL, context: FetchContext): Promise<Read> {
  try {
    const answer = await boundedFetch(url.href, { timeoutMs: SCRIPT_TIMEOUT_MS, maxBytes: SCRIPT_MAX_BYTES }, context);
    if (answer.crossOriginRedirect)
      return { reason: `redirects to ${answer.crossOriginRedirect}, another origin, which the doctor does not follow` };
    if (answer.status < 200 || answer.status > 299) return { reason: `answered ${answer.status}` };
    if (answer.truncated) return { reason: `is over ${SCRIPT_MAX_BYTES} bytes` };
    return { bytes: answer.body };
  } catch (error) {
    if (error instanceof BudgetSpent) return { spent: true };
    if (error instanceof RequestRefused) return { reason: `was not fetched (${error.message})` };
    if (error instanceof RequestFailed) return { reason: `could not be read (${error.message})` };
    throw error;
  }
}

const tags = (count: number): string => `${count} widget script ${count === 1 ? 'tag' : 'tags'}`;

/** One tag's outcome: its findings, and a note or the reason it was not fetched. */
interface TagCheck {
  findings: Finding[];
  note?: string;
  unfetched?: 'refused' | 'unknown' | 'spent';
}

async function checkTag(
  script: PageScript,
  page: URL,
  policies: readonly Policy[] | null,
  read: (url: URL) => Promise<Read>,
): Promise<TagCheck> {
  const { url, integrity } = script;
  const check: TagCheck = { findings: [] };
  if (!url || integrity === undefined || parseIntegrity(integrity).length === 0) return check;
  const values = { script: url.href, integrity };
  if (url.origin !== page.origin && script.crossorigin === undefined)
    check.findings.push(finding('SCRIPT_CROSSORIGIN_MISSING', values));
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ...check, note: `The script ${url.href} is not http or https: its integrity was not checked.` };
  if (policies === null) return { ...check, unfetched: 'unknown' };
  if (scriptRefusal(policies, { url, page, nonce: script.nonce, integrity })) return { ...check, unfetched: 'refused' };
  const result = await read(url);
  if ('spent' in result) return { ...check, unfetched: 'spent' };
  if ('reason' in result)
    return { ...check, note: `The script ${url.href} ${result.reason}: its integrity was not checked.` };
  if (!integrityMatches(integrity, result.bytes)) check.findings.push(finding('SCRIPT_INTEGRITY_MISMATCH', values));
  return check;
}

const UNFETCHED_NOTES = {
  refused: "that the page's Content-Security-Policy refuses were not fetched",
  unknown: 'were not fetched, some CSP policy being unchecked',
  spent: "were not read within the run's bounds",
} as const;

/**
 * Checks the script tags of the page at `page`; `policies` is `null` when some policy was left
 * unchecked (then nothing is fetched: what the page may load is not known).
 */
export async function checkScripts(
  scripts: readonly PageScript[],
  page: URL,
  policies: readonly Policy[] | null,
  context: FetchContext,
): Promise<ScriptCheck> {
  const reads = new Map<string, Promise<Read>>();
  const readOnce = (url: URL): Promise<Read> => {
    let pending = reads.get(url.href);
    if (!pending) reads.set(url.href, (pending = fetchScript(url, context)));
    return pending;
  };
  const checks = await Promise.all(scripts.map((script) => checkTag(script, page, policies, readOnce)));
  const notes = new Set(checks.flatMap((check) => (check.note ? [check.note] : [])));
  for (const key of ['refused', 'unknown', 'spent'] as const) {
    const count = checks.filter((check) => check.unfetched === key).length;
    if (count) notes.add(`${tags(count)} ${UNFETCHED_NOTES[key]}: their integrity was not checked.`);
  }
  return { findings: checks.flatMap((check) => check.findings), notes: [...notes] };
}
