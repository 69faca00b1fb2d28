/**
 * Formats of the credentials the API hands out: API keys
 * (`<brand>_<live|test>_<sk|pk>_<random>`), session ids (`ors_<random>`) and client secrets
 * (`<session_id>_secret_<random>`). Parsing them needs no request, which is how the widget refuses a
 * secret key or a malformed client secret before it talks to anyone.
 *
 * `<random>` is one or more ASCII letters and digits of no fixed length (docs/design.md, "Sessions"):
 * the sandbox makes 24 or 32, another server may make 8, and both are read alike.
 */
import type { KeyEnvironment, KeyType } from './product.js';

export interface ParsedApiKey {
  brand: string;
  environment: KeyEnvironment;
  type: KeyType;
}

/** The spec leaves `<brand>` open: letters, digits and hyphens, either case. */
const API_KEY_PATTERN = /^([A-Za-z0-9][A-Za-z0-9-]{0,63})_(live|test)_(sk|pk)_([A-Za-z0-9]+)$/;

/** Parses an API key's visible structure; `null` when it is not a well-formed key. */
export function parseApiKey(key: string): ParsedApiKey | null {
  const match = API_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, brand, environment, type] = match as unknown as [string, string, KeyEnvironment, 'sk' | 'pk'];
  return { brand, environment, type: type === 'sk' ? 'secret' : 'publishable' };
}

export function apiKeyPrefix(brand: string, environment: KeyEnvironment, type: KeyType): string {
  return `${brand}_${environment}_${type === 'secret' ? 'sk' : 'pk'}_`;
}

export const SESSION_ID_PATTERN = /^ors_[A-Za-z0-9]+$/;
export const CLIENT_SECRET_PATTERN = /^(ors_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

/** The session id a client secret belongs to; `null` when the secret is malformed. */
export function sessionIdFromClientSecret(clientSecret: string): string | null {
  return CLIENT_SECRET_PATTERN.exec(clientSecret)?.[1] ?? null;
}
