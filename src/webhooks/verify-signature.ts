/**
 * Verifies the `Onramp-Signature` header of a webhook delivery, for merchants' servers:
 * `import { verifyWebhookSignature } from 'onramp-checkout/webhooks'`.
 *
 * The header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where each `v1` is
 * `HMAC-SHA256(key = the whole signing secret "whsec_…" as UTF-8, message = t + "." + raw body)`
 * in lower-case hex. Several `v1` entries may be present (e.g. while a secret is rolled); one match
 * is enough. Unknown schemes (`v0=…`) are ignored.
 *
 * It never throws for a bad delivery: it resolves to a result, `{ok: true, timestamp}` or
 * `{ok: false, reason, message}`, so a receiver answers 400 on `!ok`. It throws a `TypeError` only
 * for a programming error (an empty secret). Verify the RAW body, byte for byte as received, before
 * parsing it: re-serialised JSON does not verify.
 *
 * Uses only Web Crypto (`crypto.subtle`), so it runs in Node 20+, Deno, Bun, edge runtimes and
 * browsers, and compares digests in constant time.
 */

/** Default tolerance between the signature's `t` and the receiver's clock, in seconds. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface OnrampWebhookVerifyOptions {
  /** Largest allowed distance between `t` and now, in seconds, either way. Default 300. */
  tolerance?: number;
  /** The receiver's clock, milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
}

export type OnrampWebhookFailure =
  /** No header, or an empty one. */
  | 'missing_header'
  /** No usable `t=` or no `v1=` entry. */
  | 'malformed_header'
  /** No `v1` matches the body and secret (tampered body, wrong secret, forged request). */
  | 'signature_mismatch'
  /** The signature is right but `t` is further than `tolerance` from now (a replay, or a bad clock). */
  | 'timestamp_out_of_tolerance';

export type OnrampWebhookResult =
  | { ok: true; /** The signed `t`, unix seconds. */ timestamp: number }
  | { ok: false; reason: OnrampWebhookFailure; message: string };

// The names before every public type took the `Onramp` prefix: kept for one minor release.
/** @deprecated use `OnrampWebhookVerifyOptions` */
export type VerifyWebhookSignatureOptions = OnrampWebhookVerifyOptions;
/** @deprecated use `OnrampWebhookFailure` */
export type WebhookSignatureFailure = OnrampWebhookFailure;
/** @deprecated use `OnrampWebhookResult` */
export type WebhookSignatureResult = OnrampWebhookResult;

const encoder = new TextEncoder();

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function toHex(buffer: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Constant-time comparison of two strings of the same length (hex digests). */
function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && timestamp === null && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** `hex(HMAC-SHA256(secret, t + "." + body))` with Web Crypto. */
export async function computeWebhookSignature(
  secret: string,
  timestamp: number,
  rawBody: string | Uint8Array | ArrayBuffer,
): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const prefix = encoder.encode(`${timestamp}.`);
  const body = bytesOf(rawBody);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  return toHex(await crypto.subtle.sign('HMAC', key, message));
}

/**
 * Checks a delivery's `Onramp-Signature` header against its raw body and the endpoint's signing
 * secret. Resolves to `{ok: true, timestamp}` or `{ok: false, reason, message}`; never rejects for
 * bad input.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array | ArrayBuffer,
  header: string | null | undefined,
  secret: string,
  options: OnrampWebhookVerifyOptions = {},
): Promise<OnrampWebhookResult> {
  if (typeof secret !== 'string' || secret === '')
    throw new TypeError('verifyWebhookSignature: the signing secret is empty');
  if (header === null || header === undefined || header.trim() === '') {
    return { ok: false, reason: 'missing_header', message: 'No Onramp-Signature header' };
  }
  const parsed = parseHeader(header);
  if (!parsed) {
    return {
      ok: false,
      reason: 'malformed_header',
      message: 'The Onramp-Signature header needs t=<unix seconds> and at least one v1=<64 hex digits>',
    };
  }
  const expected = await computeWebhookSignature(secret, parsed.timestamp, rawBody);
  let matched = false;
  // Every candidate is compared (no early exit), each in constant time.
  for (const candidate of parsed.signatures) matched = timingSafeEqualText(candidate, expected) || matched;
  if (!matched) {
    return { ok: false, reason: 'signature_mismatch', message: 'No signature matches the body and the signing secret' };
  }
  const tolerance = options.tolerance ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) {
    return {
      ok: false,
      reason: 'timestamp_out_of_tolerance',
      message: `The signature's timestamp is ${nowSeconds - parsed.timestamp} s from now; at most ${tolerance} s is accepted`,
    };
  }
  return { ok: true, timestamp: parsed.timestamp };
}
