/**
 * The widget's script tags as a browser loads them: a cross-origin script with `integrity` needs
 * `crossorigin` (without CORS its bytes cannot be checked, and it is refused), and the file served
 * must match its `integrity`.
 */
import { type Finding, finding } from './findings.js';
import { boundedFetch, RequestFailed } from './http.js';
import type { PageScript } from './read-page.js';
import { integrityMatches, parseIntegrity } from './sri.js';

const SCRIPT_TIMEOUT_MS = 10_000;
/** Far above the script-tag file (about 20 kB brotli, 60 kB as served): a bound, not a budget. */
const SCRIPT_MAX_BYTES = 8 * 1024 * 1024;

/** What one script tag's checks found, and what they could not check. */
export interface ScriptCheck {
  findings: Finding[];
  notes: string[];
}

/** Checks one script tag of the page at `page`. */
export async function checkScript(script: PageScript, page: URL): Promise<ScriptCheck> {
  const result: ScriptCheck = { findings: [], notes: [] };
  const { url, integrity } = script;
  if (!url || integrity === undefined || parseIntegrity(integrity).length === 0) return result;
  const values = { script: url.href, integrity };
  if (url.origin !== page.origin && script.crossorigin === undefined)
    result.findings.push(finding('SCRIPT_CROSSORIGIN_MISSING', values));
  try {
    const answer = await boundedFetch(url.href, { timeoutMs: SCRIPT_TIMEOUT_MS, maxBytes: SCRIPT_MAX_BYTES });
    if (answer.status < 200 || answer.status > 299) {
      result.notes.push(`The script ${url.href} answered ${answer.status}: its integrity was not checked.`);
    } else if (answer.truncated) {
      result.notes.push(`The script ${url.href} is over ${SCRIPT_MAX_BYTES} bytes: its integrity was not checked.`);
    } else if (!integrityMatches(integrity, answer.body)) {
      result.findings.push(finding('SCRIPT_INTEGRITY_MISMATCH', values));
    }
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    result.notes.push(`The script ${url.href} could not be read (${error.message}): its integrity was not checked.`);
  }
  return result;
}
