/** Field rules (error code + readable message) and the checks the schemas cannot express. */
import type { CryptoCurrency, Network } from '../../../src/contract/product.js';
import {
  ASSET_NETWORKS,
  CRYPTO_CURRENCIES,
  FIAT_AMOUNT_MAX,
  FIAT_AMOUNT_MIN,
  FIAT_CURRENCIES,
  NETWORKS,
  defaultNetwork,
  isSupportedPair,
} from '../../../src/contract/product.js';
import { METADATA_LIMITS, RESERVED_METADATA_KEYS } from '../../../src/contract/write/request-fields.js';
import { RETURN_URL_RULE } from '../../../src/contract/write/return-url.js';
import { checkWalletAddress } from '../domain/wallet.js';
import { ErrorAnswer } from '../http/errors.js';
import { type FieldRule, isString, message } from '../http/validation.js';

const amountRange = `between ${FIAT_AMOUNT_MIN} and ${FIAT_AMOUNT_MAX} (10.00 to 10,000.00 of the currency)`;

export const fiatAmountRule: FieldRule = (value) =>
  typeof value === 'number' && Number.isInteger(value)
    ? { code: 'AMOUNT_OUT_OF_RANGE', message: `fiat_amount must be ${amountRange}; got ${value}` }
    : { message: `fiat_amount must be an integer number of cents ${amountRange}` };

export const cryptoCurrencyRule = message(`crypto_currency must be one of ${CRYPTO_CURRENCIES.join(', ')}`);
export const fiatCurrencyRule = message(`fiat_currency must be one of ${FIAT_CURRENCIES.join(', ')}`);
export const networkRule: FieldRule = (value) =>
  isString(value)
    ? { code: 'UNSUPPORTED_NETWORK', message: `network must be one of ${NETWORKS.join(', ')}` }
    : { message: 'network must be a string' };
export const walletRule: FieldRule = (value) =>
  isString(value)
    ? { code: 'INVALID_WALLET_ADDRESS', message: 'wallet_address must be 0x followed by 40 hexadecimal digits' }
    : { message: 'wallet_address must be a string' };

export const createSessionRules: Readonly<Record<string, FieldRule>> = {
  wallet_address: walletRule,
  crypto_currency: cryptoCurrencyRule,
  fiat_amount: fiatAmountRule,
  fiat_currency: fiatCurrencyRule,
  network: networkRule,
  customer_email: message('customer_email must be a valid e-mail address of at most 254 characters'),
  metadata: message(
    `metadata must be an object of at most ${METADATA_LIMITS.keys} keys (1 to ${METADATA_LIMITS.keyChars} characters each, not ${RESERVED_METADATA_KEYS.join(', ')}) whose values are strings of up to ${METADATA_LIMITS.valueChars} characters, numbers, booleans or null, at most ${METADATA_LIMITS.jsonBytes / 1024} KB in all as UTF-8 JSON`,
  ),
  // The whole rule is the contract's schema (src/contract/write/return-url.ts); this is its words.
  return_url: message(RETURN_URL_RULE),
};

export const quoteRules: Readonly<Record<string, FieldRule>> = {
  fiat_amount: fiatAmountRule,
  fiat_currency: fiatCurrencyRule,
  crypto_currency: cryptoCurrencyRule,
  network: networkRule,
};

/** The network to use: the given one if the asset supports it, else the asset's default. */
export function resolveNetwork(crypto: CryptoCurrency, network: Network | undefined): Network {
  const chosen = network ?? defaultNetwork(crypto);
  if (!isSupportedPair(crypto, chosen)) {
    throw new ErrorAnswer(
      'UNSUPPORTED_NETWORK',
      `${crypto} is not available on ${chosen}; use one of ${ASSET_NETWORKS[crypto].join(', ')}`,
      { param: 'network' },
    );
  }
  return chosen;
}

export function assertWalletChecksum(address: string): void {
  if (checkWalletAddress(address) === 'bad_checksum') {
    throw new ErrorAnswer(
      'INVALID_WALLET_ADDRESS',
      'wallet_address has mixed case but fails its EIP-55 checksum; check the address, or send it all lower case',
      { param: 'wallet_address' },
    );
  }
}
