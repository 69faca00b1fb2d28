/**
 * Reading answers around the data: the success envelope (`{success: true, data}`) and error bodies,
 * whose shape the spec does not show. A client of any server must cope with any error body: JSON
 * of another shape, HTML from a proxy, or nothing at all.
 */
import * as z from 'zod/mini';
import { fields, optional, rule } from './kinds.js';

/**
 * `{success: true, data}`: `data` must be an object the given schema reads; `success` may be left
 * out, but an answer saying `success: false` is not read as data.
 */
export function successRead<T extends z.ZodMiniType>(data: T) {
  return fields({ success: optional(z.unknown().check(rule((value) => value !== false))), data });
}

export interface ErrorRead {
  /** The server's code (docs/design.md's envelope), for the few a client acts on (`KEY_MODE_MISMATCH`). */
  code: string | undefined;
  message: string | undefined;
  requestId: string | undefined;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A short single-line string, or nothing: server text is only ever shown as text, and briefly. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim().slice(0, 200) : undefined;

/**
 * What an error body says, from docs/design.md's envelope (`{error: {message, request_id}}`) or the
 * shapes other servers use (`{message}`, `{error: "…"}`); nothing for anything else (an array, a
 * string, no body). The HTTP status classifies the error; the code only refines it.
 */
export function readErrorBody(body: unknown): ErrorRead {
  const outer = record(body);
  const inner = record(outer.error);
  return {
    code: text(inner.code),
    message: text(inner.message) ?? text(outer.message) ?? text(outer.error),
    requestId: text(inner.request_id) ?? text(outer.request_id),
  };
}
