/**
 * Property tests of the widget's reading side (src/contract/read, core/session-model): every answer
 * the spec allows is read, whatever our sandbox happens to write; what the widget cannot use safely
 * is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { SESSION_TTL_MS } from '../../src/contract/product.js';
import { addDecimals, decimalToMinor, minorToDecimal, numberToDecimal } from '../../src/contract/money.js';
import { readErrorBody, successRead } from '../../src/contract/read/envelope.js';
import { quoteRead } from '../../src/contract/read/quote.js';
import { sessionStatusRead } from '../../src/contract/read/session.js';
import { parseTimestamp } from '../../src/contract/timestamp.js';
import { fromQuote, fromStatusView } from '../../src/core/session-model.js';
import {
  envelopeArb,
  quoteDataArb,
  sessionIdArb,
  statusBreakArb,
  statusDataArb,
  timestampArb,
} from '../support/spec-answers.js';

const statusEnvelope = successRead(sessionStatusRead);
const quoteEnvelope = successRead(quoteRead);
const statusArb = statusDataArb({ sessionId: sessionIdArb, checkoutOrigin: 'https://checkout.example' });
const runs = { numRuns: 300 };

describe('reading the status answer', () => {
  it('reads every status answer the spec allows, into the view the element renders', () => {
    fc.assert(
      fc.property(envelopeArb(statusArb), (body) => {
        const parsed = z.safeParse(statusEnvelope, JSON.parse(JSON.stringify(body)));
        assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
        const view = fromStatusView(parsed.data.data);
        const data = body.data as Record<string, unknown> & { fees: Record<string, number>; created_at: string };
        assert.equal(view.status, data.status);
        assert.equal(view.fiatCurrency, String(data.fiat_currency).toUpperCase());
        // Fees are exact decimal strings of the JSON numbers; the total is their exact sum.
        const fees = [data.fees.platform_fee, data.fees.network_fee, data.fees.processing_fee].map((fee) =>
          numberToDecimal(fee!)!,
        );
        assert.deepEqual(view.quote.fees, {
          platform: fees[0],
          network: fees[1],
          processing: fees[2],
          total: addDecimals(fees),
        });
        // Without the expires_at extension, the session ends 30 minutes after created_at.
        const expected =
          'expires_at' in data
            ? parseTimestamp(String(data.expires_at))
            : parseTimestamp(data.created_at)! + SESSION_TTL_MS;
        assert.equal(view.expiresAt, expected);
        assert.equal(view.txHash !== null, data.status === 'completed');
        assert.equal(view.quote.exchangeRate, 'exchange_rate' in data ? data.exchange_rate : null);
      }),
      runs,
    );
  });

  it('refuses a status answer with a required field missing, mistyped or unsafe', () => {
    fc.assert(
      fc.property(statusArb, statusBreakArb, (data, [, breakIt]) => {
        assert.equal(z.safeParse(statusEnvelope, { success: true, data: breakIt(data) }).success, false);
      }),
      runs,
    );
  });

  it('refuses what is not a success answer: success false, no data, data not an object', () => {
    fc.assert(
      fc.property(statusArb, (data) => {
        for (const body of [
          { success: false, data },
          { success: true },
          { success: true, data: [data] },
          data,
          null,
          'ok',
        ]) {
          assert.equal(z.safeParse(statusEnvelope, body).success, false);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('reading the quote', () => {
  it('reads every quote the spec allows; its fiat_amount, currencies and network are not depended on', () => {
    fc.assert(
      fc.property(envelopeArb(quoteDataArb), (body) => {
        const parsed = z.safeParse(quoteEnvelope, JSON.parse(JSON.stringify(body)));
        assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
        const figures = fromQuote(parsed.data.data);
        assert.equal(figures.cryptoAmount, body.data.crypto_amount);
        assert.equal(figures.expiresAt, parseTimestamp(body.data.expires_at));
        assert.equal(figures.fees?.total, numberToDecimal(body.data.fees.total_fee));
      }),
      runs,
    );
  });
});

describe('the pieces', () => {
  it('timestamps: every ISO 8601 form of a moment reads back as that moment', () => {
    fc.assert(
      fc.property(timestampArb, ({ ms, text }) => assert.equal(parseTimestamp(text), ms, text)),
      { numRuns: 1000 },
    );
  });

  it('timestamps: text that is not one is refused', () => {
    for (const text of [
      '',
      'yesterday',
      '2025-13-01T00:00:00Z',
      '2025-02-30T00:00:00Z',
      '2025-01-01T25:00:00Z',
      '2025-01-01T12:00:00+24:00',
      '1736942400',
      '2025-01-01T12:60Z',
    ]) {
      assert.equal(parseTimestamp(text), null, text);
    }
  });

  it('a JSON number reads as the decimal text that reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e20, max: 1e20, noNaN: true }), (value) => {
        const text = numberToDecimal(value);
        assert.ok(text !== null && /^-?\d+(\.\d+)?$/.test(text), String(text));
        if (Math.abs(value) >= 1e-6 || value === 0) assert.ok(Number(text) === value, `${value} -> ${text}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('decimal sums are exact (what a float sum is not)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 20n }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 18 }),
        (minors, digits) => {
          const sum = minors.reduce((a, b) => a + b, 0n);
          assert.equal(decimalToMinor(addDecimals(minors.map((m) => minorToDecimal(m, digits)))!, digits), sum);
        },
      ),
    );
  });

  it('any error body, JSON or not, yields at most a short single-line message and request id', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ error: fc.oneof(fc.string(), fc.record({ message: fc.string(), request_id: fc.string() })) }),
        ),
        (body) => {
          const read = readErrorBody(body);
          for (const text of [read.message, read.requestId]) {
            if (text !== undefined) assert.ok(text.length <= 200 && !/\s\s|\n/.test(text) && text === text.trim());
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
