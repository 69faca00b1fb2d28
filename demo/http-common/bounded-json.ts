/**
 * JSON request bodies with the sandbox's rules (docs/design.md "Bodies"), for every server of the
 * repository: the body is bounded before it is read (the declared length first, then the bytes as
 * they stream, chunked too), parsed once, and checked for depth, so bad input is a 4xx with a clear
 * code, never a 500. The sandbox API reads its bodies with the same depth rule
 * (`demo/onramp-api/http/body.ts`); the demo shop, its console and webhook receiver use the whole of it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { envelopeError } from './envelope.js';

/** No request needs more; deeper bodies would overflow the stack of recursive code (hashing, validation). */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `max` levels deep (iterative: any depth is safe). */
export function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** JSON text with object keys sorted, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Unless a route needs less. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export interface JsonBodyFailure {
  status: 400;
  code: 'INVALID_JSON' | 'VALIDATION_ERROR';
  message: string;
}

/**
 * Refuses a body larger than `maxBytes` with 413 (`PAYLOAD_TOO_LARGE`, the error envelope) before
 * reading more than that: a `Content-Length` above it is refused unread, a chunked body as soon as
 * it passes it.
 */
export function boundedBody(maxBytes: number = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      envelopeError(c, 413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes} bytes`, {
        Connection: 'close',
      }),
  });
}

/** Parses text as JSON, refusing what does not parse and what nests deeper than the sandbox allows. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; failure: JsonBodyFailure } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, failure: { status: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' } };
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      failure: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      },
    };
  }
  return { ok: true, value };
}

/** Reads and parses the (already bounded, see `boundedBody`) JSON body of a request. */
export async function readJsonBody(
  c: Context,
): Promise<{ ok: true; value: unknown } | { ok: false; failure: JsonBodyFailure }> {
  return parseJsonText(await c.req.text());
}

/** The error envelope of a failed body, as every server here answers it. */
export function jsonBodyError(c: Context, failure: JsonBodyFailure): Response {
  return envelopeError(c, failure.status, failure.code, failure.message);
}
