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
  return value as Record<string, unknown>;
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
