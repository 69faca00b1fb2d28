/**
 * One webhook POST to an address already vetted (`webhook-targets.ts`): the socket connects to that
 * address and no other (the request's own lookup answers with it, so nothing resolves the name a
 * second time), while the Host header and TLS name stay the URL's. No redirects are followed, no
 * connection is pooled, and the answer's body is not read: only its status counts.
 */
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhook-targets.js';

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    const answer: LookupAddress = { address: pinned.address, family: pinned.family };
    if (options.all) (callback as (err: null, addresses: LookupAddress[]) => void)(null, [answer]);
    else callback(null, answer.address, answer.family);
  };
}

/** Resolves with the answer's status code; rejects on any network error or abort. */
export function postPinned(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(address),
        agent: false,
        signal,
      },
      (response: IncomingMessage) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
