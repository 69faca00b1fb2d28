/** Wallet addresses: `0x` + 40 hex digits; a mixed-case address must pass its EIP-55 checksum. */
import { keccak_256 } from '@noble/hashes/sha3.js';

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 checksummed form of a well-formed address. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = hex[i] ?? '';
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export type WalletCheck = 'ok' | 'malformed' | 'bad_checksum';

export function checkWalletAddress(address: string): WalletCheck {
  if (!ADDRESS_PATTERN.test(address)) return 'malformed';
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return 'ok';
  return toChecksumAddress(address) === address ? 'ok' : 'bad_checksum';
}
