/**
 * `verifyWebhookSignature` in Chromium, Firefox and WebKit (Web Crypto only): the cases of
 * `verify-signature.cases.ts`, signed here with Web Crypto's own HMAC. Node runs the same cases in
 * `verify-signature.node.test.ts`.
 */
import { SIGNATURE_CASES, type Sign } from './verify-signature.cases.js';

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const sign: Sign = async (secret, t, body) => {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${body}`)));
};

describe('verifyWebhookSignature (browser)', () => {
  for (const c of SIGNATURE_CASES) it(c.name, () => c.run(sign));
});
