/** The response envelopes: `{success: true, data}` and docs/design.md's error envelope. */
import * as z from 'zod/mini';
import { errorEnvelopeExample } from './examples.js';
import { named } from './named.js';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_WALLET_ADDRESS',
  'UNSUPPORTED_NETWORK',
  'AMOUNT_OUT_OF_RANGE',
  'INVALID_JSON',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'INSUFFICIENT_PERMISSIONS',
  'NOT_FOUND',
  'KEY_MODE_MISMATCH',
  'METHOD_NOT_ALLOWED',
  'IDEMPOTENCY_CONFLICT',
  'SESSION_NOT_PAYABLE',
  'INVALID_TRANSITION',
  'LIMIT_REACHED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status of each error code. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_WALLET_ADDRESS: 400,
  UNSUPPORTED_NETWORK: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  INVALID_JSON: 400,
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  NOT_FOUND: 404,
  KEY_MODE_MISMATCH: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_CONFLICT: 409,
  SESSION_NOT_PAYABLE: 409,
  INVALID_TRANSITION: 409,
  // A hosted-demo account holds at most so many sessions, keys or webhook endpoints.
  LIMIT_REACHED: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/**
 * The error body. `code` is a plain string on the way in, so a client still reads an error from a
 * newer server whose codes it does not know.
 */
export const errorEnvelopeSchema = named(
  z.object({
    success: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      param: z.optional(z.string()),
      request_id: z.string(),
    }),
  }),
  { id: 'ErrorEnvelope', example: errorEnvelopeExample },
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ErrorBody = ErrorEnvelope['error'];

/** `{success: true, data}` around the given data schema. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
