/**
 * Where a webhook may be sent (docs/design.md "Webhooks"): a live endpoint is https on a public address;
 * a test endpoint may also be http or https on loopback; nothing else private. Checked on the URL
 * when an endpoint is created, and again at each delivery on the address its host resolves to now
 * (DNS can change), which is then the address connected to: no second resolution can swap it.
 */
import { lookup } from 'node:dns/promises';
import type { KeyEnvironment } from '../../../src/contract/product.js';
import { type AddressKind, addressKind } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; injectable so tests control DNS. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (every address, in the order the system gives them). */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Names that never lead to a public host: this machine, or a local network's own names. */
const LOCAL_SUFFIXES = ['.local', '.internal', '.lan', '.home.arpa', '.localdomain'];
const isLoopbackName = (name: string): boolean => name === 'localhost' || name.endsWith('.localhost');
const isLocalName = (name: string): boolean =>
  !name.includes('.') || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));

const allowed = (kind: AddressKind | null, environment: KeyEnvironment): boolean =>
  kind === 'public' || (kind === 'loopback' && environment === 'test');

/** What is wrong with `url` as a webhook target in this environment, or `null` when it may be created. */
export function webhookUrlProblem(url: string, environment: KeyEnvironment): string | null {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return 'url must be an http(s) URL';
  if (parsed.username !== '' || parsed.password !== '') return 'url must not hold credentials';
  // The WHATWG parser has already turned 0x7f000001, 2130706433, 0177.0.0.1 and 127.1 into 127.0.0.1.
  const name = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const kind = addressKind(name) ?? (isLoopbackName(name) ? 'loopback' : isLocalName(name) ? 'private' : 'public');
  if (!allowed(kind, environment)) {
    return environment === 'live'
      ? 'url must be https on a public address in live mode (no loopback, private, link-local or reserved addresses)'
      : 'url must be on a public address or loopback (no private, link-local or reserved addresses)';
  }
  if (parsed.protocol === 'http:' && kind !== 'loopback') {
    return environment === 'live'
      ? 'url must be https in live mode'
      : 'url must be https; test mode allows http on loopback only';
  }
  return null;
}

export type DeliveryTarget = { ok: true; url: URL; address: ResolvedAddress } | { ok: false };

/**
 * The address one delivery may connect to, checked now: the URL's rules, then every address the
 * host resolves to (one refused address refuses the delivery, so a name cannot mix a public answer
 * with a private one). Opens no socket.
 */
export async function vetDeliveryTarget(
  url: string,
  environment: KeyEnvironment,
  resolve: HostResolver,
): Promise<DeliveryTarget> {
  if (webhookUrlProblem(url, environment) !== null) return { ok: false };
  const parsed = new URL(url);
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const literal = addressKind(host);
  let addresses: readonly ResolvedAddress[];
  if (literal !== null) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false };
    }
  }
  const [first] = addresses;
  if (!first || !addresses.every(({ address }) => allowed(addressKind(address), environment))) return { ok: false };
  return { ok: true, url: parsed, address: first };
}
