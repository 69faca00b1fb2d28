/**
 * Subresource Integrity as browsers check it (SRI §3.3): the `integrity` attribute is a list of
 * `<algorithm>-<base64>[?options]`; unknown algorithms are ignored; only the strongest algorithm
 * listed counts, and the bytes match when any of its digests matches. No valid entry: no check.
 */
import { createHash } from 'node:crypto';

const STRENGTH = { sha256: 1, sha384: 2, sha512: 3 } as const;
type Algorithm = keyof typeof STRENGTH;

/** One valid entry of an `integrity` attribute. */
export interface IntegrityEntry {
  algorithm: Algorithm;
  digest: string;
}

const isAlgorithm = (name: string): name is Algorithm => Object.hasOwn(STRENGTH, name);

/** The valid entries of an `integrity` attribute. */
export function parseIntegrity(metadata: string): IntegrityEntry[] {
  return metadata
    .split(/[\t\n\f\r ]+/)
    .filter(Boolean)
    .flatMap((token) => {
      const match = /^([A-Za-z0-9]+)-([A-Za-z0-9+/_=-]+)(?:\?.*)?$/.exec(token);
      const algorithm = match?.[1]?.toLowerCase() ?? '';
      return match && isAlgorithm(algorithm) ? [{ algorithm, digest: match[2] ?? '' }] : [];
    });
}

/** base64url and unpadded digests are read like base64 (as Chromium does). */
const normalizeDigest = (digest: string): string => digest.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');

/** Whether `bytes` pass `integrity`. */
export function integrityMatches(metadata: string, bytes: Uint8Array): boolean {
  const entries = parseIntegrity(metadata);
  if (entries.length === 0) return true;
  const strongest = entries.reduce((best, entry) =>
    STRENGTH[entry.algorithm] > STRENGTH[best.algorithm] ? entry : best,
  ).algorithm;
  const actual = normalizeDigest(createHash(strongest).update(bytes).digest('base64'));
  return entries.some((entry) => entry.algorithm === strongest && normalizeDigest(entry.digest) === actual);
}
