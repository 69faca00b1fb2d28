/**
 * Asks the API what a browser would: `GET {apiBase}/v1/onramp` without a key (an onramp API answers
 * JSON, the sandbox a 401 with its error envelope), then the CORS preflight the widget's status
 * request makes from the page's origin. No key and no client secret leave the machine: the doctor
 * sends neither. An API is asked only when the page's CSP lets the page connect to it (every policy
 * known), and at most `MAX_APIS` of them: each is a host name the page chose, resolved and reached.
 */
import { apiUrl } from '../api/status-request.js';
import { type Policy, refusal } from './csp-policy.js';
import { BudgetSpent } from './fetch-budget.js';
import { type ElementRef, type Finding, finding } from './findings.js';
import {
  type BoundedRequest,
  type BoundedResponse,
  boundedFetch,
  type FetchContext,
  RequestFailed,
  RequestRefused,
} from './http.js';

/** Each probe's deadline: an API that takes longer is one the widget times out on too. */
export const PROBE_TIMEOUT_MS = 5000;
/** Distinct API bases asked at most in a run. */
export const MAX_APIS = 4;
const PROBE_MAX_BYTES = 64 * 1024;

/** The headers the widget's status request carries, which the preflight asks about. */
const WIDGET_HEADERS = ['x-api-key', 'x-client-secret'];

const isJson = (contentType: string): boolean => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());

function parsesAsJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder().decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** Whether a preflight answer lets `pageOrigin` send the widget's headers (no credentials: `*` counts). */
function preflightAllows(status: number, headers: Headers, pageOrigin: string): boolean {
  if (status < 200 || status > 299) return false;
  const origin = headers.get('access-control-allow-origin')?.trim();
  if (origin !== '*' && origin !== pageOrigin) return false;
  const allowed = (headers.get('access-control-allow-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return allowed.includes('*') || WIDGET_HEADERS.every((name) => allowed.includes(name));
}

/** What probing found: findings, and notes on what could not be asked. */
export interface ProbeResult {
  findings: Finding[];
  notes: string[];
  /** Whether a request reached the API (false: the doctor did not ask it). */
  asked: boolean;
}

/** One request of a probe: its answer, or the result to report instead. */
async function ask(
  url: string,
  request: BoundedRequest,
  context: FetchContext,
  unreachable: (detail: string) => Finding,
): Promise<{ answer: BoundedResponse } | ProbeResult> {
  try {
    return { answer: await boundedFetch(url, request, context) };
  } catch (error) {
    // Not a problem of the API's: the doctor did not ask it.
    if (error instanceof BudgetSpent || error instanceof RequestRefused)
      return { findings: [], notes: [`The API ${url} was not asked: ${error.message}.`], asked: false };
    if (error instanceof RequestFailed) return { findings: [unreachable(error.message)], notes: [], asked: true };
    throw error;
  }
}

/** Probes one API base for the page at `pageOrigin`; findings name `element`, the first that uses it. */
export async function probeApi(
  apiBase: string,
  pageOrigin: string,
  element: ElementRef | undefined,
  context: FetchContext,
): Promise<ProbeResult> {
  const url = apiUrl(apiBase, '/v1/onramp');
  const apiOrigin = new URL(url).origin;
  const unreachable = (detail: string) => finding('API_UNREACHABLE', { url, apiBase, detail }, element);
  const request = { timeoutMs: PROBE_TIMEOUT_MS, maxBytes: PROBE_MAX_BYTES };
  const got = await ask(url, { ...request, headers: { Accept: 'application/json' } }, context, unreachable);
  if (!('answer' in got)) return got;
  const { answer } = got;
  if (answer.crossOriginRedirect)
    return {
      findings: [],
      notes: [
        `The API ${url} redirects to ${answer.crossOriginRedirect}, another origin, which the doctor does not follow: it was not checked further.`,
      ],
      asked: true,
    };
  const contentType = answer.headers.get('content-type') ?? '';
  if (!isJson(contentType) || answer.truncated || !parsesAsJson(answer.body)) {
    const values = {
      url: answer.url,
      status: String(answer.status),
      contentType: contentType || 'no Content-Type',
      apiBase,
    };
    return { findings: [finding('API_NOT_AN_ONRAMP_API', values, element)], notes: [], asked: true };
  }
  const preflightRequest: BoundedRequest = {
    ...request,
    method: 'OPTIONS',
    headers: {
      Origin: pageOrigin,
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': WIDGET_HEADERS.join(','),
    },
    // A browser follows no redirect of a preflight: one is a refusal.
    redirects: 'none',
  };
  const preflight = await ask(url, preflightRequest, context, unreachable);
  if (!('answer' in preflight)) return { ...preflight, asked: true };
  const { status, headers } = preflight.answer;
  return preflightAllows(status, headers, pageOrigin)
    ? { findings: [], notes: [], asked: true }
    : { findings: [finding('API_CORS_REFUSED', { apiOrigin, pageOrigin, apiBase }, element)], notes: [], asked: true };
}

const bases = (count: number): string => `${count} API ${count === 1 ? 'base' : 'bases'}`;

/**
 * Probes each API base of `apis` (each with the first element that uses it) that the page's CSP lets
 * it connect to, at most `MAX_APIS`; `policies` is `null` when some policy was left unchecked (then
 * none is asked). `asked` counts those probed.
 */
export async function probeApis(
  apis: ReadonlyMap<string, ElementRef>,
  page: URL,
  policies: readonly Policy[] | null,
  context: FetchContext,
): Promise<{ findings: Finding[]; notes: string[]; asked: number }> {
  const chosen: [string, ElementRef][] = [];
  const skipped = { refused: 0, unknown: 0, over: 0 };
  for (const [apiBase, element] of apis) {
    if (policies === null) skipped.unknown++;
    else if (refusal(policies, 'connect', { url: new URL(apiUrl(apiBase, '/v1/onramp')), page })) skipped.refused++;
    else if (chosen.length === MAX_APIS) skipped.over++;
    else chosen.push([apiBase, element]);
  }
  const results = await Promise.all(
    chosen.map(([apiBase, element]) => probeApi(apiBase, page.origin, element, context)),
  );
  const notes = results.flatMap((result) => result.notes);
  if (skipped.refused)
    notes.push(
      `${bases(skipped.refused)} not asked: the page's Content-Security-Policy does not let it connect there.`,
    );
  if (skipped.unknown) notes.push(`${bases(skipped.unknown)} not asked, some CSP policy being unchecked.`);
  if (skipped.over) notes.push(`${bases(skipped.over)} more not asked: the doctor asks at most ${MAX_APIS} in a run.`);
  const asked = results.filter((result) => result.asked).length;
  return { findings: results.flatMap((result) => result.findings), notes, asked };
}
