/** Field-level schemas of request bodies (server side): amounts and metadata as accepted. */
import * as z from 'zod/mini';
import { FIAT_AMOUNT_MAX, FIAT_AMOUNT_MIN } from '../catalog.js';

/** Integer fiat amount in minor units, inside the allowed range. */
export const fiatAmountSchema = z.int().check(z.gte(FIAT_AMOUNT_MIN), z.lte(FIAT_AMOUNT_MAX));

/** Custom metadata: flat string keys to string, number, boolean or null values. */
export const metadataSchema = z.record(
  z.string().check(z.minLength(1), z.maxLength(40)),
  z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]),
);
