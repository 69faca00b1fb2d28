/** Field-level schemas shared by the resource, request and response schemas. */
import * as z from 'zod/mini';
import {
  CRYPTO_CURRENCIES,
  FIAT_AMOUNT_MAX,
  FIAT_AMOUNT_MIN,
  FIAT_CURRENCIES,
  KEY_ENVIRONMENTS,
  KEY_TYPES,
  NETWORKS,
  PERMISSIONS,
  SESSION_STATUSES,
  TRANSACTION_STATUSES,
} from '../catalog.js';
import { SESSION_ID_PATTERN } from '../credentials.js';

export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES);
export const networkSchema = z.enum(NETWORKS);
export const fiatCurrencySchema = z.enum(FIAT_CURRENCIES);
export const sessionStatusSchema = z.enum(SESSION_STATUSES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const permissionSchema = z.enum(PERMISSIONS);
export const keyEnvironmentSchema = z.enum(KEY_ENVIRONMENTS);
export const keyTypeSchema = z.enum(KEY_TYPES);

/**
 * ISO 8601 timestamp with a zone (`Z` or an offset). A regex rather than `z.iso.datetime()`: the
 * same check at a fraction of the bytes in the browser bundle.
 */
export const timestampSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/),
);

/** `0x` and 40 hex digits. The EIP-55 checksum of mixed-case addresses is the server's check. */
export const walletAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** A non-negative decimal string such as `"0.031746031746031746"`: crypto amounts are never floats. */
export const decimalStringSchema = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));

/** Integer fiat amount in minor units, inside the allowed range. */
export const fiatAmountSchema = z.int().check(z.gte(FIAT_AMOUNT_MIN), z.lte(FIAT_AMOUNT_MAX));

/** Integer minor units (cents), as the status, detail and list views carry fees. */
export const minorUnitsSchema = z.int().check(z.gte(0));

/** A decimal number in major units, as the creation response and the quote carry fees. */
export const majorAmountSchema = z.number().check(z.gte(0));

export const exchangeRateSchema = z.number().check(z.gt(0));

export const sessionIdSchema = z.string().check(z.regex(SESSION_ID_PATTERN));

/** Custom metadata: flat string keys to string, number, boolean or null values. */
export const metadataSchema = z.record(
  z.string().check(z.minLength(1), z.maxLength(40)),
  z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]),
);
