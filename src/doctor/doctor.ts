/**
 * The doctor: reads a merchant page as a browser gets it (its HTML, the CSP of its headers and
 * `<meta>`, the widget's script tags and `<onramp-checkout>` elements), asks the API what the
 * widget would, and reports every problem of the catalogue it can find before the page goes live.
 */
import { PROBLEMS, type ProblemKind } from '../diagnostics/problems.js';
import { probeApi } from './api-probes.js';
import { elementCspFindings, scriptCspFindings, trustedTypesFindings } from './csp-checks.js';
import { parseHeaderPolicies, parsePolicy, type Policy } from './csp-policy.js';
import { checkElement } from './element-checks.js';
import { distinctFindings, type Finding, finding } from './findings.js';
import { boundedFetch, RequestFailed } from './http.js';
import { readPage } from './read-page.js';
import { checkScript } from './script-checks.js';

/** A page larger than this is read this far (no merchant page's head and widget come later). */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** How long the page may take, body included. */
export const PAGE_TIMEOUT_MS = 10_000;

/** What the doctor found on one page. */
export interface DoctorReport {
  /** The page asked for. */
  url: string;
  findings: Finding[];
  errors: number;
  warnings: number;
  /** What was read but not checked, in words. */
  notes: string[];
  /** What the doctor found to check: a report of no problem means something only with these. */
  checked: { elements: number; scripts: number; policies: number; apis: number };
}

/** The page could not be read as HTML: the doctor has nothing to check. */
export class PageUnreadable extends Error {
  override readonly name = 'PageUnreadable';
}

const KIND_ORDER: Readonly<Record<ProblemKind, number>> = { error: 0, warning: 1, transient: 2 };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

/** The page's text in the charset its Content-Type names (UTF-8 otherwise, as nearly every page is). */
function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /;\s*charset="?([^";\s]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** Fetches the page as a browser navigating to it would (redirects followed, bounded). */
async function fetchPage(url: string): Promise<{ url: URL; html: string; headers: Headers; notes: string[] }> {
  let answer;
  try {
    answer = await boundedFetch(url, {
      headers: {
        Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
        // A navigation the user typed: pages that act only on their own navigations (the demo's) answer as to a browser.
        'Sec-Fetch-Site': 'none',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        'User-Agent': 'onramp-checkout-doctor',
      },
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof RequestFailed) throw new PageUnreadable(`could not fetch ${url}: ${error.message}`);
    throw error;
  }
  if (answer.status < 200 || answer.status > 299) throw new PageUnreadable(`${answer.url} answered ${answer.status}`);
  const contentType = answer.headers.get('content-type') ?? '';
  if (!HTML_TYPES.test(contentType))
    throw new PageUnreadable(`${answer.url} is not an HTML page (Content-Type: ${contentType || 'none'})`);
  const notes: string[] = [];
  if (answer.redirected) notes.push(`Redirected to ${answer.url}: that page was read.`);
  if (answer.truncated)
    notes.push(`The page is over ${PAGE_MAX_BYTES} bytes: only its first ${PAGE_MAX_BYTES} were read.`);
  return { url: new URL(answer.url), html: decode(answer.body, contentType), headers: answer.headers, notes };
}

/** Reads the page at `url` (http or https) and reports what the catalogue names. */
export async function diagnose(url: string): Promise<DoctorReport> {
  const page = await fetchPage(url);
  const reading = readPage(page.html, page.url);
  const notes = [...page.notes, ...reading.notes];
  if (page.headers.has('content-security-policy-report-only'))
    notes.push('The Content-Security-Policy-Report-Only header only reports: it was not checked.');

  const header = page.headers.get('content-security-policy');
  const policies: Policy[] = [
    ...parseHeaderPolicies(header === null ? [] : [header]),
    ...reading.metaPolicies.map((text) => parsePolicy(text, 'meta')).filter((policy) => policy !== null),
  ];

  const found: Finding[] = [];
  const checked = reading.elements.map((element) => checkElement(element, page.url));
  if (checked.length === 0) found.push(finding('ELEMENT_NOT_FOUND'));
  for (const element of checked) {
    found.push(...element.findings, ...elementCspFindings(policies, page.url, element));
    if (element.note) notes.push(element.note);
  }
  found.push(...scriptCspFindings(policies, page.url, reading.scripts), ...trustedTypesFindings(policies));

  const scripts = await Promise.all(reading.scripts.map((script) => checkScript(script, page.url)));
  for (const script of scripts) {
    found.push(...script.findings);
    notes.push(...script.notes);
  }

  // Each API once, for the first element that calls it.
  const apis = new Map<string, { index: number; line: number }>();
  for (const { apiBase, element } of checked)
    if (apiBase && !apis.has(apiBase)) apis.set(apiBase, { index: element.index, line: element.line });
  const probes = await Promise.all([...apis].map(([apiBase, element]) => probeApi(apiBase, page.url.origin, element)));
  found.push(...probes.flat());

  // Errors first: what stops the widget leads the report (sort is stable: page order within a kind).
  const findings = distinctFindings(found).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return {
    url,
    findings,
    errors: findings.filter((item) => PROBLEMS[item.code].kind === 'error').length,
    warnings: findings.filter((item) => PROBLEMS[item.code].kind === 'warning').length,
    notes,
    checked: { elements: checked.length, scripts: reading.scripts.length, policies: policies.length, apis: apis.size },
  };
}
