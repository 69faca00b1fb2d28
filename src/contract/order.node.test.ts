/**
 * The order form's rules alone (`order.ts`, `wallet-address.ts`): amounts typed in any locale's way
 * are read exactly (no floats), the range is the API's, only the product's pairs are offered, and
 * the wallet check agrees with the API's own (demo/onramp-api/domain/wallet.ts) on every address.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { checkWalletAddress } from '../../demo/onramp-api/domain/wallet.js';
import { ASSET_NETWORKS, CRYPTO_CURRENCIES, NETWORKS, isSupportedPair, type Network } from './product.js';
import {
  amountProblem,
  amountText,
  checkDraft,
  fitDraft,
  initialDraft,
  networksFor,
  orderChoices,
  parseAmount,
} from './order.js';
import { keccak256, toChecksumAddress, walletProblem } from './wallet-address.js';

test('amounts: what an English or German buyer types, read exactly in cents', () => {
  const cases: [string, string, number | null][] = [
    ['100', '.', 10000],
    ['100.5', '.', 10050],
    ['1,000.25', '.', 100025],
    ['10,000', '.', 1000000],
    ['.5', '.', 50],
    ['1.000', '.', null],
    ['12.345', '.', null],
    ['abc', '.', null],
    ['', '.', null],
    ['1.000', ',', 100000],
    ['12,5', ',', 1250],
    ['12.5', ',', 1250],
    ['1.000,25', ',', 100025],
    ['1 000,25', ',', 100025],
    ['١٠٠', '.', 10000],
  ];
  for (const [text, decimal, minor] of cases) assert.equal(parseAmount(text, decimal), minor, `${text} (${decimal})`);
});

test('amounts: every amount in cents survives being written and read back, in both separators', () => {
  fc.assert(
    fc.property(fc.nat({ max: 10_000_000_00 }), fc.constantFrom('.', ','), (minor, decimal) => {
      assert.equal(parseAmount(amountText(minor, decimal), decimal), minor);
    }),
  );
});

test('amounts: 10.00 to 10,000.00 only', () => {
  assert.equal(amountProblem(999), 'min');
  assert.equal(amountProblem(1000), null);
  assert.equal(amountProblem(1_000_000), null);
  assert.equal(amountProblem(1_000_001), 'max');
  assert.equal(amountProblem(null), 'invalid');
});

test('choices: only pairs the product list allows, whatever the attributes say', () => {
  const list = fc.array(fc.constantFrom(...CRYPTO_CURRENCIES, ...NETWORKS, 'usd', 'EUR', 'doge', ' eth '), {
    maxLength: 6,
  });
  fc.assert(
    fc.property(list, list, list, (cryptos, networks, fiats) => {
      const choices = orderChoices({
        cryptoCurrencies: cryptos.join(','),
        networks: networks.join(','),
        fiatCurrencies: fiats.join(','),
      });
      assert.ok(choices.fiats.length && choices.cryptos.length);
      for (const crypto of choices.cryptos) {
        const offered = networksFor(crypto, choices.networks);
        assert.ok(offered.length, `${crypto} has a network`);
        for (const network of offered) assert.ok(isSupportedPair(crypto, network));
      }
      const draft = fitDraft(initialDraft({ network: 'base', cryptoCurrency: 'MATIC' }, choices, '.'), choices);
      assert.ok(choices.cryptos.includes(draft.crypto));
      assert.ok(networksFor(draft.crypto, choices.networks).includes(draft.network));
    }),
  );
});

test('choices: the asset default network first (the table of docs/design.md)', () => {
  for (const crypto of CRYPTO_CURRENCIES)
    assert.deepEqual(networksFor(crypto, [...NETWORKS]), [...ASSET_NETWORKS[crypto]]);
});

test('keccak-256 agrees with @noble/hashes', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
      assert.deepEqual(keccak256(bytes), keccak_256(bytes));
    }),
  );
});

test('EIP-55: the specification examples', () => {
  for (const address of [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])
    assert.equal(toChecksumAddress(address.toLowerCase()), address);
});

test('the wallet check agrees with the API on every address', () => {
  const hex = fc.string({
    unit: fc.constantFrom(...Array.from('0123456789abcdefABCDEF')),
    minLength: 40,
    maxLength: 40,
  });
  const address = fc.oneof(
    hex.map((h) => `0x${h}`),
    hex.map((h) => toChecksumAddress(`0x${h}`)),
    fc.string({ maxLength: 44 }),
  );
  fc.assert(
    fc.property(address, fc.constantFrom<Network>(...NETWORKS), (value, network) => {
      const api = checkWalletAddress(value);
      const ours = walletProblem(value, network);
      assert.equal(ours === null, api === 'ok', value);
      if (value && api === 'bad_checksum') assert.equal(ours, 'checksum');
    }),
  );
});

test('a draft becomes an order only when the amount and the wallet are right', () => {
  const draft = { amountText: '250', fiat: 'EUR', crypto: 'USDC', network: 'base', wallet: '' } as const;
  assert.equal(checkDraft(draft, '.').order, null);
  assert.equal(checkDraft(draft, '.').quoteKey, '25000 EUR USDC base');
  const wallet = toChecksumAddress(`0x${'ab'.repeat(20)}`);
  assert.deepEqual(checkDraft({ ...draft, wallet }, '.').order, {
    fiat_amount: 25000,
    fiat_currency: 'EUR',
    crypto_currency: 'USDC',
    network: 'base',
    wallet_address: wallet,
  });
  assert.equal(checkDraft({ ...draft, amountText: '5', wallet }, '.').quoteKey, null);
});
