/**
 * The address of the client behind a request, for rate limits and per-visitor caps. The socket's
 * peer is the client unless it is a proxy the operator trusts (`TRUSTED_PROXIES`); only then is
 * `X-Forwarded-For` read, from the right, skipping trusted hops: the first address a trusted proxy
 * did not add itself. A client that writes its own `X-Forwarded-For` to a server it reaches directly
 * changes nothing.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP, type Server } from 'node:net';
import type { Context } from 'hono';
import { addressBucket as packageAddressBucket } from '../../src/server-client/client-address.js';

/** Parsed `TRUSTED_PROXIES`: addresses and CIDR ranges, IPv4 and IPv6. */
export interface TrustedProxies {
  /** True when `address` is one of the trusted proxies. */
  has(address: string): boolean;
  /** The entries as given, for logs. */
  readonly entries: readonly string[];
}

const NO_PROXIES: TrustedProxies = { has: () => false, entries: [] };

/** This machine, as a proxy: the public demo's default (Caddy beside it, and the demo server's own hop to the API). */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1'];

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`, what a dual-stack socket reports) as plain IPv4. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/**
 * Parses a list of trusted proxies: `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`, comma or space
 * separated. Throws a `TypeError` naming the bad entry, so a typo stops the start instead of
 * trusting nothing (or everything).
 */
export function parseTrustedProxies(value: string | readonly string[] | undefined): TrustedProxies {
  const entries = (typeof value === 'string' ? value.split(/[\s,]+/) : [...(value ?? [])])
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return NO_PROXIES;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(normalizeAddress(address));
    if (family === 0 || extra !== undefined)
      throw new TypeError(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(normalizeAddress(address), type);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128)))
      throw new TypeError(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    list.addSubnet(normalizeAddress(address), bits, type);
  }
  return {
    entries,
    has(candidate) {
      const address = normalizeAddress(candidate);
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The bucket of requests whose client is unknown: not an address's form, so no client can land in it by its address. */
export const NO_ADDRESS_BUCKET = 'no-address';

/**
 * The bucket an address's limits count in: the package's own grouping (`onramp-checkout/server`'s,
 * so a client counts alike in the order handler and here: IPv4 alone, IPv6 by its /64, mapped
 * IPv4 as IPv4), and one shared bucket for a request whose address is unknown.
 */
export function addressBucket(address: string | undefined): string {
  return (address === undefined ? null : packageAddressBucket(address)) ?? NO_ADDRESS_BUCKET;
}

/**
 * The client's address: the socket peer, or, when the peer is a trusted proxy, the right-most
 * `X-Forwarded-For` entry that is not itself a trusted proxy. An unparsable entry ends the walk at
 * the last good address (a proxy never writes one). Unknown peer (a socket reset before its address
 * was read; `watchRemoteAddresses` reads it as the connection arrives): `undefined`, which the
 * limits count in `NO_ADDRESS_BUCKET`.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string | undefined {
  if (!remoteAddress) return undefined;
  let client = normalizeAddress(remoteAddress);
  if (!trusted.has(client) || !forwardedFor) return client;
  const hops = forwardedFor.split(',').map(normalizeAddress);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}

/** The client address of a Hono request served by `@hono/node-server` (its `env.incoming` is the request). */
export function requestClientAddress(c: Pick<Context, 'env' | 'req'>, trusted: TrustedProxies): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return clientAddress(incoming?.socket.remoteAddress, c.req.header('X-Forwarded-For'), trusted);
}

/**
 * Reads each connection's peer address as it arrives: Node reads it lazily from the live socket,
 * so a client that resets right after sending would otherwise reach the handlers with none.
 */
export function watchRemoteAddresses(server: Pick<Server, 'prependListener'>): void {
  server.prependListener('connection', (socket) => {
    // Reading the getter caches the address on the socket (Node's `_peername`).
    socket.remoteAddress?.toString();
  });
}
