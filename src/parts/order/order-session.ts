/**
 * Amount first: "Continue". The order goes to the merchant's server, which creates the session with
 * its secret key: POSTed as JSON to `session-url` (credentials `same-origin`, so the shop's own
 * cookies go along; an `Idempotency-Key` the same for every try of this order, so a retry after a
 * lost answer creates one session, not two), or handed to the `createSession` property. What comes
 * back is read tolerantly (`readCreatedSession`); every failure is a `SESSION_CREATE_FAILED` with
 * what the merchant needs to find it (the URL, the status, the server's words), but a 429 (the
 * merchant's handler at its ceiling, or this visitor's bucket spent): `SESSION_CREATE_BUSY`.
 */
import type { OnrampOrder } from '../../contract/order.js';
import { readErrorBody } from '../../contract/read/envelope.js';
import { readCreatedSession, type CreatedSessionRead } from '../../contract/read/created-session.js';
import type { ProblemValues } from '../../diagnostics/problems.js';

/** How long the merchant's server may take to create a session, ms. */
export const CREATE_TIMEOUT_MS = 20_000;

export type CreateOutcome =
  | { ok: true; created: CreatedSessionRead }
  | {
      ok: false;
      /** Nothing answered (the network, a timeout): the buyer is told to check their connection. */
      unreachable: boolean;
      /** The server answered 429: checkout is busy, the buyer tries again shortly. */
      busy?: boolean;
      requestId?: string | undefined;
      /** The merchant's own words, when its answer had some. */
      detail?: string | undefined;
      values: ProblemValues;
    };

export interface SessionSource {
  sessionUrl: string;
  createSession: ((order: OnrampOrder) => unknown) | undefined;
}

/** A fresh idempotency key: 128 random bits, hex (no secure context needed, unlike `randomUUID`). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const message = (cause: unknown): string | undefined =>
  cause instanceof Error ? cause.message.slice(0, 200) : typeof cause === 'string' ? cause.slice(0, 200) : undefined;

/** Creates the session for `order` through the merchant: its function, else its URL. */
export async function createSessionFor(
  source: SessionSource,
  order: OnrampOrder,
  idempotencyKey: string,
): Promise<CreateOutcome> {
  const { createSession, sessionUrl } = source;
  if (createSession) {
    let answer: unknown;
    try {
      answer = await createSession(order);
    } catch (cause) {
      const detail = message(cause);
      return { ok: false, unreachable: false, detail, values: { url: 'createSession()', detail } };
    }
    const created = readCreatedSession(answer);
    return created
      ? { ok: true, created }
      : { ok: false, unreachable: false, values: { url: 'createSession()', detail: 'no client_secret' } };
  }
  const url = sessionUrl;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(order),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, unreachable: true, values: { url } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const status = String(response.status);
  if (response.ok) {
    const created = readCreatedSession(body);
    if (created) return { ok: true, created };
  }
  const error = readErrorBody(body);
  const detail = response.ok ? 'no client_secret' : error.message;
  const retryAfter = response.status === 429 ? response.headers.get('Retry-After') : null;
  return {
    ok: false,
    unreachable: false,
    busy: response.status === 429,
    requestId: error.requestId ?? response.headers.get('Request-Id') ?? undefined,
    detail: response.ok ? undefined : detail,
    values: { url, status, detail, ...(retryAfter ? { retryAfter: retryAfter.slice(0, 20) } : {}) },
  };
}
