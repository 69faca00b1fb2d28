/**
 * What kind of network an IP address belongs to, so webhooks reach only public addresses (and, in
 * test mode, loopback). Pure: text in, verdict out; no resolution, no sockets. IPv4-mapped and
 * NAT64 IPv6 addresses are judged by the IPv4 address they carry.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** `public`: routable on the internet. `loopback`: this machine. `private`: anything else (private, link-local, reserved, multicast, unspecified). */
export type AddressKind = 'public' | 'loopback' | 'private';

type Range = readonly [prefix: readonly number[], bits: number];

/** IANA special-purpose IPv4 blocks (RFC 6890 and successors), besides loopback. */
const IPV4_NOT_PUBLIC: readonly Range[] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // carrier-grade NAT
  [[169, 254], 16], // link-local, cloud metadata services
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

/** Inside global unicast (2000::/3), the blocks that are not public. */
const IPV6_NOT_PUBLIC: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4: carries an IPv4 address that may be private
  [[0x3f, 0xff], 20], // documentation
];

const inRange = (bytes: readonly number[], [prefix, bits]: Range): boolean =>
  prefix.every((byte, i) => {
    const take = Math.min(8, bits - i * 8);
    if (take <= 0) return true;
    const mask = (0xff << (8 - take)) & 0xff;
    return ((bytes[i] ?? 0) & mask) === (byte & mask);
  });

function ipv4Kind(bytes: readonly number[]): AddressKind {
  if (bytes[0] === 127) return 'loopback';
  return IPV4_NOT_PUBLIC.some((range) => inRange(bytes, range)) ? 'private' : 'public';
}

/** 16 bytes of a valid IPv6 text (as `isIPv6` accepts it, zone id excluded). */
function ipv6Bytes(text: string): number[] {
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // A dotted IPv4 tail (::ffff:127.0.0.1) stands for the last two groups.
    tail = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const words = [...l, ...new Array<number>(8 - l.length - r.length).fill(0), ...r];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function ipv6Kind(bytes: readonly number[]): AddressKind {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 32]) && zeros(4, 12);
  if (mapped || nat64) return ipv4Kind(bytes.slice(12));
  // Public IPv6 is global unicast only; fc00::/7, fe80::/10, ff00::/8, :: and the rest are not.
  if (!inRange(bytes, [[0x20], 3])) return 'private';
  return IPV6_NOT_PUBLIC.some((range) => inRange(bytes, range)) ? 'private' : 'public';
}

/** The kind of an IP address in text (IPv4 dotted quad, or IPv6 with or without brackets); `null` if it is not one. */
export function addressKind(address: string): AddressKind | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return ipv4Kind(bare.split('.').map(Number));
  if (isIPv6(bare) && !bare.includes('%')) return ipv6Kind(ipv6Bytes(bare));
  return null;
}
