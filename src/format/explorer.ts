/** Block explorer links for a delivered transaction, per network and key environment. */
import type { KeyEnvironment, Network } from '../contract/catalog.js';

const EXPLORERS: Record<KeyEnvironment, Record<Network, string>> = {
  live: {
    ethereum: 'https://etherscan.io/tx/',
    polygon: 'https://polygonscan.com/tx/',
    base: 'https://basescan.org/tx/',
  },
  test: {
    ethereum: 'https://sepolia.etherscan.io/tx/',
    polygon: 'https://amoy.polygonscan.com/tx/',
    base: 'https://sepolia.basescan.org/tx/',
  },
};

export const NETWORK_NAMES: Record<Network, string> = { ethereum: 'Ethereum', polygon: 'Polygon', base: 'Base' };

/** The explorer URL of a transaction hash; `null` unless the hash is a well-formed `0x` + 64 hex. */
export function explorerTxUrl(network: Network, environment: KeyEnvironment, txHash: string): string | null {
  return /^0x[0-9a-fA-F]{64}$/.test(txHash) ? `${EXPLORERS[environment][network]}${txHash}` : null;
}
