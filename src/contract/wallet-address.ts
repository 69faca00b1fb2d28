/**
 * Wallet addresses as the API checks them (demo/onramp-api/domain/wallet.ts, docs/design.md): every
 * network of the product list takes an EVM address, `0x` and 40 hex digits; a mixed-case address must
 * pass its EIP-55 checksum. The widget checks before "Continue" so the buyer hears at once, in their
 * language; the API checks again. Keccak-256 is implemented here (small, no dependency), tested
 * against `@noble/hashes` and the EIP-55 examples.
 */
import type { Network } from './product.js';

/** The address format of each network (all EVM today; a new network names its own). */
export const WALLET_FORMATS: Readonly<Record<Network, string>> = {
  ethereum: 'evm',
  polygon: 'evm',
  base: 'evm',
};

export type WalletProblem = 'missing' | 'malformed' | 'checksum';

/* eslint-disable @typescript-eslint/no-non-null-assertion -- Keccak's state, lanes and tables are fixed-size arrays indexed within their bounds (0–24, 0–31, 0–39) */
const MASK = (1n << 64n) - 1n;
const ROTATIONS = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44];
const PI = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];

/** The 24 round constants of Keccak-f[1600], from its LFSR. */
const ROUND_CONSTANTS = (() => {
  const constants: bigint[] = [];
  let r = 1;
  for (let round = 0; round < 24; round++) {
    let c = 0n;
    for (let j = 0; j < 7; j++) {
      if (r & 1) c |= 1n << BigInt((1 << j) - 1);
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    }
    constants.push(c);
  }
  return constants;
})();

const rotl = (x: bigint, n: number): bigint => ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;

function keccakF(a: bigint[]): void {
  for (const rc of ROUND_CONSTANTS) {
    const c = [0, 1, 2, 3, 4].map((x) => a[x]! ^ a[x + 5]! ^ a[x + 10]! ^ a[x + 15]! ^ a[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) a[x + y]! ^= d;
    }
    let current = a[1]!;
    for (let i = 0; i < 24; i++) {
      const j = PI[i]!;
      const next = a[j]!;
      a[j] = rotl(current, ROTATIONS[i]!);
      current = next;
    }
    for (let y = 0; y < 25; y += 5) {
      const row = a.slice(y, y + 5);
      for (let x = 0; x < 5; x++) a[y + x] = row[x]! ^ (~row[(x + 1) % 5]! & MASK & row[(x + 2) % 5]!);
    }
    a[0]! ^= rc;
  }
}

/** Keccak-256 (Ethereum's, padding `0x01`, not SHA3-256's `0x06`) of some bytes. */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.floor(bytes.length / rate) * rate + rate);
  padded.set(bytes);
  padded[bytes.length]! ^= 0x01;
  padded[padded.length - 1]! ^= 0x80;
  const state: bigint[] = Array.from({ length: 25 }, () => 0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let b = 7; b >= 0; b--) lane = (lane << 8n) | BigInt(padded[offset + i * 8 + b]!);
      state[i]! ^= lane;
    }
    keccakF(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt((i & 7) * 8)) & 0xffn);
  return out;
}

/** The EIP-55 checksummed form of a well-formed address (`0x` and 40 hex digits). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const byte = hash[i >> 1]!;
    const char = hex[i]!;
    out += (i % 2 ? byte & 15 : byte >> 4) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}
/* eslint-enable @typescript-eslint/no-non-null-assertion */

/** Why an address cannot receive on `network`, or `null` when it can (the API's rule exactly). */
export function walletProblem(address: string, network: Network): WalletProblem | null {
  if (!address) return 'missing';
  // Every network of the product list is EVM (`WALLET_FORMATS`); a new format adds its rule here.
  if (WALLET_FORMATS[network] !== 'evm' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return 'malformed';
  const hex = address.slice(2);
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || toChecksumAddress(address) === address
    ? null
    : 'checksum';
}
