/** `POST /v1/test_helpers/onramp/advance`: forces a legal transition in test mode. */
import * as z from 'zod/mini';
import { sessionIdSchema, sessionStatusSchema } from './primitives.js';

export const advanceSessionRequestSchema = z.object({
  session_id: sessionIdSchema,
  to: sessionStatusSchema,
});
export type AdvanceSessionRequest = z.infer<typeof advanceSessionRequestSchema>;
