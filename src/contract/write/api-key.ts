/** `/v1/keys`: creation request, creation response (with the full key, once) and list items. */
import * as z from 'zod/mini';
import { KEY_ENVIRONMENTS, KEY_TYPES, PERMISSIONS } from '../product.js';
import { timestampSchema } from './primitives.js';
import {
  apiKeyListExample,
  createApiKeyRequestExample,
  createdApiKeyExample,
  revokedApiKeyExample,
} from './examples.js';
import { named } from './named.js';

export const permissionSchema = z.enum(PERMISSIONS);
export const keyEnvironmentSchema = z.enum(KEY_ENVIRONMENTS);
export const keyTypeSchema = z.enum(KEY_TYPES);

export const createApiKeyRequestSchema = named(
  z.object({
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    environment: keyEnvironmentSchema,
    permissions: z.optional(z.array(permissionSchema)),
    /** Extension: `secret` (default) or `publishable`. */
    type: z.optional(keyTypeSchema),
  }),
  { id: 'CreateApiKeyRequest', example: createApiKeyRequestExample },
);
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

const apiKeyBase = {
  id: z.string(),
  name: z.string(),
  environment: keyEnvironmentSchema,
  type: keyTypeSchema,
  prefix: z.string(),
  permissions: z.array(permissionSchema),
  created_at: timestampSchema,
};

export const createdApiKeySchema = named(z.object({ ...apiKeyBase, key: z.string() }), {
  id: 'CreatedApiKey',
  example: createdApiKeyExample,
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeySchema = z.object({ ...apiKeyBase, last_used_at: z.nullable(timestampSchema) });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = named(z.object({ keys: z.array(apiKeySchema) }), {
  id: 'ApiKeyList',
  example: apiKeyListExample,
});

export const revokedApiKeySchema = named(z.object({ message: z.string() }), {
  id: 'RevokedApiKey',
  example: revokedApiKeyExample,
});
