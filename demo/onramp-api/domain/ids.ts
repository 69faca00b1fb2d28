/**
 * Random identifiers and secrets, and the hashing used to store secrets. Every secret (API key,
 * client secret, checkout token) is stored only as its SHA-256 hash and compared in constant time.
 * The base62 random part, request ids and `sha256Hex` are shared with the demo server
 * (`demo/http-common/ids.ts`).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyEnvironment, KeyType } from '../../../src/contract/product.js';
import { apiKeyPrefix } from '../../../src/contract/credentials.js';
import { BASE62, randomBase62 } from '../../http-common/ids.js';

export const newAccountId = (): string => `acct_${randomBase62(24)}`;
/** Random parts have no fixed length (docs/design.md); `length` lets the spec-shapes mode make short ones. */
export const newSessionId = (length = 24): string => `ors_${randomBase62(length)}`;
export const newTransactionId = (): string => `txn_${randomBase62(24)}`;
export const newKeyId = (): string => `key_${randomBase62(24)}`;
export const newClientSecret = (sessionId: string, length = 32): string =>
  `${sessionId}_secret_${randomBase62(length)}`;

export function newApiKey(
  brand: string,
  environment: KeyEnvironment,
  type: KeyType,
  length = 32,
): { key: string; prefix: string } {
  const typePrefix = apiKeyPrefix(brand, environment, type);
  const key = `${typePrefix}${randomBase62(length)}`;
  return { key, prefix: key.slice(0, typePrefix.length + Math.min(6, length - 1)) };
}

/** A realistic on-chain transaction hash: `0x` and 64 hex digits. */
export const newTxHash = (): string => `0x${randomBytes(32).toString('hex')}`;

/** Constant-time check of a presented secret against a stored SHA-256 hex hash. */
export function matchesHash(presented: string, storedHashHex: string): boolean {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = Buffer.from(storedHashHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The hosted checkout token of a session, derived one-way from its client secret, so the checkout
 * URL never reveals the client secret and the token can be re-derived whenever the client secret is
 * presented (the status answer's `redirect_url`). Stored only as a hash.
 */
export function checkoutTokenFor(clientSecret: string): string {
  const digest = createHmac('sha256', clientSecret).update('onramp-hosted-checkout-token').digest();
  let out = '';
  for (const byte of digest) out += BASE62.charAt(byte % 62);
  return out.slice(0, 32);
}

/**
 * Authenticated encryption (AES-256-GCM) under a key derived from a secret the server does not
 * store, such as an `Idempotency-Key`: stored responses that hold a client secret stay unreadable
 * in the database file.
 */
export function seal(plaintext: string, secret: string): string {
  const key = createHash('sha256').update(`onramp-seal-v1:${secret}`, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Opens what `seal` produced; `null` when the secret is wrong or the data was altered. */
export function unseal(sealed: string, secret: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const key = createHash('sha256').update(`onramp-seal-v1:${secret}`, 'utf8').digest();
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
