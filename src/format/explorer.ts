/** Block explorer links for a delivered transaction, per network and key environment. */
import type { KeyEnvironment, Network } from '../contract/catalog.js';

/** Each network's explorer host, and the prefix of its test-network (Sepolia, Amoy) explorer. */
const EXPLORERS: Record<Network, [host: string, testPrefix: string]> = {
  ethereum: ['etherscan.io', 'sepolia.'],
  polygon: ['polygonscan.com', 'amoy.'],
  base: ['basescan.org', 'sepolia.'],
};

export const NETWORK_NAMES: Record<Network, string> = { ethereum: 'Ethereum', polygon: 'Polygon', base: 'Base' };

/** The explorer URL of a transaction hash; `null` unless the hash is a well-formed `0x` + 64 hex. */
export function explorerTxUrl(network: Network, environment: KeyEnvironment, txHash: string): string | null {
  const [host, testPrefix] = EXPLORERS[network];
  return /^0x[0-9a-fA-F]{64}$/.test(txHash) ? `https://${environment === 'test' ? testPrefix : ''}${host}/tx/${txHash}` : null;
}
