/**
 * Field-level schemas of the shapes the sandbox writes, in plain zod (zod/mini's own constructors),
 * so `z.toJSONSchema` sees into them: the OpenAPI document's component schemas are generated from
 * these (demo/onramp-api/openapi/). Their descriptions are metadata in `z.globalRegistry`, which
 * `z.toJSONSchema` copies into the JSON Schema. The widget does not import this module (it reads
 * through `../read/`, built from `kinds.ts`, which saves bytes in its bundle); these run in Node (the
 * API) and reach the npm package as TypeScript types only.
 */
import * as z from 'zod/mini';
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS, SESSION_STATUSES } from '../product.js';
import { CLIENT_SECRET_PATTERN, SESSION_ID_PATTERN } from '../credentials.js';

export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES).register(z.globalRegistry, {
  description: 'Crypto asset symbol.',
});
export const networkSchema = z.enum(NETWORKS).register(z.globalRegistry, { description: 'Delivery network.' });
export const fiatCurrencySchema = z.enum(FIAT_CURRENCIES).register(z.globalRegistry, {
  description: 'ISO 4217 fiat currency.',
});
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

/**
 * ISO 8601 timestamp with a zone (`Z` or an offset). A regex rather than `z.iso.datetime()`: the
 * browser's reader checks the same pattern at a fraction of the bytes.
 */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const timestampSchema = z
  .string()
  .check(z.regex(TIMESTAMP_PATTERN))
  .register(z.globalRegistry, { format: 'date-time', description: 'ISO 8601 timestamp with a zone.' });

/** `0x` and 40 hex digits. The EIP-55 checksum of mixed-case addresses is the server's check. */
export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const walletAddressSchema = z.string().check(z.regex(WALLET_ADDRESS_PATTERN)).register(z.globalRegistry, {
  description: '`0x` and 40 hex digits; a mixed-case address must pass its EIP-55 checksum.',
});

/** A non-negative decimal string such as `"0.031746031746031746"`: crypto amounts are never floats. */
export const DECIMAL_STRING_PATTERN = /^\d{1,30}(\.\d{1,18})?$/;
export const decimalStringSchema = z.string().check(z.regex(DECIMAL_STRING_PATTERN)).register(z.globalRegistry, {
  description: 'A non-negative decimal string at the asset’s precision (never a float).',
});

/** A safe integer. */
export const integerSchema = z.int();

/** Integer minor units (cents), as the status, detail and list views carry fees. */
export const minorUnitsSchema = z
  .int()
  .check(z.gte(0))
  .register(z.globalRegistry, { description: 'Integer minor units (cents).' });

/** A decimal number in major units, as the creation response and the quote carry fees. */
export const majorAmountSchema = z
  .number()
  .check(z.gte(0))
  .register(z.globalRegistry, { description: 'Decimal number in major units of the fiat currency.' });

export const exchangeRateSchema = z
  .number()
  .check(z.gt(0))
  .register(z.globalRegistry, { description: 'Fiat major units per one crypto unit.' });

export const sessionIdSchema = z
  .string()
  .check(z.regex(SESSION_ID_PATTERN))
  .register(z.globalRegistry, { description: 'Session id: `ors_` and letters and digits of no fixed length.' });

/** `<session_id>_secret_<random>`: the session id is its prefix. */
export const clientSecretSchema = z.string().check(z.regex(CLIENT_SECRET_PATTERN)).register(z.globalRegistry, {
  description: 'The session’s client secret, `<session_id>_secret_<random>`: hand it to the widget, never log it.',
});
