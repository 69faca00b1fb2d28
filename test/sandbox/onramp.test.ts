/** POST/GET /v1/onramp and POST /v1/onramp/quote: shapes, validation codes, client secrets, idempotency. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import {
  ASSET_NETWORKS,
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  SESSION_TTL_MS,
  QUOTE_TTL_MS,
} from '../../src/contract/product.js';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { quoteSchema } from '../../src/contract/write/quote.js';
import { sessionIdFromClientSecret } from '../../src/contract/credentials.js';
import { type TestSandbox, WALLET, expectData, expectError, sessionBody, startTestSandbox } from './helpers.js';

const PRICE_TIME = Date.parse('2025-06-01T12:00:00Z');
let t: TestSandbox;

before(async () => {
  t = await startTestSandbox({ priceTime: PRICE_TIME });
});
after(() => t.close());

describe('POST /v1/onramp', () => {
  it('creates a session in the contract shape', async () => {
    const before = Date.now();
    const data = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: { order: 'A-1' } }) }),
      createdSessionSchema,
      201,
    );
    assert.match(data.session_id, /^ors_[A-Za-z0-9]{24}$/);
    assert.equal(sessionIdFromClientSecret(data.client_secret), data.session_id);
    assert.match(data.client_secret, /_secret_[A-Za-z0-9]{32}$/);
    assert.ok(data.redirect_url.startsWith(`${t.sandbox.checkoutUrl}/pay/${data.session_id}?t=`));
    const expires = Date.parse(data.expires_at);
    assert.ok(expires >= before + SESSION_TTL_MS && expires <= Date.now() + SESSION_TTL_MS);
    assert.equal(Date.parse(data.quote_expires_at), expires - SESSION_TTL_MS + QUOTE_TTL_MS);
    // 1 % platform, 2.49 % processing (rounded up), 2.50 ethereum network fee; total is the exact sum.
    assert.deepEqual(data.fees, { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49, total_fee: 5.99 });
    assert.ok(data.exchange_rate > 2800 && data.exchange_rate < 3300);
    assert.match(data.estimated_crypto_amount, /^0\.0\d+$/);
  });

  it('prices deterministically at a pinned price time, with exact integer arithmetic', async () => {
    const a = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    const b = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    assert.equal(a.exchange_rate, b.exchange_rate);
    assert.equal(a.estimated_crypto_amount, b.estimated_crypto_amount);
    // (10000 − 599) cents / rate, floored at 18 decimals.
    const rateMicro = BigInt(Math.round(a.exchange_rate * 1e6));
    const expected = (9401n * 10n ** 18n * 10n ** 6n) / (rateMicro * 100n);
    const [whole, fraction = ''] = a.estimated_crypto_amount.split('.');
    assert.equal(BigInt(`${whole}${fraction.padEnd(18, '0')}`), expected);
  });

  it('defaults the network per asset and accepts every listed pair', async () => {
    for (const crypto of CRYPTO_CURRENCIES) {
      const created = expectData(
        await t.call('POST', '/v1/onramp', { body: sessionBody({ crypto_currency: crypto }) }),
        createdSessionSchema,
        201,
      );
      const status = expectData(
        await t.call('GET', `/v1/onramp?session_id=${created.session_id}`),
        sessionStatusViewSchema,
      );
      assert.equal(status.network, ASSET_NETWORKS[crypto][0]);
      for (const network of ASSET_NETWORKS[crypto]) {
        for (const fiat of FIAT_CURRENCIES) {
          const reply = await t.call('POST', '/v1/onramp', {
            body: sessionBody({ crypto_currency: crypto, network, fiat_currency: fiat }),
          });
          expectData(reply, createdSessionSchema, 201);
        }
      }
    }
  });

  it('answers each validation problem with its code and param', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [sessionBody({ wallet_address: undefined }), 'VALIDATION_ERROR', 'wallet_address'],
      [sessionBody({ wallet_address: 42 }), 'VALIDATION_ERROR', 'wallet_address'],
      [sessionBody({ wallet_address: '0x123' }), 'INVALID_WALLET_ADDRESS', 'wallet_address'],
      [
        sessionBody({ wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
        'INVALID_WALLET_ADDRESS',
        'wallet_address',
      ],
      // one letter's case flipped: the EIP-55 checksum fails
      [
        sessionBody({ wallet_address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
        'INVALID_WALLET_ADDRESS',
        'wallet_address',
      ],
      [sessionBody({ crypto_currency: 'DOGE' }), 'VALIDATION_ERROR', 'crypto_currency'],
      [sessionBody({ fiat_currency: 'JPY' }), 'VALIDATION_ERROR', 'fiat_currency'],
      [sessionBody({ fiat_amount: 999 }), 'AMOUNT_OUT_OF_RANGE', 'fiat_amount'],
      [sessionBody({ fiat_amount: 1_000_001 }), 'AMOUNT_OUT_OF_RANGE', 'fiat_amount'],
      [sessionBody({ fiat_amount: -5 }), 'AMOUNT_OUT_OF_RANGE', 'fiat_amount'],
      [sessionBody({ fiat_amount: 1000.5 }), 'VALIDATION_ERROR', 'fiat_amount'],
      [sessionBody({ fiat_amount: '10000' }), 'VALIDATION_ERROR', 'fiat_amount'],
      [sessionBody({ network: 'solana' }), 'UNSUPPORTED_NETWORK', 'network'],
      [sessionBody({ crypto_currency: 'ETH', network: 'polygon' }), 'UNSUPPORTED_NETWORK', 'network'],
      [sessionBody({ crypto_currency: 'USDT', network: 'base' }), 'UNSUPPORTED_NETWORK', 'network'],
      [sessionBody({ customer_email: 'not-an-email' }), 'VALIDATION_ERROR', 'customer_email'],
      [sessionBody({ metadata: 'x' }), 'VALIDATION_ERROR', 'metadata'],
      [sessionBody({ metadata: { nested: { a: 1 } } }), 'VALIDATION_ERROR', 'metadata'],
      [
        sessionBody({ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }),
        'VALIDATION_ERROR',
        'metadata',
      ],
      [sessionBody({ return_url: 'http://shop.example/done' }), 'VALIDATION_ERROR', 'return_url'],
      [sessionBody({ return_url: 'javascript:alert(1)' }), 'VALIDATION_ERROR', 'return_url'],
    ];
    for (const [body, code, param] of cases) {
      expectError(await t.call('POST', '/v1/onramp', { body }), 400, code, param);
    }
  });

  it('bounds customer_email at 254 characters and refuses metadata keys an object cannot hold, never dropping them', async () => {
    const email = (length: number) => `${'a'.repeat(length - '@b.co'.length)}@b.co`;
    for (const customer_email of [email(255), email(60_000)]) {
      expectError(
        await t.call('POST', '/v1/onramp', { body: sessionBody({ customer_email }) }),
        400,
        'VALIDATION_ERROR',
        'customer_email',
      );
    }
    expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ customer_email: email(254) }) }),
      createdSessionSchema,
      201,
    );
    // Raw JSON: an object literal's `__proto__` would set the prototype, not send the key.
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const rawBody = JSON.stringify(sessionBody()).replace(
        /}$/,
        `,"metadata":{"order":"A-1",${JSON.stringify(key)}:"x"}}`,
      );
      const reply = await t.call('POST', '/v1/onramp', { rawBody, headers: { 'Content-Type': 'application/json' } });
      expectError(reply, 400, 'VALIDATION_ERROR', 'metadata');
      assert.match((reply.json as { error: { message: string } }).error.message, /__proto__, constructor, prototype/);
    }
  });

  it('accepts an all-lower-case address, an https return_url and http on localhost', async () => {
    for (const extra of [
      { wallet_address: WALLET.toLowerCase() },
      { return_url: 'https://shop.example/thanks?o=1' },
      { return_url: 'http://localhost:5173/done' },
      { return_url: 'http://127.0.0.1:8080/' },
      { customer_email: 'buyer@example.com' },
    ]) {
      expectData(await t.call('POST', '/v1/onramp', { body: sessionBody(extra) }), createdSessionSchema, 201);
    }
  });

  it('replays an idempotent creation byte for byte and refuses a different body under the same key', async () => {
    const headers = { 'Idempotency-Key': 'order-1001' };
    const first = await t.call('POST', '/v1/onramp', { body: sessionBody(), headers });
    expectData(first, createdSessionSchema, 201);
    assert.equal(first.headers.get('Idempotent-Replayed'), null);
    // Same body with its keys in another order is the same request.
    const { wallet_address, ...rest } = sessionBody();
    const replay = await t.call('POST', '/v1/onramp', { body: { ...rest, wallet_address }, headers });
    assert.equal(replay.status, 201);
    assert.equal(replay.text, first.text);
    assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
    expectError(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ fiat_amount: 2000 }), headers }),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    // The live environment has its own idempotency keys.
    const live = await t.call('POST', '/v1/onramp', { body: sessionBody(), headers, key: t.keys.live.secret });
    expectData(live, createdSessionSchema, 201);
    assert.notEqual(live.text, first.text);
    expectError(
      await t.call('POST', '/v1/onramp', { body: sessionBody(), headers: { 'Idempotency-Key': '' } }),
      400,
      'VALIDATION_ERROR',
      'Idempotency-Key',
    );
  });
});

describe('GET /v1/onramp', () => {
  it('returns the status view to a secret key (without redirect_url) and to a publishable key with the client secret', async () => {
    const created = expectData(
      await t.call('POST', '/v1/onramp', { body: sessionBody({ customer_email: 'a@b.co', metadata: { order: 7 } }) }),
      createdSessionSchema,
      201,
    );
    const path = `/v1/onramp?session_id=${created.session_id}`;
    const viaSecret = expectData(await t.call('GET', path), sessionStatusViewSchema);
    assert.equal(viaSecret.status, 'pending');
    assert.match(viaSecret.id, /^txn_/);
    assert.equal(viaSecret.session_id, created.session_id);
    // Shown only when completed: left out, never null (the strict write schema refuses null too).
    assert.equal('tx_hash' in viaSecret, false);
    assert.equal('completed_at' in viaSecret, false);
    // Decimal numbers in major units, as the spec shows for the status view (no total_fee).
    assert.deepEqual(viaSecret.fees, { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49 });
    assert.deepEqual(viaSecret.metadata, { order: 7 });
    assert.equal(viaSecret.expires_at, created.expires_at);
    assert.equal(viaSecret.quote_expires_at, created.quote_expires_at);
    assert.equal(viaSecret.exchange_rate, created.exchange_rate);
    assert.equal(viaSecret.estimated_crypto_amount, created.estimated_crypto_amount);
    assert.equal(viaSecret.crypto_amount, created.estimated_crypto_amount);
    assert.equal(viaSecret.redirect_url, undefined);
    assert.equal('customer_email' in viaSecret, false);

    const viaPublishable = expectData(
      await t.call('GET', path, {
        key: t.keys.test.publishable,
        headers: { 'X-Client-Secret': created.client_secret },
      }),
      sessionStatusViewSchema,
    );
    assert.equal(viaPublishable.redirect_url, created.redirect_url);
    assert.equal(viaPublishable.id, viaSecret.id);
  });

  it('hides a session from a publishable key without the matching client secret', async () => {
    const a = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    const b = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    const path = `/v1/onramp?session_id=${a.session_id}`;
    const pk = t.keys.test.publishable;
    expectError(await t.call('GET', path, { key: pk }), 404, 'NOT_FOUND');
    expectError(
      await t.call('GET', path, { key: pk, headers: { 'X-Client-Secret': b.client_secret } }),
      404,
      'NOT_FOUND',
    );
    const forged = `${a.session_id}_secret_${'x'.repeat(32)}`;
    expectError(await t.call('GET', path, { key: pk, headers: { 'X-Client-Secret': forged } }), 404, 'NOT_FOUND');
    expectError(await t.call('GET', path, { key: pk, headers: { 'X-Client-Secret': 'garbage' } }), 404, 'NOT_FOUND');
    // A key of the other mode: onramp-key-mode.test.ts.
  });

  it('checks session_id', async () => {
    expectError(await t.call('GET', '/v1/onramp'), 400, 'VALIDATION_ERROR', 'session_id');
    expectError(await t.call('GET', '/v1/onramp?session_id=nope'), 400, 'VALIDATION_ERROR', 'session_id');
    expectError(await t.call('GET', `/v1/onramp?session_id=ors_${'A'.repeat(24)}`), 404, 'NOT_FOUND', 'session_id');
    // Ids have no fixed length: a well-formed id of any length that does not exist is NOT_FOUND.
    for (const id of ['ors_A', 'ors_abc12345', `ors_${'z'.repeat(100)}`]) {
      expectError(await t.call('GET', `/v1/onramp?session_id=${id}`), 404, 'NOT_FOUND', 'session_id');
    }
    expectError(await t.call('GET', '/v1/onramp?session_id=ors_'), 400, 'VALIDATION_ERROR', 'session_id');
  });
});

describe('POST /v1/onramp/quote', () => {
  it('quotes for a secret key and a publishable key alike', async () => {
    for (const key of [t.keys.test.secret, t.keys.test.publishable, t.keys.live.publishable]) {
      const before = Date.now();
      const quote = expectData(
        await t.call('POST', '/v1/onramp/quote', {
          key,
          body: { fiat_amount: 5000, fiat_currency: 'EUR', crypto_currency: 'USDC' },
        }),
        quoteSchema,
      );
      assert.equal(quote.fiat_amount, 5000);
      assert.equal(quote.network, 'ethereum');
      assert.deepEqual(quote.fees, { platform_fee: 0.5, network_fee: 2.5, processing_fee: 1.25, total_fee: 4.25 });
      assert.ok(Date.parse(quote.expires_at) >= before + QUOTE_TTL_MS);
      assert.match(quote.crypto_amount, /^\d+\.\d{1,6}$/);
    }
    const polygon = expectData(
      await t.call('POST', '/v1/onramp/quote', {
        body: { fiat_amount: 5000, fiat_currency: 'EUR', crypto_currency: 'USDC', network: 'polygon' },
      }),
      quoteSchema,
    );
    assert.equal(polygon.fees.network_fee, 0.02);
  });

  it('matches the session price for the same order at the same price time', async () => {
    const quote = expectData(
      await t.call('POST', '/v1/onramp/quote', {
        body: { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH' },
      }),
      quoteSchema,
    );
    const created = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    assert.equal(quote.crypto_amount, created.estimated_crypto_amount);
    assert.equal(quote.exchange_rate, created.exchange_rate);
  });

  it('validates the quote request', async () => {
    const base = { fiat_amount: 5000, fiat_currency: 'USD', crypto_currency: 'ETH' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, fiat_amount: undefined }, 'VALIDATION_ERROR', 'fiat_amount'],
      [{ ...base, fiat_currency: undefined }, 'VALIDATION_ERROR', 'fiat_currency'],
      [{ ...base, crypto_currency: undefined }, 'VALIDATION_ERROR', 'crypto_currency'],
      [{ ...base, fiat_amount: 10 }, 'AMOUNT_OUT_OF_RANGE', 'fiat_amount'],
      [{ ...base, fiat_amount: 12.5 }, 'VALIDATION_ERROR', 'fiat_amount'],
      [{ ...base, network: 'polygon' }, 'UNSUPPORTED_NETWORK', 'network'],
      [{ ...base, network: 'tron' }, 'UNSUPPORTED_NETWORK', 'network'],
    ];
    for (const [body, code, param] of cases)
      expectError(await t.call('POST', '/v1/onramp/quote', { body }), 400, code, param);
  });

  it('stores nothing for a quote: 1,000 quotes with fresh Idempotency-Keys leave the store as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'onramp-quotes-'));
    const db = join(dir, 'quotes.db');
    const own = await startTestSandbox({ db, priceTime: PRICE_TIME });
    const rows = () => {
      const reader = new Database(db, { readonly: true });
      try {
        return (reader.prepare('SELECT count(*) AS n FROM idempotency_keys').get() as { n: number }).n;
      } finally {
        reader.close();
      }
    };
    try {
      const body = { fiat_amount: 5000, fiat_currency: 'USD', crypto_currency: 'ETH' };
      const before = rows();
      for (let batch = 0; batch < 10; batch += 1)
        await Promise.all(
          Array.from({ length: 100 }, async (_, index) => {
            const headers = { 'Idempotency-Key': `quote-${batch}-${index}` };
            const reply = await own.call('POST', '/v1/onramp/quote', { body, headers, key: own.keys.test.publishable });
            assert.equal(reply.status, 200, reply.text);
            assert.equal(reply.headers.get('Idempotent-Replayed'), null);
          }),
        );
      assert.equal(rows(), before, 'no row per quote');
      // The same key with another body is just another quote, not a conflict.
      const headers = { 'Idempotency-Key': 'quote-same' };
      const first = await own.call('POST', '/v1/onramp/quote', { body, headers });
      const other = await own.call('POST', '/v1/onramp/quote', { body: { ...body, fiat_amount: 6000 }, headers });
      assert.deepEqual([first.status, other.status], [200, 200]);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
