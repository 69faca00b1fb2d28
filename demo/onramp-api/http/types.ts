/** Hono environment of the API app: what middleware hands to the routes. */
import type { ApiKeyRecord } from '../db/api-keys.js';

export interface ApiEnv {
  Variables: {
    requestId: string;
    /** The authenticated key (set by the auth middleware). */
    apiKey: ApiKeyRecord;
  };
}
