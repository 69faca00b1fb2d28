/**
 * fast-check arbitraries of the answers a server that speaks the spec may send (and of answers it
 * may not), shared by the node-side property tests of the reading schemas and the element's
 * property tests in Chromium. "Allowed" follows the service interface (docs/design.md), not our sandbox: any id length,
 * any asset symbol, network and wallet form, decimal fees, fields shown only in some states absent
 * or null, no docs/design.md extensions, timestamps in any ISO 8601 form, unknown fields anywhere.
 */
import fc from 'fast-check';

export const SESSION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'expired'] as const;

/** Text that would be markup if it were ever rendered as HTML (no whitespace: shown as a token). */
export const MARKUP = [
  '<img/src=x/onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg/onload=alert(1)>',
  '<b>BOLD</b>',
] as const;

const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));

/** `ors_` and one or more letters and digits: any length. */
export const sessionIdArb = alnum(1, 40).map((random) => `ors_${random}`);

/** A client secret of that session, its random part of any length. */
export const clientSecretArb = (sessionId: string) => alnum(1, 48).map((random) => `${sessionId}_secret_${random}`);

/** A publishable key whose random part has any length. */
export const publishableKeyArb = fc
  .tuple(fc.constantFrom('live', 'test'), alnum(1, 64))
  .map(([environment, random]) => `onramp_${environment}_pk_${random}`);

