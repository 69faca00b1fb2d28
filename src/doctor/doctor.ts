/**
 * The doctor: reads a merchant page as a browser gets it (its HTML, the CSP of its headers and
 * `<meta>`, the widget's script tags and `<onramp-checkout>` elements), asks the API what the
 * widget would, and reports every problem of the list it can find before the page goes live.
 * The page is a stranger's: it is checked within `work-bounds.ts`, and every request of the run
 * shares one budget and one address gate (`http.ts`).
 */
import { PROBLEMS, type ProblemKind } from '../diagnostics/problems.js';
import { AddressGate, type Resolver } from './address-gate.js';
import { probeApis } from './api-probes.js';
import { elementCspFindings, scriptCspFindings, trustedTypesFindings } from './csp-checks.js';
import { parseHeaderPolicies, parsePolicy, type Policy } from './csp-policy.js';
import { checkElement } from './element-checks.js';
import { checkFolders } from './folder-checks.js';
import { type BudgetLimits, BudgetSpent, budgetNotes, FetchBudget } from './fetch-budget.js';
import { type ElementRef, distinctFindings, type Finding, finding } from './findings.js';
import { boundedFetch, type FetchContext, RequestFailed, RequestRefused } from './http.js';
import { readPage } from './read-page.js';
import { checkScripts } from './script-checks.js';
import { boundWork } from './work-bounds.js';

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

/** What a run may be given instead of its defaults (tests: small bounds, a resolver of their own). */
export interface DiagnoseOptions {
  limits?: Partial<BudgetLimits>;
  resolve?: Resolver;
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

/** Fetches the page as a browser navigating to it would (redirects within its origin followed, bounded). */
async function fetchPage(
  url: string,
  context: FetchContext,
): Promise<{ url: URL; html: string; headers: Headers; notes: string[] }> {
  let answer;
  try {
    answer = await boundedFetch(
      url,
      {
        headers: {
          Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          // A navigation the user typed: pages that act only on their own navigations (the demo's) answer as to a browser.
          'Sec-Fetch-Site': 'none',
          'Sec-Fetch-Mode': 'navigate',
          'Sec-Fetch-Dest': 'document',
        },
        timeoutMs: PAGE_TIMEOUT_MS,
        maxBytes: PAGE_MAX_BYTES,
      },
      context,
    );
  } catch (error) {
    if (error instanceof RequestFailed || error instanceof RequestRefused || error instanceof BudgetSpent)
      throw new PageUnreadable(`could not fetch ${url}: ${error.message}`);
    throw error;
  }
  if (answer.crossOriginRedirect)
    throw new PageUnreadable(
      `${answer.url} redirects to ${answer.crossOriginRedirect}, another origin: the doctor does not follow it (run it on that address if it is the page)`,
    );
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

/** Reads the page at `url` (http or https) and reports what the list of problems names. */
export async function diagnose(url: string, options: DiagnoseOptions = {}): Promise<DoctorReport> {
  const context: FetchContext = { budget: new FetchBudget(options.limits), gate: new AddressGate(options.resolve) };
  try {
    return await diagnosePage(url, context);
  } finally {
    context.budget.end();
  }
}

async function diagnosePage(url: string, context: FetchContext): Promise<DoctorReport> {
  const page = await fetchPage(url, context);
  const reading = readPage(page.html, page.url);
  const notes = [...page.notes, ...reading.notes];
  if (page.headers.has('content-security-policy-report-only'))
    notes.push('The Content-Security-Policy-Report-Only header only reports: it was not checked.');

  const header = page.headers.get('content-security-policy');
  const allPolicies: Policy[] = [
    ...parseHeaderPolicies(header === null ? [] : [header]),
    ...reading.metaPolicies.map((text) => parsePolicy(text, 'meta')).filter((policy) => policy !== null),
  ];
  const work = boundWork(reading, allPolicies);
  const { policies } = work;
  notes.push(...work.notes);
  /** The policies that decide what may be fetched; `null`: not all known, so nothing is. */
  const fetchPolicies = work.everyPolicy ? policies : null;

  const found: Finding[] = [];
  const checked = work.elements.map((element) => checkElement(element, page.url));
  if (reading.elements.length === 0) found.push(finding('ELEMENT_NOT_FOUND'));
  for (const element of checked) {
    found.push(...element.findings, ...elementCspFindings(policies, page.url, element));
    if (element.note) notes.push(element.note);
  }
  found.push(...scriptCspFindings(policies, page.url, work.scripts), ...trustedTypesFindings(policies));

  // Each API once, for the first element that calls it. The APIs first: few, and what the widget needs most.
  const apis = new Map<string, ElementRef>();
  for (const { apiBase, element } of checked)
    if (apiBase && !apis.has(apiBase)) apis.set(apiBase, { index: element.index, line: element.line });
  const probes = await probeApis(apis, page.url, fetchPolicies, context);
  const scripts = await checkScripts(work.scripts, page.url, fetchPolicies, context);
  // The folder beside the script: the parts and catalogues this page can need.
  const folders = await checkFolders(work.scripts, checked, page.url, fetchPolicies, context);
  found.push(...scripts.findings, ...folders.findings, ...probes.findings);
  notes.push(...scripts.notes, ...folders.notes, ...probes.notes, ...budgetNotes(context.budget));

  // Errors first: what stops the widget leads the report (sort is stable: page order within a kind).
  const findings = distinctFindings(found).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return {
    url,
    findings,
    errors: findings.filter((item) => PROBLEMS[item.code].kind === 'error').length,
    warnings: findings.filter((item) => PROBLEMS[item.code].kind === 'warning').length,
    // Each note once: a page may repeat what a note is about thousands of times.
    notes: [...new Set(notes)],
    checked: {
      elements: reading.elements.length,
      scripts: reading.scripts.length,
      policies: allPolicies.length,
      apis: probes.asked,
    },
  };
}
