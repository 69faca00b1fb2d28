/**
 * Asks the API what a browser would: `GET {apiBase}/v1/onramp` without a key (an onramp API answers
 * JSON, the sandbox a 401 with its error envelope), then the CORS preflight the widget's status
 * request makes from the page's origin. No key and no client secret leave the machine: the doctor
 * sends neither.
 */
import { apiUrl } from '../api/status-request.js';
import { type ElementRef, type Finding, finding } from './findings.js';
import { boundedFetch, RequestFailed } from './http.js';

/** Each probe's deadline: an API that takes longer is one the widget times out on too. */
export const PROBE_TIMEOUT_MS = 5000;
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

/** Probes one API base for the page at `pageOrigin`; findings name `element`, the first that uses it. */
export async function probeApi(apiBase: string, pageOrigin: string, element?: ElementRef): Promise<Finding[]> {
  const url = apiUrl(apiBase, '/v1/onramp');
  const apiOrigin = new URL(url).origin;
  let answer;
  try {
    answer = await boundedFetch(url, {
      headers: { Accept: 'application/json' },
      timeoutMs: PROBE_TIMEOUT_MS,
      maxBytes: PROBE_MAX_BYTES,
    });
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return [finding('API_UNREACHABLE', { url, apiBase, detail: error.message }, element)];
  }
  const contentType = answer.headers.get('content-type') ?? '';
  if (!isJson(contentType) || answer.truncated || !parsesAsJson(answer.body)) {
    return [
      finding(
        'API_NOT_AN_ONRAMP_API',
        {
          url: answer.url,
          status: String(answer.status),
          contentType: contentType || 'no Content-Type',
          apiBase,
        },
        element,
      ),
    ];
  }
  let preflight;
  try {
    preflight = await boundedFetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: pageOrigin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': WIDGET_HEADERS.join(','),
      },
      timeoutMs: PROBE_TIMEOUT_MS,
      maxBytes: PROBE_MAX_BYTES,
      // A browser follows no redirect of a preflight: one is a refusal.
      redirect: 'manual',
    });
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return [finding('API_UNREACHABLE', { url, apiBase, detail: error.message }, element)];
  }
  return preflightAllows(preflight.status, preflight.headers, pageOrigin)
    ? []
    : [finding('API_CORS_REFUSED', { apiOrigin, pageOrigin, apiBase }, element)];
}
