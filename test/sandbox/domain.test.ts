/** Pure domain units: EIP-55, pricing curve, fees, crypto amounts, Luhn, origins, rate limiter. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minorToDecimal, trimDecimal } from '../../src/contract/money.js';
import { checkCard, luhnValid } from '../../demo/hosted-checkout/cards.js';
import { frameAncestors, isAllowedOrigin } from '../../demo/http-common/merchant-origins.js';
import { feesFor } from '../../demo/onramp-api/domain/fees.js';
import { RATE_DECIMALS, rateAt } from '../../demo/onramp-api/domain/pricing.js';
import { priceOrder } from '../../demo/onramp-api/domain/quote.js';
import { checkWalletAddress, toChecksumAddress } from '../../demo/onramp-api/domain/wallet.js';
import { TokenBuckets } from '../../demo/onramp-api/http/rate-limit.js';

describe('EIP-55', () => {
  it('matches the reference vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      assert.equal(toChecksumAddress(address.toLowerCase()), address);
      assert.equal(checkWalletAddress(address), 'ok');
    }
    assert.equal(checkWalletAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), 'bad_checksum');
    assert.equal(checkWalletAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'), 'ok');
    assert.equal(checkWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'), 'malformed');
  });
});

describe('pricing', () => {
  const t0 = Date.parse('2025-01-01T00:00:00Z');
  it('is a pure function of time that drifts a few basis points per minute', () => {
    assert.equal(rateAt('ETH', 'USD', t0), rateAt('ETH', 'USD', t0));
    const a = rateAt('ETH', 'USD', t0);
    const b = rateAt('ETH', 'USD', t0 + 60_000);
    const bps = Number(((a > b ? a - b : b - a) * 10_000n) / a);
    assert.ok(a !== b && bps <= 10, `moved ${bps} bps in a minute`);
    const scale = 10n ** BigInt(RATE_DECIMALS);
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const eth = rateAt('ETH', 'USD', t0 + minute * 60_000);
      assert.ok(eth > 3000n * scale && eth < 3300n * scale);
      const usdc = rateAt('USDC', 'EUR', t0 + minute * 60_000);
      assert.ok(usdc > (919n * scale) / 1000n && usdc < (921n * scale) / 1000n);
    }
  });

  it('computes fees in integer cents, rounded up, with an exact total', () => {
    assert.deepEqual(feesFor(1000, 'polygon'), { platform_fee: 10, network_fee: 2, processing_fee: 25, total_fee: 37 });
    assert.deepEqual(feesFor(1001, 'base'), { platform_fee: 11, network_fee: 5, processing_fee: 25, total_fee: 41 });
    assert.deepEqual(feesFor(1_000_000, 'ethereum'), {
      platform_fee: 10_000,
      network_fee: 250,
      processing_fee: 24_900,
      total_fee: 35_150,
    });
  });

  it('floors the crypto amount at the asset precision', () => {
    const order = priceOrder(
      { fiatAmount: 10000, fiatCurrency: 'USD', cryptoCurrency: 'USDC', network: 'polygon' },
      t0,
    );
    assert.match(order.cryptoAmount, /^\d+(\.\d{1,6})?$/);
    // 10000 − (100 platform + 2 network + 249 processing) = 9649 cents.
    const units = (9649n * 10n ** 6n * 10n ** 6n) / (order.rate * 100n);
    assert.equal(order.cryptoAmount, trimDecimal(minorToDecimal(units, 6)));
  });
});

describe('checkout helpers', () => {
  it('Luhn and card checks', () => {
    assert.ok(luhnValid('4242424242424242'));
    assert.ok(!luhnValid('4242424242424241'));
    const now = Date.parse('2025-06-15T00:00:00Z');
    assert.deepEqual(
      checkCard({ card_number: '4242 4242 4242 4242', card_expiry: '06/25', card_cvc: '123', card_name: '' }, now),
      { outcome: 'deliver' },
    );
    assert.ok(
      'errors' in
        checkCard({ card_number: '4242 4242 4242 4242', card_expiry: '05/25', card_cvc: '123', card_name: '' }, now),
    );
  });

  it('origin matching', () => {
    const patterns = ['http://localhost:*', 'https://shop.example'];
    assert.ok(isAllowedOrigin('http://localhost:5173', patterns));
    assert.ok(isAllowedOrigin('http://localhost', patterns));
    assert.ok(isAllowedOrigin('https://shop.example', patterns));
    assert.ok(!isAllowedOrigin('https://localhost:5173', patterns));
    assert.ok(!isAllowedOrigin('https://shop.example.evil', patterns));
    assert.ok(!isAllowedOrigin('https://shop.example:444', patterns));
    assert.ok(!isAllowedOrigin('null', patterns));
    assert.equal(frameAncestors(patterns), "'self' http://localhost:* https://shop.example");
  });

  it('token buckets refill over time', () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 2, perSecond: 1 }, () => now);
    assert.deepEqual(buckets.take('k'), { allowed: true });
    assert.deepEqual(buckets.take('k'), { allowed: true });
    assert.deepEqual(buckets.take('k'), { allowed: false, retryAfterSeconds: 1 });
    now += 1000;
    assert.deepEqual(buckets.take('k'), { allowed: true });
  });
});
