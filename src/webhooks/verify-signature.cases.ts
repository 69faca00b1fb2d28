/**
 * Every case of `verifyWebhookSignature`, written once and run twice: in the three browsers
 * (`verify-signature.test.ts`, Web Crypto as a merchant's page or worker has it) and in Node
 * (`verify-signature.node.test.ts`, as a merchant's server has it). Each runner passes its own
 * HMAC-SHA256 (`sign`); the fixed vectors below were computed with node:crypto, so both runs also
 * check the digest against a third party's.
 */
import { computeWebhookSignature, verifyWebhookSignature } from './verify-signature.js';

/** hex(HMAC-SHA256(secret, `${t}.${body}`)), computed by the runner independently of the helper. */
export type Sign = (secret: string, t: number, body: string) => Promise<string>;

export interface SignatureCase {
  name: string;
  run(sign: Sign): Promise<void>;
}

const SECRET = 'whsec_5dJ8kQ2vR7nT1xW4yZ6aB3cE9fG0hL2m';
const BODY =
  '{"id":"evt_1","type":"onramp.session.completed","created":"2025-05-01T10:00:00.000Z","data":{"object":{"status":"completed","note":"naïve €"}}}';
const NOW_MS = Date.parse('2025-05-01T10:00:00Z');
const T = Math.floor(NOW_MS / 1000);

/** A known answer: hex(HMAC-SHA256(SECRET, `${VECTOR_T}.${VECTOR_BODY}`)) from node:crypto, and the same with `whsec_other`. */
const VECTOR_BODY = '{"id":"evt_1","type":"onramp.session.completed","note":"naïve €"}';
const VECTOR_T = 1746093600;
const VECTOR_GOOD = '3d8750b8a4eebb52d9be9a004ac31f18c1ce78bbcfe795b6ed7d2dcfb90352e5';
const VECTOR_OTHER = '55865d7f5cda84b38810c4815466c930b5cea4750a7606e512809a948d63d147';

const header = (t: number, ...signatures: string[]): string =>
  [`t=${t}`, ...signatures.map((s) => `v1=${s}`)].join(',');

/** Runner-neutral checks: each throws with what differed. */
function equal(actual: unknown, expected: unknown, what = 'value'): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

async function reason(
  body: string | Uint8Array | ArrayBuffer,
  h: string | null | undefined,
  secret = SECRET,
  options: { now?: number; tolerance?: number } = { now: NOW_MS },
): Promise<string> {
  const result = await verifyWebhookSignature(body, h, secret, options);
  return result.ok ? 'ok' : result.reason;
}

