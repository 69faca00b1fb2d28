/** Block explorer links for a delivered transaction, per network and key environment. */
import type { KeyEnvironment } from '../contract/product.js';
import { ownValue } from './own-value.js';

/** Each known network's explorer host, and the prefix of its test-network (Sepolia, Amoy) explorer. */
const EXPLORERS: Partial<Record<string, [host: string, testPrefix: string]>> = {
  ethereum: ['etherscan.io', 'sepolia.'],
  polygon: ['polygonscan.com', 'amoy.'],
  base: ['basescan.org', 'sepolia.'],
};

const NETWORK_NAMES: Partial<Record<string, string>> = { ethereum: 'Ethereum', polygon: 'Polygon', base: 'Base' };

/** A network's display name; a network the widget does not know is shown as the API names it. */
export const networkName = (network: string): string => ownValue(NETWORK_NAMES, network) ?? network;

/**
 * The explorer URL of a transaction hash; `null` for a network without a known explorer, or unless
 * the hash is a well-formed `0x` + 64 hex (the hash then is shown as text, not linked).
 */
export function explorerTxUrl(network: string, environment: KeyEnvironment, txHash: string): string | null {
  const explorer = ownValue(EXPLORERS, network);
  if (!explorer || !/^0x[0-9a-fA-F]{64}$/.test(txHash)) return null;
  const [host, testPrefix] = explorer;
  return `https://${environment === 'test' ? testPrefix : ''}${host}/tx/${txHash}`;
}
