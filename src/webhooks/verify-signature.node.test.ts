/**
 * `verifyWebhookSignature` in Node, as a merchant's server calls it: the cases of
 * `verify-signature.cases.ts`, signed here with node:crypto. The browsers run the same cases in
 * `verify-signature.test.ts`.
 */
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { SIGNATURE_CASES, type Sign } from './verify-signature.cases.js';

const sign: Sign = async (secret, t, body) => createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

describe('verifyWebhookSignature (Node)', () => {
  for (const c of SIGNATURE_CASES) it(c.name, () => c.run(sign));
});
