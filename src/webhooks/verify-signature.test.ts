/**
 * `verifyWebhookSignature` in a real browser (Web Crypto only), against vectors computed with
 * node:crypto: the Node suite (`test/sandbox/verify-signature.test.ts`) covers every case; this
 * proves the helper runs outside Node.
 */
import { expect } from '@open-wc/testing';
import { verifyWebhookSignature } from './verify-signature.js';

const SECRET = 'whsec_5dJ8kQ2vR7nT1xW4yZ6aB3cE9fG0hL2m';
const BODY = '{"id":"evt_1","type":"onramp.session.completed","note":"naïve €"}';
const T = 1746093600;
const NOW = T * 1000;
/** hex(HMAC-SHA256(SECRET, `${T}.${BODY}`)) and the same with `whsec_other`, from node:crypto. */
const GOOD = '3d8750b8a4eebb52d9be9a004ac31f18c1ce78bbcfe795b6ed7d2dcfb90352e5';
const OTHER = '55865d7f5cda84b38810c4815466c930b5cea4750a7606e512809a948d63d147';

describe('verifyWebhookSignature (browser)', () => {
  it('accepts the valid signature, also among several', async () => {
    expect(await verifyWebhookSignature(BODY, `t=${T},v1=${GOOD}`, SECRET, { now: NOW })).to.deep.equal({ ok: true, timestamp: T });
    expect((await verifyWebhookSignature(BODY, `t=${T},v1=${OTHER},v1=${GOOD}`, SECRET, { now: NOW })).ok).to.equal(true);
    expect((await verifyWebhookSignature(new TextEncoder().encode(BODY), `t=${T},v1=${GOOD}`, SECRET, { now: NOW })).ok).to.equal(true);
  });

  it('rejects a tampered body, the wrong secret, stale and future timestamps, and bad headers', async () => {
    const reason = async (body: string, header: string | null, secret = SECRET, now = NOW) => {
      const result = await verifyWebhookSignature(body, header, secret, { now });
      return result.ok ? 'ok' : result.reason;
    };
    expect(await reason(`${BODY} `, `t=${T},v1=${GOOD}`)).to.equal('signature_mismatch');
    expect(await reason(BODY, `t=${T},v1=${OTHER}`)).to.equal('signature_mismatch');
    expect(await reason(BODY, `t=${T},v1=${GOOD}`, 'whsec_other')).to.equal('signature_mismatch');
    expect(await reason(BODY, `t=${T},v1=${GOOD}`, SECRET, NOW + 301_000)).to.equal('timestamp_out_of_tolerance');
    expect(await reason(BODY, `t=${T},v1=${GOOD}`, SECRET, NOW - 301_000)).to.equal('timestamp_out_of_tolerance');
    expect(await reason(BODY, null)).to.equal('missing_header');
    expect(await reason(BODY, `v1=${GOOD}`)).to.equal('malformed_header');
  });
});
