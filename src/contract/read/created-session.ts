/**
 * Amount first: the widget's reading of what the merchant's `session-url` (or `createSession`) hands
 * back: the creation response of `POST /v1/onramp`, in the envelope (`{success, data}`) or as its
 * `data`. Tolerant like every reader here: it needs a `session_id` and a `client_secret` that names
 * it; the rest is read by the element as its `session` (seeding the order shown with no request),
 * where a field missing or malformed only means the first status read fills it in.
 */
import { sessionIdFromClientSecret } from '../credentials.js';

export interface CreatedSessionRead {
  clientSecret: string;
  /** The creation response's fields, for the element's `session` property. */
  session: Record<string, unknown>;
}

const object = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The creation response in `body`, or `null` when there is none (no usable client secret). */
export function readCreatedSession(body: unknown): CreatedSessionRead | null {
  const outer = object(body);
  if (!outer || outer.success === false) return null;
  const data = object(outer.data) ?? outer;
  const { client_secret: secret, session_id: id } = data;
  if (typeof secret !== 'string' || typeof id !== 'string' || sessionIdFromClientSecret(secret) !== id) return null;
  return { clientSecret: secret, session: data };
}
