/**
 * Subresource Integrity as browsers check it: the strongest algorithm listed decides, any of its
 * digests may match, unknown algorithms and options are ignored, no valid entry means no check.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { integrityMatches, parseIntegrity } from './sri.js';

const BYTES = new TextEncoder().encode('console.log("onramp");\n');
const digest = (algorithm: string, bytes: Uint8Array = BYTES): string =>
  `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
const OTHER = new TextEncoder().encode('changed');

test('a matching digest of any supported algorithm', () => {
  for (const algorithm of ['sha256', 'sha384', 'sha512']) assert.ok(integrityMatches(digest(algorithm), BYTES));
  assert.ok(!integrityMatches(digest('sha384', OTHER), BYTES));
});

test('only the strongest algorithm listed counts; any of its digests may match', () => {
  assert.ok(!integrityMatches(`${digest('sha256')} ${digest('sha512', OTHER)}`, BYTES));
  assert.ok(integrityMatches(`${digest('sha256', OTHER)} ${digest('sha384')}`, BYTES));
  assert.ok(integrityMatches(`${digest('sha384', OTHER)} ${digest('sha384')}`, BYTES));
});

test('unknown algorithms and options are ignored; nothing valid means no check', () => {
  assert.ok(integrityMatches('md5-abc sha1-def', BYTES));
  assert.ok(integrityMatches('', BYTES));
  assert.ok(integrityMatches(`${digest('sha384')}?ct=application/javascript`, BYTES));
  assert.deepEqual(
    parseIntegrity('  SHA384-abc md5-x\nsha256-d_e-f= ').map((entry) => entry.algorithm),
    ['sha384', 'sha256'],
  );
});

test('base64url and unpadded digests read like base64', () => {
  // SHA-256: 32 bytes, so its base64 ends in padding.
  const base64 = digest('sha256').slice('sha256-'.length);
  assert.ok(base64.endsWith('='));
  const url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  assert.ok(integrityMatches(`sha256-${url}`, BYTES));
});
