/** `POST /v1/test_helpers/onramp/advance`: forces a legal transition in test mode. */
import * as z from 'zod/mini';
import { sessionIdSchema, sessionStatusSchema } from './primitives.js';
import { advanceSessionRequestExample } from './examples.js';
import { named } from './named.js';

export const advanceSessionRequestSchema = named(
  z.object({
    session_id: sessionIdSchema,
    to: sessionStatusSchema,
  }),
  { id: 'AdvanceSessionRequest', example: advanceSessionRequestExample },
);
export type AdvanceSessionRequest = z.infer<typeof advanceSessionRequestSchema>;
