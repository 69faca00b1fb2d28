/**
 * `verifyWebhookSignature` (the merchant-side helper, Web Crypto) against signatures computed
 * independently here with node:crypto: the test vectors of issue 6.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { computeWebhookSignature, verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';

const SECRET = 'whsec_5dJ8kQ2vR7nT1xW4yZ6aB3cE9fG0hL2m';
const BODY = '{"id":"evt_1","type":"onramp.session.completed","created":"2025-05-01T10:00:00.000Z","data":{"object":{"status":"completed","note":"naïve €"}}}';
const NOW_MS = Date.parse('2025-05-01T10:00:00Z');
const T = Math.floor(NOW_MS / 1000);

const sign = (secret: string, t: number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
const header = (t: number, ...signatures: string[]): string => [`t=${t}`, ...signatures.map((s) => `v1=${s}`)].join(',');

describe('verifyWebhookSignature', () => {
  it('accepts a valid signature (string, Uint8Array and ArrayBuffer bodies) and returns its timestamp', async () => {
    const h = header(T, sign(SECRET, T, BODY));
    assert.deepEqual(await verifyWebhookSignature(BODY, h, SECRET, { now: NOW_MS }), { ok: true, timestamp: T });
    const bytes = new TextEncoder().encode(BODY);
    assert.equal((await verifyWebhookSignature(bytes, h, SECRET, { now: NOW_MS })).ok, true);
    assert.equal((await verifyWebhookSignature(bytes.buffer, h, SECRET, { now: NOW_MS })).ok, true);
    // Spaces after commas and upper-case hex are tolerated.
    assert.equal((await verifyWebhookSignature(BODY, `t=${T}, v1=${sign(SECRET, T, BODY).toUpperCase()}`, SECRET, { now: NOW_MS })).ok, true);
  });

  it('computes the same digest as node:crypto', async () => {
    assert.equal(await computeWebhookSignature(SECRET, T, BODY), sign(SECRET, T, BODY));
  });

  it('accepts several v1 signatures when one is valid, and ignores unknown schemes', async () => {
    const h = `${header(T, sign('whsec_old', T, BODY), sign(SECRET, T, BODY), 'f'.repeat(64))},v0=abc`;
    assert.deepEqual(await verifyWebhookSignature(BODY, h, SECRET, { now: NOW_MS }), { ok: true, timestamp: T });
  });

  it('rejects a tampered body', async () => {
    const h = header(T, sign(SECRET, T, BODY));
    const result = await verifyWebhookSignature(BODY.replace('completed', 'failed'), h, SECRET, { now: NOW_MS });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.reason, 'signature_mismatch');
    // Re-serialised JSON (same data, different bytes) does not verify either: verify the raw body.
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 1);
    assert.equal((await verifyWebhookSignature(reserialised, h, SECRET, { now: NOW_MS })).ok, false);
  });

  it('rejects the wrong secret, and a signature of another timestamp', async () => {
    const wrong = await verifyWebhookSignature(BODY, header(T, sign('whsec_other', T, BODY)), SECRET, { now: NOW_MS });
    assert.equal(!wrong.ok && wrong.reason, 'signature_mismatch');
    const shifted = await verifyWebhookSignature(BODY, header(T + 1, sign(SECRET, T, BODY)), SECRET, { now: NOW_MS });
    assert.equal(!shifted.ok && shifted.reason, 'signature_mismatch');
  });

  it('rejects a stale timestamp and a future one beyond the tolerance (300 s by default), accepts at the edge', async () => {
    for (const [offset, ok] of [[-301, false], [301, false], [-300, true], [300, true]] as const) {
      const t = T + offset;
      const result = await verifyWebhookSignature(BODY, header(t, sign(SECRET, t, BODY)), SECRET, { now: NOW_MS });
      assert.equal(result.ok, ok, `offset ${offset}`);
      if (!result.ok) assert.equal(result.reason, 'timestamp_out_of_tolerance');
    }
    const t = T - 100;
    const tight = await verifyWebhookSignature(BODY, header(t, sign(SECRET, t, BODY)), SECRET, { now: NOW_MS, tolerance: 60 });
    assert.equal(!tight.ok && tight.reason, 'timestamp_out_of_tolerance');
    // Default clock: a signature made now verifies with no `now` option.
    const real = Math.floor(Date.now() / 1000);
    assert.equal((await verifyWebhookSignature(BODY, header(real, sign(SECRET, real, BODY)), SECRET)).ok, true);
  });

  it('rejects a missing header and garbled ones', async () => {
    for (const missing of [null, undefined, '', '   ']) {
      const result = await verifyWebhookSignature(BODY, missing, SECRET, { now: NOW_MS });
      assert.equal(!result.ok && result.reason, 'missing_header', String(missing));
    }
    const good = sign(SECRET, T, BODY);
    for (const garbled of ['garbage', `v1=${good}`, `t=${T}`, `t=abc,v1=${good}`, `t=${T},v1=xyz`, `t=${T},v1=${good.slice(0, 63)}`, `t=-5,v1=${good}`, ',,,=']) {
      const result = await verifyWebhookSignature(BODY, garbled, SECRET, { now: NOW_MS });
      assert.equal(!result.ok && result.reason, 'malformed_header', garbled);
    }
  });

  it('throws a TypeError for an empty secret (a programming error, not a bad delivery)', async () => {
    await assert.rejects(() => verifyWebhookSignature(BODY, header(T, 'a'.repeat(64)), ''), TypeError);
  });
});
