/**
 * Fee breakdowns as the sandbox writes them: major-unit decimals on creation, quotes and the session
 * status (no total there); integer cents in the transaction detail.
 */
import * as z from 'zod/mini';
import { majorAmountSchema, minorUnitsSchema } from './primitives.js';

/** Fees in the creation response and the quote: decimal numbers in major units. */
export const quotedFeesSchema = z.object({
  platform_fee: majorAmountSchema,
  network_fee: majorAmountSchema,
  processing_fee: majorAmountSchema,
  total_fee: majorAmountSchema,
});
export type QuotedFees = z.infer<typeof quotedFeesSchema>;

/** Fees in the session status (`GET /v1/onramp`): decimal numbers in major units, no total. */
export const statusFeesSchema = z.object({
  platform_fee: majorAmountSchema,
  network_fee: majorAmountSchema,
  processing_fee: majorAmountSchema,
});
export type StatusFees = z.infer<typeof statusFeesSchema>;

/** Fees in the transaction detail (`GET /v1/transactions/:id`): integers in cents, no total. */
export const settledFeesSchema = z.object({
  platform_fee: minorUnitsSchema,
  network_fee: minorUnitsSchema,
  processing_fee: minorUnitsSchema,
});
export type SettledFees = z.infer<typeof settledFeesSchema>;
