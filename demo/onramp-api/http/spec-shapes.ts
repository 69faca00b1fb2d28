/**
 * The spec-shapes mode (`SANDBOX_SHAPES=spec`): the API answers with only what the spec shows, the
 * way another server that speaks the spec could, so the widget is tested against more than our own
 * sandbox. One job: rewriting answers on their way out. The sandbox itself still builds docs/design.md's
 * shapes (and the tests hold it to them); this layer then
 *
 * - drops docs/design.md's extensions from the status answer (`expires_at`, `quote_expires_at`,
 *   `exchange_rate`, `estimated_crypto_amount`, `redirect_url`) and from the quote (`network`);
 * - writes the quote's `fiat_amount`, which the spec types `number` without naming its unit, in
 *   major units (`100` for 10000 cents);
 * - writes timestamps in another ISO 8601 form (`2025-01-15T12:00:00+00:00`, no fraction);
 * - adds a field the widget does not know to every answer and its data, as a newer server would;
 * - gives errors a body of another shape (`{"success": false, "error": {"code", "message"}}`, the
 *   spec shows none), without `param` or `request_id`.
 *
 * Short ids come from the sandbox itself (`idRandomLength`), since they are stored.
 */
import { FIAT_MINOR_DIGITS } from '../../../src/contract/product.js';
import { minorToMajorNumber } from '../../../src/contract/money.js';

/** A fetch handler; `env` is the Node server's (the socket, for the client's address). */
export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export type SandboxShapes = 'design' | 'spec';
export const SANDBOX_SHAPES: readonly SandboxShapes[] = ['design', 'spec'];

/** Random characters of ids, client secrets and keys in this mode: shorter than the sandbox's own. */
export const SPEC_SHAPES_ID_LENGTH = 8;

const STATUS_EXTENSIONS = [
  'expires_at',
  'quote_expires_at',
  'exchange_rate',
  'estimated_crypto_amount',
  'redirect_url',
];
const ISO_MS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{3}Z$/;

/** Fields no client of ours knows: one in the envelope, one in the data. */
export const UNKNOWN_ENVELOPE_FIELD = { api_version: '2026-11-01' } as const;
export const UNKNOWN_DATA_FIELD = 'object';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: Json | undefined): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `…T…(.sss)Z` timestamp, at any depth, as `…T…+00:00`. */
function otherTimestampForm(value: Json): Json {
  if (typeof value === 'string') return value.replace(ISO_MS, '$1+00:00');
  if (Array.isArray(value)) return value.map(otherTimestampForm);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, otherTimestampForm(item)]));
  return value;
}

function specData(method: string, path: string, data: Record<string, Json>): Record<string, Json> {
  const shaped = { ...data };
  let kind = 'object';
  if (path === '/v1/onramp') {
    kind = 'onramp.session';
    if (method === 'GET') for (const field of STATUS_EXTENSIONS) delete shaped[field];
  } else if (path === '/v1/onramp/quote') {
    kind = 'onramp.quote';
    delete shaped.network;
    if (typeof shaped.fiat_amount === 'number')
      shaped.fiat_amount = minorToMajorNumber(shaped.fiat_amount, FIAT_MINOR_DIGITS);
  }
  return { ...(otherTimestampForm(shaped) as Record<string, Json>), [UNKNOWN_DATA_FIELD]: kind };
}

/** The answer in the spec's shapes; anything that is not a JSON object passes unchanged. */
export function toSpecShapes(method: string, path: string, ok: boolean, body: Json): Json {
  if (!isObject(body)) return body;
  if (!ok) {
    const error = isObject(body.error) ? body.error : {};
    return {
      success: false,
      error: { code: error.code ?? 'ERROR', message: error.message ?? '' },
      ...UNKNOWN_ENVELOPE_FIELD,
    };
  }
  return isObject(body.data) ? { ...body, data: specData(method, path, body.data), ...UNKNOWN_ENVELOPE_FIELD } : body;
}

/** Wraps the API's fetch handler so that every JSON answer leaves in the spec's shapes. */
export function withSpecShapes(fetch: Fetch): Fetch {
  return async (request, env) => {
    const response = await fetch(request, env);
    if (request.method === 'HEAD' || !response.headers.get('Content-Type')?.startsWith('application/json'))
      return response;
    const text = await response.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      return new Response(text, response);
    }
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    const shaped = toSpecShapes(request.method, new URL(request.url).pathname, response.ok, body);
    return new Response(JSON.stringify(shaped), { status: response.status, statusText: response.statusText, headers });
  };
}
