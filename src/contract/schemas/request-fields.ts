/** Field-level schemas of request bodies (server side): amounts and metadata as accepted. */
import * as z from 'zod/mini';
import { FIAT_AMOUNT_MAX, FIAT_AMOUNT_MIN } from '../catalog.js';

/** Integer fiat amount in minor units, inside the allowed range. */
export const fiatAmountSchema = z.int().check(z.gte(FIAT_AMOUNT_MIN), z.lte(FIAT_AMOUNT_MAX));

/** Keys a plain object cannot hold as data: refused, never silently dropped. */
export const RESERVED_METADATA_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Custom metadata: flat string keys to string, number, boolean or null values. Reserved keys are
 * checked on the input, since a record's parse skips `__proto__` before any key check runs.
 */
export const metadataSchema = z.pipe(
  z.unknown().check(z.refine((value) => !RESERVED_METADATA_KEYS.some((key) => Object.hasOwn(Object(value), key)))),
  z.record(
    z.string().check(z.minLength(1), z.maxLength(40)),
    z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]),
  ),
);
