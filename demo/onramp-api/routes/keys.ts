/**
 * `/v1/keys`: create (full key shown once), list (no full keys, revoked ones hidden), revoke.
 * Least privilege: a key manages only keys of its own environment and grants only permissions it
 * holds itself, so no key can mint a stronger one or cross from test to live.
 */
import {
  DEFAULT_PERMISSIONS,
  KEY_ENVIRONMENTS,
  KEY_TYPES,
  PERMISSIONS,
  PUBLISHABLE_PERMISSIONS,
} from '../../../src/contract/product.js';
import { createApiKeyRequestSchema } from '../../../src/contract/write/api-key.js';
import { issueKey } from '../domain/keys.js';
import { apiKeyAnswer, createdApiKeyAnswer } from '../domain/answers.js';
import { checkGuestCreation } from '../guest-accounts/creation-limits.js';
import { readJsonObject } from '../http/body.js';
import { ErrorAnswer, sendData } from '../http/errors.js';
import { type SomeOperationHandlers, pathParam } from '../http/operation-routes.js';
import { type FieldRule, message, parseWith } from '../http/validation.js';

const keyRules: Readonly<Record<string, FieldRule>> = {
  name: message('name must be a string of 1 to 100 characters'),
  environment: message(`environment must be one of ${KEY_ENVIRONMENTS.join(', ')}`),
  permissions: message(`permissions must be an array of permission names: ${PERMISSIONS.join(', ')}`),
  type: message(`type must be one of ${KEY_TYPES.join(', ')}`),
};

export const keyHandlers = {
  createApiKey: async (c, deps) => {
    const key = c.get('apiKey');
    const input = parseWith(createApiKeyRequestSchema, await readJsonObject(c), keyRules);
    const type = input.type ?? 'secret';
    const permissions = input.permissions ?? DEFAULT_PERMISSIONS[type];
    if (type === 'publishable' && permissions.some((p) => !PUBLISHABLE_PERMISSIONS.includes(p))) {
      throw new ErrorAnswer(
        'VALIDATION_ERROR',
        `A publishable key may only hold ${PUBLISHABLE_PERMISSIONS.join(', ')}`,
        {
          param: 'permissions',
        },
      );
    }
    if (input.environment !== key.environment) {
      throw new ErrorAnswer(
        'INSUFFICIENT_PERMISSIONS',
        `A ${key.environment} key cannot manage ${input.environment} keys; use a ${input.environment} key`,
        {
          param: 'environment',
        },
      );
    }
    const lacking = permissions.filter((p) => !key.permissions.includes(p));
    if (lacking.length > 0) {
      throw new ErrorAnswer(
        'INSUFFICIENT_PERMISSIONS',
        `A key can only grant permissions it holds; this key lacks ${lacking.join(', ')}`,
        {
          param: 'permissions',
        },
      );
    }
    // Counted right before the insert, with no await between: parallel requests cannot overshoot.
    checkGuestCreation(c, deps, 'keys');
    const issued = issueKey(
      deps.apiKeys,
      deps.brand,
      { accountId: key.accountId, name: input.name, environment: input.environment, type, permissions },
      deps.clock.now(),
    );
    return sendData(c, createdApiKeyAnswer(issued.record, issued.key), 201);
  },

  listApiKeys: (c, deps) => {
    const key = c.get('apiKey');
    return sendData(c, { keys: deps.apiKeys.listActive(key.accountId, key.environment).map(apiKeyAnswer) });
  },

  revokeApiKey: (c, deps) => {
    const key = c.get('apiKey');
    const id = pathParam(c, 'id');
    if (!deps.apiKeys.revoke(id, key.accountId, key.environment, deps.clock.now())) {
      throw new ErrorAnswer('NOT_FOUND', `No active ${key.environment} key ${id}`, { param: 'id' });
    }
    return sendData(c, { message: `Key ${id} revoked; requests with it now fail with INVALID_API_KEY` });
  },
} satisfies SomeOperationHandlers;