export const SIGNATURE_CASES: SignatureCase[] = [
  {
    name: 'accepts a valid signature (string, Uint8Array and ArrayBuffer bodies) and returns its timestamp',
    async run(sign) {
      const h = header(T, await sign(SECRET, T, BODY));
      equal(await verifyWebhookSignature(BODY, h, SECRET, { now: NOW_MS }), { ok: true, timestamp: T });
      const bytes = new TextEncoder().encode(BODY);
      equal(await reason(bytes, h), 'ok', 'Uint8Array');
      equal(await reason(bytes.buffer, h), 'ok', 'ArrayBuffer');
      // Spaces after commas and upper-case hex are tolerated.
      equal(
        await reason(BODY, `t=${T}, v1=${(await sign(SECRET, T, BODY)).toUpperCase()}`),
        'ok',
        'spaced, upper case',
      );
    },
  },
  {
    name: 'computes the same digest as an independent HMAC-SHA256, and as node:crypto for a fixed vector',
    async run(sign) {
      equal(await computeWebhookSignature(SECRET, T, BODY), await sign(SECRET, T, BODY));
      equal(await computeWebhookSignature(SECRET, VECTOR_T, VECTOR_BODY), VECTOR_GOOD, 'known answer');
      equal(
        await reason(VECTOR_BODY, header(VECTOR_T, VECTOR_GOOD), SECRET, { now: VECTOR_T * 1000 }),
        'ok',
        'known answer verifies',
      );
    },
  },
  {
    name: 'accepts several v1 signatures when one is valid, and ignores unknown schemes',
    async run(sign) {
      const h = `${header(T, await sign('whsec_old', T, BODY), await sign(SECRET, T, BODY), 'f'.repeat(64))},v0=abc`;
      equal(await verifyWebhookSignature(BODY, h, SECRET, { now: NOW_MS }), { ok: true, timestamp: T });
      equal(
        await reason(VECTOR_BODY, header(VECTOR_T, VECTOR_OTHER, VECTOR_GOOD), SECRET, { now: VECTOR_T * 1000 }),
        'ok',
        'known answer among two',
      );
    },
  },
  {
    name: 'rejects a tampered body, also re-serialised JSON of the same data',
    async run(sign) {
      const h = header(T, await sign(SECRET, T, BODY));
      equal(await reason(BODY.replace('completed', 'failed'), h), 'signature_mismatch');
      equal(await reason(`${BODY} `, h), 'signature_mismatch', 'a trailing space');
      // Verify the raw body: the same data with other bytes does not verify.
      equal(await reason(JSON.stringify(JSON.parse(BODY), null, 1), h), 'signature_mismatch', 're-serialised');
    },
  },
  {
    name: 'rejects the wrong secret, and a signature of another timestamp',
    async run(sign) {
      equal(await reason(BODY, header(T, await sign('whsec_other', T, BODY))), 'signature_mismatch');
      equal(await reason(BODY, header(T + 1, await sign(SECRET, T, BODY))), 'signature_mismatch', 'shifted');
      equal(
        await reason(VECTOR_BODY, header(VECTOR_T, VECTOR_OTHER), SECRET, { now: VECTOR_T * 1000 }),
        'signature_mismatch',
        'known other',
      );
    },
  },
  {
    name: 'rejects a stale timestamp and a future one beyond the tolerance (300 s by default), accepts at the edge',
    async run(sign) {
      for (const [offset, expected] of [
        [-301, 'timestamp_out_of_tolerance'],
        [301, 'timestamp_out_of_tolerance'],
        [-300, 'ok'],
        [300, 'ok'],
      ] as const) {
        const t = T + offset;
        equal(await reason(BODY, header(t, await sign(SECRET, t, BODY))), expected, `offset ${offset}`);
      }
      const t = T - 100;
      equal(
        await reason(BODY, header(t, await sign(SECRET, t, BODY)), SECRET, { now: NOW_MS, tolerance: 60 }),
        'timestamp_out_of_tolerance',
        'tolerance 60',
      );
      // Default clock: a signature made now verifies with no `now` option.
      const real = Math.floor(Date.now() / 1000);
      equal(await reason(BODY, header(real, await sign(SECRET, real, BODY)), SECRET, {}), 'ok', 'default clock');
    },
  },
  {
    name: 'rejects a missing header and garbled ones',
    async run(sign) {
      for (const missing of [null, undefined, '', '   '])
        equal(await reason(BODY, missing), 'missing_header', String(missing));
      const good = await sign(SECRET, T, BODY);
      for (const garbled of [
        'garbage',
        `v1=${good}`,
        `t=${T}`,
        `t=abc,v1=${good}`,
        `t=${T},v1=xyz`,
        `t=${T},v1=${good.slice(0, 63)}`,
        `t=-5,v1=${good}`,
        ',,,=',
      ]) {
        equal(await reason(BODY, garbled), 'malformed_header', garbled);
      }
    },
  },
  {
    name: 'throws a TypeError for an empty secret (a programming error, not a bad delivery)',
    async run() {
      const thrown = await verifyWebhookSignature(BODY, header(T, 'a'.repeat(64)), '').then(
        () => null,
        (error: unknown) => error,
      );
      if (!(thrown instanceof TypeError)) throw new Error(`expected a TypeError, got ${String(thrown)}`);
    },
  },
];
