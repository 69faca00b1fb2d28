/** Request bodies: JSON objects only, with readable errors. */
import type { Context } from 'hono';
import { ApiError } from './errors.js';

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') throw new ApiError('INVALID_JSON', 'The request body must be a JSON object; it was empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object');
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw new ApiError('VALIDATION_ERROR', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value as Record<string, unknown>;
}

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
