/**
 * The doctor's requests, made with `node:http`/`node:https` so that each connection goes to the
 * address `address-gate.ts` checked: one connection per request (no pool), each admitted by the run's
 * `FetchBudget`, with a deadline and a bound on the body it reads. Redirects are followed by hand and
 * within the first URL's origin only (at most `MAX_REDIRECTS` hops, each checked anew); one to another
 * origin is handed back, not followed. Failures are told in a few words ("connection refused", "no
 * answer within 10 s").
 */
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type AddressGate, AddressRefused, type ChosenAddress, pinnedLookup } from './address-gate.js';
import { BudgetSpent, type FetchBudget } from './fetch-budget.js';

/** What every request of one run shares: its budget and its address gate. */
export interface FetchContext {
  budget: FetchBudget;
  gate: AddressGate;
}

/** Redirect hops followed at most, within the origin. */
export const MAX_REDIRECTS = 5;

/** A request, and how much time and body it may take. */
export interface BoundedRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Each hop's deadline, body included (capped by the budget's `requestMs`). */
  timeoutMs: number;
  /** Bytes of body read at most; the rest is left unread. */
  maxBytes: number;
  /** `same-origin` (default): hops within the origin are followed; `none`: a redirect is the answer. */
  redirects?: 'same-origin' | 'none';
}

/** An answer, with at most `maxBytes` of its body. */
export interface BoundedResponse {
  /** The final URL, after the hops followed. */
  url: string;
  /** True when `url` is not the one asked for. */
  redirected: boolean;
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** True when the body was longer than `maxBytes`. */
  truncated: boolean;
  /** Where a redirect to another origin points: it was not followed (`status` is the redirect's). */
  crossOriginRedirect?: string;
}

/** A request that got no answer, with the reason in words. */
export class RequestFailed extends Error {
  override readonly name = 'RequestFailed';
}

/** A request the doctor would not make (the address rule, or not http/https), with the reason. */
export class RequestRefused extends Error {
  override readonly name = 'RequestRefused';
}

const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted TLS certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another host name',
};

/** A request failure in words. */
export function failureReason(error: unknown): string {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const known = REASONS[code];
  if (known) return `${known} (${code})`;
  if (cause instanceof Error) return code ? `${cause.message} (${code})` : cause.message;
  return String(cause);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `URL.hostname` without the brackets of an IPv6 literal. */
const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] ?? '', raw[index + 1] ?? '');
    } catch {
      // A header `Headers` refuses is one no browser would read either.
    }
  }
  return headers;
}

/** The body as sent, decoded (the doctor accepts gzip and brotli, as browsers do). */
function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'br'
        ? createBrotliDecompress()
        : encoding === 'deflate'
          ? createInflate()
          : null;
  if (encoding && encoding !== 'identity' && !decoder)
    throw new RequestFailed(`an answer in an encoding the doctor does not read (${encoding})`);
  return decoder ? pipeline(response, decoder, () => {}) : response;
}

async function readBounded(
  stream: Readable,
  maxBytes: number,
  budget: FetchBudget,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (!budget.take(chunk.byteLength)) throw new BudgetSpent('bytes');
    chunks.push(chunk);
    length += chunk.byteLength;
    // Leaving the loop destroys the stream: the rest is never read.
    if (length > maxBytes) return { body: Buffer.concat(chunks, length).subarray(0, maxBytes), truncated: true };
  }
  return { body: Buffer.concat(chunks, length), truncated: false };
}

function send(
  url: URL,
  request: BoundedRequest,
  chosen: ChosenAddress,
  onSocket: (socket: Socket) => void,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = make(
      {
        host: bareHost(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method ?? 'GET',
        headers: {
          Accept: '*/*',
          'Accept-Encoding': 'gzip, br',
          'User-Agent': 'onramp-checkout-doctor',
          ...request.headers,
        },
        // One connection per request, closed after it: the budget's count of connections is exact.
        agent: false,
        lookup: pinnedLookup(chosen),
      },
      resolve,
    );
    // `on`, not `once`: a request given up on may still fail as its socket closes.
    outgoing.once('socket', onSocket).on('error', reject);
    outgoing.end();
  });
}

