/** The API's request bodies: JSON objects only, with readable errors (the depth rule is the shared one). */
import type { Context } from 'hono';
import { MAX_JSON_DEPTH, depthExceeds } from '../../http-common/bounded-json.js';
import { ErrorAnswer } from './errors.js';

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') throw new ErrorAnswer('INVALID_JSON', 'The request body must be a JSON object; it was empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ErrorAnswer('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ErrorAnswer('VALIDATION_ERROR', 'The request body must be a JSON object');
  }
  if (depthExceeds(value, MAX_JSON_DEPTH)) {
    throw new ErrorAnswer('VALIDATION_ERROR', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value as Record<string, unknown>;
}
