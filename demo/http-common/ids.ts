/**
 * The random ids and the hash both servers make: request ids for the error envelope, base62 random
 * parts, and SHA-256 hex (secrets are stored only as their hash). The sandbox's own ids (accounts,
 * sessions, keys) and its constant-time checks build on these in `demo/onramp-api/domain/ids.ts`.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The alphabet of every random part. */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62.charAt(byte % 62);
      if (out.length === length) break;
    }
  }
  return out;
}

export const newRequestId = (): string => `req_${randomBase62(24)}`;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
