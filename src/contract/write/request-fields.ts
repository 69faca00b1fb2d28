/** Field-level schemas of request bodies (server side): amounts and metadata as accepted. */
import * as z from 'zod/mini';
import { FIAT_AMOUNT_MAX, FIAT_AMOUNT_MIN } from '../product.js';
import { metadataExample } from './examples.js';
import { named } from './named.js';

/** Integer fiat amount in minor units, inside the allowed range. */
export const fiatAmountSchema = z
  .int()
  .check(z.gte(FIAT_AMOUNT_MIN), z.lte(FIAT_AMOUNT_MAX))
  .register(z.globalRegistry, {
    description: 'Integer minor units (cents) of the fiat currency: 10.00 to 10,000.00.',
  });

/** Keys a plain object cannot hold as data: refused, never silently dropped. */
export const RESERVED_METADATA_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The bounds of `metadata` (docs/design.md "Keys"): characters per key and per string value, keys per
 * object, and bytes of the whole object as UTF-8 JSON (a character count alone bounds nothing:
 * 500 CJK characters are 1.5 KB). They bound what the server stores and answers (a page of 100
 * transactions stays under a megabyte); readers of answers do not enforce them.
 */
export const METADATA_LIMITS = { keyChars: 40, valueChars: 500, keys: 50, jsonBytes: 8 * 1024 } as const;

/** Bytes of `value` as UTF-8 JSON. */
export const jsonByteLength = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Custom metadata: flat string keys to string, number, boolean or null values, within
 * METADATA_LIMITS. Reserved keys are checked on the input, since a record's parse skips
 * `__proto__` before any key check runs.
 */
export const metadataSchema = named(
  z.pipe(
    z
      .unknown()
      .check(z.refine((value) => !RESERVED_METADATA_KEYS.some((key) => Object.hasOwn(Object(value) as object, key)))),
    z
      .record(
        z.string().check(z.minLength(1), z.maxLength(METADATA_LIMITS.keyChars)),
        z.union([z.string().check(z.maxLength(METADATA_LIMITS.valueChars)), z.number(), z.boolean(), z.null()]),
      )
      .check(
        z.refine((record) => Object.keys(record).length <= METADATA_LIMITS.keys),
        z.refine((record) => jsonByteLength(record) <= METADATA_LIMITS.jsonBytes),
      ),
  ),
  { id: 'Metadata', example: metadataExample },
);
