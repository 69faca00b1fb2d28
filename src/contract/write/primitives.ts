/**
 * Field-level schemas of the shapes the sandbox writes. The widget does not import this module (it
 * reads through `../read/`): every schema built at the top level of a module ships in any bundle
 * that imports the module, so browser code takes its schema helpers from `kinds.ts`.
 */
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, NETWORKS, SESSION_STATUSES } from '../catalog.js';
import { CLIENT_SECRET_PATTERN, SESSION_ID_PATTERN } from '../credentials.js';

export * from '../read/kinds.js';
import { atLeast, finiteNumber, matching, oneOf, rule } from '../read/kinds.js';

export const cryptoCurrencySchema = oneOf(CRYPTO_CURRENCIES);
export const networkSchema = oneOf(NETWORKS);
export const fiatCurrencySchema = oneOf(FIAT_CURRENCIES);
export const sessionStatusSchema = oneOf(SESSION_STATUSES);

/**
 * ISO 8601 timestamp with a zone (`Z` or an offset). A regex rather than `z.iso.datetime()`: the
 * same check at a fraction of the bytes in the browser bundle.
 */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const timestampSchema = matching(TIMESTAMP_PATTERN);

/** `0x` and 40 hex digits. The EIP-55 checksum of mixed-case addresses is the server's check. */
export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const walletAddressSchema = matching(WALLET_ADDRESS_PATTERN);

/** A non-negative decimal string such as `"0.031746031746031746"`: crypto amounts are never floats. */
export const DECIMAL_STRING_PATTERN = /^\d{1,30}(\.\d{1,18})?$/;
export const decimalStringSchema = matching(DECIMAL_STRING_PATTERN);

/** A safe integer (what `z.int()` accepts). */
export const integerSchema = finiteNumber().check(rule(Number.isSafeInteger));

/** Integer minor units (cents), as the status, detail and list views carry fees. */
export const minorUnitsSchema = integerSchema.check(rule((value) => value >= 0));

/** A decimal number in major units, as the creation response and the quote carry fees. */
export const majorAmountSchema = atLeast(0);

export const exchangeRateSchema = atLeast(0, true);

export const sessionIdSchema = matching(SESSION_ID_PATTERN);

/** `<session_id>_secret_<random>`: the session id is its prefix. */
export const clientSecretSchema = matching(CLIENT_SECRET_PATTERN);
