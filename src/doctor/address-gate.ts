/**
 * Where each of the doctor's connections goes: the host name is resolved here, once per request (so
 * once per redirect hop), the address is checked against `address-policy.ts`, and the connection is
 * made to that very address (`pinnedLookup`), never to a second answer of the resolver. A name that
 * answers a public address to the check and a loopback one to the connection (DNS rebinding) has no
 * second chance to answer.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { addressSpace, type AddressSpace, mayConnect, spaceInWords } from './address-policy.js';

/** One address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (tests inject one; by default the system's resolver). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system's resolver, every address, in its order. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** A connection the address rule does not allow: no socket is opened. */
export class AddressRefused extends Error {
  override readonly name = 'AddressRefused';
}

/** An address the doctor will connect to, and its space. */
export interface ChosenAddress extends ResolvedAddress {
  space: AddressSpace;
}

/** `hostname` as `URL.hostname` writes it, without the brackets of an IPv6 literal. */
const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** One run's gate. The first address it chooses is the page's, whose space then decides the rest. */
export class AddressGate {
  #page: AddressSpace | undefined;

  constructor(private readonly resolve: Resolver = systemResolver) {}

  /** The page's space, once the page's address was chosen. */
  get pageSpace(): AddressSpace | undefined {
    return this.#page;
  }

  /** The address to connect to for `hostname`; throws `AddressRefused` when none is allowed. */
  async choose(hostname: string): Promise<ChosenAddress> {
    const name = bare(hostname);
    const literal = addressSpace(name);
    const addresses: readonly ResolvedAddress[] =
      literal === null ? await this.resolve(name) : [{ address: name, family: name.includes(':') ? 6 : 4 }];
    const spaced = addresses.flatMap((entry) => {
      const space = addressSpace(entry.address);
      return space ? [{ ...entry, space }] : [];
    });
    const page = this.#page;
    const allowed = spaced.find(({ space }) => (page === undefined ? space !== 'reserved' : mayConnect(page, space)));
    if (!allowed) {
      const first = spaced[0];
      if (!first) throw new AddressRefused(`${name} has no address`);
      const why = page === undefined || first.space === 'reserved' ? '' : `, and the page is not on one`;
      const where = literal === null ? `${name} is at ${first.address}, ` : `${name} is `;
      throw new AddressRefused(`${where}${spaceInWords(first.space)}${why}`);
    }
    this.#page ??= allowed.space;
    return allowed;
  }
}

/** A `lookup` for `http.request` that answers the chosen address and nothing else. */
export function pinnedLookup(chosen: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // With `autoSelectFamily` (Node's default), `net` asks for every address: there is one.
    if (options.all) callback(null, [{ address: chosen.address, family: chosen.family }] satisfies LookupAddress[]);
    else callback(null, chosen.address, chosen.family);
  };
}
