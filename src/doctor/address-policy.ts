/**
 * Which addresses the doctor may connect to for a page. A page's tags and redirects name any host;
 * the doctor runs on a developer's machine or a CI runner, beside services that only listen on
 * loopback or a private network (a cloud's metadata service at 169.254.169.254). So a loopback,
 * private or link-local address is reached only when the page itself is on one of the same kind;
 * public addresses are reached from any page. Classified on the address connected to (after the name
 * is resolved), IPv4-mapped and IPv4-embedding IPv6 forms read as the IPv4 address they carry.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The kind of network an address is on. `reserved` (multicast, broadcast, 240/4): never connected to. */
export type AddressSpace = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

/** IPv4 blocks that are not public, as [first octets, prefix length, space]. */
const IPV4_BLOCKS: readonly (readonly [readonly number[], number, AddressSpace])[] = [
  // "This host": a connection to 0.0.0.0 reaches the machine itself.
  [[0], 8, 'loopback'],
  [[127], 8, 'loopback'],
  [[10], 8, 'private'],
  [[172, 16], 12, 'private'],
  [[192, 168], 16, 'private'],
  // Carrier-grade NAT, IETF protocol assignments, benchmarking: not the internet either.
  [[100, 64], 10, 'private'],
  [[192, 0, 0], 24, 'private'],
  [[198, 18], 15, 'private'],
  [[169, 254], 16, 'link-local'],
  [[224], 4, 'reserved'],
  [[240], 4, 'reserved'],
];

function inBlock(bytes: readonly number[], prefix: readonly number[], length: number): boolean {
  for (let bit = 0; bit < length; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Space(bytes: readonly number[]): AddressSpace {
  for (const [prefix, length, space] of IPV4_BLOCKS) if (inBlock(bytes, prefix, length)) return space;
  return 'public';
}

/** The 16 bytes of an IPv6 address (zone id dropped, an IPv4 tail read), or `null`. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  const [head, tail] = text.split('::') as [string, string?];
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const words = [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/** The space of an IPv6 address given as its 16 bytes. */
function ipv6Space(bytes: readonly number[]): AddressSpace {
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  const v4 = (from: number) => ipv4Space(bytes.slice(from, from + 4));
  if (zeros(15) && (bytes[15] ?? 0) <= 1) return 'loopback'; // `::` and `::1`
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(12)) return v4(12); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (inBlock(bytes, [0x00, 0x64, 0xff, 0x9b], 96)) return v4(12); // NAT64 64:ff9b::/96
  if (inBlock(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48)) return 'private'; // local NAT64
  if (inBlock(bytes, [0x20, 0x02], 16)) return v4(2); // 6to4 2002:a.b.c.d::/48
  if (inBlock(bytes, [0xfc], 7)) return 'private'; // unique local fc00::/7
  if (inBlock(bytes, [0xfe, 0xc0], 10)) return 'private'; // site-local fec0::/10 (deprecated)
  if (inBlock(bytes, [0xfe, 0x80], 10)) return 'link-local';
  if (inBlock(bytes, [0xff], 8)) return 'reserved'; // multicast
  if (inBlock(bytes, [0x01, 0x00], 64)) return 'reserved'; // discard-only 100::/64
  return 'public';
}

/** The space of an IP address (v4, or v6 with or without brackets); `null` when it is not one. */
export function addressSpace(address: string): AddressSpace | null {
  if (isIPv4(address)) return ipv4Space(address.split('.').map(Number));
  const bytes = ipv6Bytes(address);
  return bytes ? ipv6Space(bytes) : null;
}

/** Whether a page on `page` may make the doctor connect to an address in `target`. */
export function mayConnect(page: AddressSpace, target: AddressSpace): boolean {
  if (target === 'reserved') return false;
  return target === 'public' || target === page;
}

/** An address's space in words, for the report. */
export function spaceInWords(space: AddressSpace): string {
  return space === 'public' ? 'a public address' : `a ${space} address`;
}