/** How long a server may take to close its side once the doctor closed its own. */
const CLOSE_GRACE_MS = 1000;

/**
 * Closes the request's socket and waits until it is closed, so that its slot is free for real:
 * cleanly (the doctor's FIN, then the server's, which it sends once it has read the first), so the
 * server too has seen it go before the next connection comes; at once when the run is over, or
 * when the server keeps its side open past `CLOSE_GRACE_MS`.
 */
async function closed(socket: Socket | undefined, now: boolean): Promise<void> {
  if (!socket || socket.closed) return;
  const done = once(socket, 'close');
  socket.on('error', () => {});
  if (now || socket.destroyed) {
    socket.destroy();
    await done;
    return;
  }
  const force = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  // Whatever is left unread is dropped, so that the server's FIN arrives.
  socket.resume().end();
  await done;
  clearTimeout(force);
}

/** A hop's answer: a redirect to follow (`location`), or the body read. */
type Hop = Omit<BoundedResponse, 'url' | 'redirected' | 'crossOriginRedirect'> & { location?: string };

/** One request, one connection: admitted by the budget, to the address the gate chose. */
async function exchange(url: URL, request: BoundedRequest, { budget, gate }: FetchContext): Promise<Hop> {
  const release = await budget.admit();
  const timeoutMs = budget.timeoutFor(request.timeoutMs);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new RequestFailed(`no answer within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const onDeadline = () => controller.abort(budget.skip('time'));
  if (budget.signal.aborted) onDeadline();
  else budget.signal.addEventListener('abort', onDeadline, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(controller.signal.reason as Error);
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  /** Each step, until the request is given up on (a step given up on is left to fail unheard). */
  const step = <T>(work: Promise<T>): Promise<T> => {
    work.catch(() => {});
    return Promise.race([work, aborted]);
  };
  let socket: Socket | undefined;
  try {
    // The resolver cannot be stopped, only no longer waited for.
    const chosen = await step(gate.choose(url.hostname));
    const response = await step(send(url, request, chosen, (opened) => (socket = opened)));
    const status = response.statusCode ?? 0;
    const headers = headersOf(response);
    const location = response.headers.location;
    if (request.redirects !== 'none' && REDIRECTS.has(status) && location)
      return { status, headers, body: new Uint8Array(), truncated: false, location };
    return { status, headers, ...(await step(readBounded(decoded(response), request.maxBytes, budget))) };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason as Error;
    if (error instanceof AddressRefused) throw new RequestRefused(error.message);
    if (error instanceof BudgetSpent || error instanceof RequestFailed) throw error;
    throw new RequestFailed(failureReason(error));
  } finally {
    clearTimeout(timer);
    budget.signal.removeEventListener('abort', onDeadline);
    await closed(socket, budget.signal.aborted);
    release();
  }
}

/**
 * Sends the request. Throws `RequestFailed` when no answer arrives in time, `RequestRefused` when
 * the doctor would not make it, `BudgetSpent` when the run's budget does not allow it.
 */
export async function boundedFetch(
  url: string,
  request: BoundedRequest,
  context: FetchContext,
): Promise<BoundedResponse> {
  const first = new URL(url);
  let current = first;
  for (let hops = 0; ; hops++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new RequestRefused(`${current.protocol} is not http or https`);
    const { location, ...answer } = await exchange(current, request, context);
    const base = { ...answer, url: current.href, redirected: hops > 0 };
    if (location === undefined) return base;
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return base;
    }
    // Browsers fetch the page's own origin, and whatever its policy lets it: not wherever an answer points.
    if (next.origin !== first.origin) return { ...base, crossOriginRedirect: next.href };
    if (hops >= MAX_REDIRECTS) throw new RequestFailed(`more than ${MAX_REDIRECTS} redirects`);
    current = next;
  }
}
