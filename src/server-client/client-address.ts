/**
 * Client addresses as rate limits count them, for the order handler and the demo's servers alike
 * (one grouping, so a client counts the same everywhere): an IPv4 address alone, an IPv6 address by
 * its /64 (one subscriber's network: a single host may use any of its 2^64 addresses), an
 * IPv4-mapped or IPv4-compatible IPv6 address as the IPv4 address it carries. Pure parsing: the
 * server entry imports no `node:` module.
 */

/** `a.b.c.d` with each part 0 to 255 written without leading zeros (no octal or hex forms), else null. */
function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 part as two groups), else null. */
function ipv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string, last: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (last && index === parts.length - 1 && part.includes('.')) {
        const v4 = ipv4(part);
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) out.push(Number.parseInt(part, 16));
      else return null;
    }
    return out;
  };
  const front = groupsOf(halves[0] ?? '', halves.length === 1);
  const back = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (!front || !back) return null;
  if (halves.length === 1) return front.length === 8 ? front : null;
  const missing = 8 - front.length - back.length;
  return missing >= 1 ? [...front, ...Array<number>(missing).fill(0), ...back] : null;
}

/** `[2001:db8::1]:443`, `203.0.113.7:51234`, `fe80::1%eth0` → the address alone. */
function bare(address: string): string {
  const text = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const host = bracketed?.[1] ?? (/^[\d.]+:\d+$/.test(text) ? text.slice(0, text.lastIndexOf(':')) : text);
  return host.replace(/%.*$/, '');
}

/**
 * The bucket `address` counts in (`203.0.113.7`, `2001:db8:1:2::/64`), or `null` when it is not an
 * IP address (an empty socket address, a header holding anything else): such a request names no
 * client, and the caller puts it in its shared bucket rather than one of its own.
 */
export function addressBucket(address: string): string | null {
  const host = bare(address);
  const v4 = ipv4(host);
  if (v4) return v4.join('.');
  const groups = host.includes(':') ? ipv6(host) : null;
  if (!groups) return null;
  // ::ffff:a.b.c.d (what a dual-stack socket reports for IPv4) and the old ::a.b.c.d are IPv4 clients.
  const head = groups.slice(0, 5).every((group) => group === 0);
  const mapped = head && (groups[5] === 0xffff || (groups[5] === 0 && (groups[6] ?? 0) > 0));
  if (mapped) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