const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${length}}$`));

export const walletArb = fc.oneof(
  hex(40).map((digits) => `0x${digits}`),
  // Another network's form (base58, as on Solana), or markup that must stay text.
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  fc.constantFrom(...MARKUP),
);

export const assetArb = fc.oneof(
  fc.constantFrom('ETH', 'USDC', 'USDT', 'MATIC'),
  fc.constantFrom('BTC', 'SOL', 'DAI', 'wstETH', 'USDC.e', 'constructor', '__proto__', 'toString'),
  fc.constantFrom(...MARKUP),
);
export const networkArb = fc.constantFrom(
  'ethereum',
  'polygon',
  'base',
  'arbitrum',
  'solana',
  'op-mainnet',
  'constructor',
  '__proto__',
  'toString',
);
export const fiatArb = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'CHF', 'usd');

/** A decimal string of any precision, in the forms a decimal may be written (`12`, `12.5`, `.5`, `12.`). */
export const decimalArb = fc.oneof(
  fc.stringMatching(/^\d{1,24}(\.\d{1,30})?$/),
  fc.stringMatching(/^\.\d{1,20}$/),
  fc.stringMatching(/^\d{1,10}\.$/),
);

/** Numbers with decimals, as the spec types fees: any finite non-negative JSON number. */
export const feeArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
  fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1e-7, 2.49, 0.1 + 0.2),
);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A moment (whole milliseconds, years 2000 to 2099) and one of the ISO 8601 ways of writing it. */
export const timestampArb = fc
  .tuple(
    fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
    fc.integer({ min: 0, max: 6 }),
    fc.integer({ min: -14 * 60, max: 14 * 60 }),
  )
  .map(([ms, form, offsetMinutes]) => {
    const whole = Math.floor(ms / 1000) * 1000;
    const at = new Date(whole);
    const utc = at.toISOString();
    const local = new Date(whole + offsetMinutes * 60_000);
    const sign = offsetMinutes < 0 ? '-' : '+';
    const off = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
    const localText = local.toISOString().slice(0, 19);
    const texts = [
      utc,
      utc.replace('.000Z', 'Z'),
      `${localText}${off}`,
      `${localText}${off.replace(':', '')}`,
      utc.replace('T', 't').replace('Z', 'z'),
      utc.replace(/[-:]/g, '').replace('.000', ''),
      utc.replace('.000Z', ',000000Z'),
    ];
    return { ms: whole, text: texts[form]! };
  });

/** Fields a newer server may add, never one of the names the widget reads. */
const READ_FIELDS = new Set([
  'success',
  'data',
  'session_id',
  'status',
  'wallet_address',
  'crypto_currency',
  'crypto_amount',
  'fiat_currency',
  'fiat_amount',
  'network',
  'fees',
  'created_at',
  'tx_hash',
  'completed_at',
  'expires_at',
  'quote_expires_at',
  'exchange_rate',
  'estimated_crypto_amount',
  'redirect_url',
]);
export const unknownFieldsArb = fc
  .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([key]) => !READ_FIELDS.has(key))));

export interface StatusAnswerOptions {
  sessionId: fc.Arbitrary<string>;
  /** Checkout origin the optional `redirect_url` extension points at. */
  checkoutOrigin: string;
}

/** A `GET /v1/onramp` data object the spec allows (the extensions sometimes, never required). */
export function statusDataArb({ sessionId, checkoutOrigin }: StatusAnswerOptions) {
  return fc
    .record({
      id: fc.string(),
      session_id: sessionId,
      status: fc.constantFrom(...SESSION_STATUSES),
      wallet_address: walletArb,
      crypto_currency: assetArb,
      crypto_amount: decimalArb,
      fiat_currency: fiatArb,
      fiat_amount: fc.integer({ min: 0, max: 1_000_000_000 }),
      network: networkArb,
      fees: fc.record({ platform_fee: feeArb, network_fee: feeArb, processing_fee: feeArb }),
      metadata: fc.oneof(fc.object({ maxDepth: 2 }), fc.constant({})),
      created_at: timestampArb,
      completed_at: timestampArb,
      tx_hash: fc.oneof(
        hex(64).map((digits) => `0x${digits}`),
        fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/),
      ),
      // Whether the states-only fields are left out or sent as null before completion.
      absentAs: fc.constantFrom('omitted', 'null'),
      extensions: fc.option(
        fc.record({
          expires_at: timestampArb,
          quote_expires_at: timestampArb,
          exchange_rate: fc.double({ min: 0.0001, max: 1e7, noNaN: true }),
          estimated_crypto_amount: decimalArb,
        }),
        { nil: undefined },
      ),
      extra: unknownFieldsArb,
    })
    .map(({ created_at, completed_at, tx_hash, absentAs, extensions, extra, ...fields }) => {
      const completed = fields.status === 'completed';
      const later = completed
        ? { tx_hash, completed_at: completed_at.text }
        : absentAs === 'null'
          ? { tx_hash: null, completed_at: null }
          : {};
      const ext = extensions
        ? {
            expires_at: extensions.expires_at.text,
            quote_expires_at: extensions.quote_expires_at.text,
            exchange_rate: extensions.exchange_rate,
            estimated_crypto_amount: extensions.estimated_crypto_amount,
            redirect_url: `${checkoutOrigin}/pay/${fields.session_id}?t=x`,
          }
        : {};
      return { ...extra, ...fields, created_at: created_at.text, ...later, ...ext };
    });
}

/** A `POST /v1/onramp/quote` data object the spec allows: `fiat_amount` any non-negative number. */
export const quoteDataArb = fc
  .record({
    fiat_amount: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1e7, noNaN: true })),
    fiat_currency: fiatArb,
    crypto_currency: assetArb,
    crypto_amount: decimalArb,
    exchange_rate: fc.double({ min: 0.0001, max: 1e7, noNaN: true }),
    fees: fc.record({ platform_fee: feeArb, network_fee: feeArb, processing_fee: feeArb, total_fee: feeArb }),
    expires_at: timestampArb.map((t) => t.text),
    extra: unknownFieldsArb,
  })
  .map(({ extra, ...fields }) => ({ ...extra, ...fields }));

/** `{success: true, data}`, with fields a newer server adds beside them. */
export const envelopeArb = <T>(data: fc.Arbitrary<T>) =>
  fc.tuple(data, unknownFieldsArb).map(([value, extra]) => ({ ...extra, success: true as const, data: value }));

/**
 * Ways to break a valid status data object that the widget must refuse: a required field missing
 * or of the wrong type, a state the spec does not name, money as a float or with markup.
 */
export const statusBreakArb = fc.constantFrom<[string, (data: Record<string, unknown>) => Record<string, unknown>]>(
  ['no status', ({ status: _status, ...rest }) => rest],
  ['an unknown status', (data) => ({ ...data, status: 'teleported' })],
  ['crypto_amount as a float', (data) => ({ ...data, crypto_amount: 0.031 })],
  ['crypto_amount with markup', (data) => ({ ...data, crypto_amount: '<img src=x onerror=alert(1)>' })],
  ['crypto_amount in exponent form', (data) => ({ ...data, crypto_amount: '1e-7' })],
  ['fiat_amount negative', (data) => ({ ...data, fiat_amount: -1 })],
  ['fiat_amount fractional', (data) => ({ ...data, fiat_amount: 10.5 })],
  ['fees as strings', (data) => ({ ...data, fees: { platform_fee: '1', network_fee: '1', processing_fee: '1' } })],
  ['no fees', ({ fees: _fees, ...rest }) => rest],
  ['created_at not a time', (data) => ({ ...data, created_at: 'yesterday' })],
  ['a fiat code that is markup', (data) => ({ ...data, fiat_currency: '<b>' })],
  ['a wallet with a space', (data) => ({ ...data, wallet_address: '<img src=x onerror=alert(1)>' })],
);
