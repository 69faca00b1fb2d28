/** Fee breakdowns: major-unit decimals on creation and quotes, integer cents on the status views. */
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

/** Fees in the session status and transaction detail: integers in cents, no total. */
export const settledFeesSchema = z.object({
  platform_fee: minorUnitsSchema,
  network_fee: minorUnitsSchema,
  processing_fee: minorUnitsSchema,
});
export type SettledFees = z.infer<typeof settledFeesSchema>;
