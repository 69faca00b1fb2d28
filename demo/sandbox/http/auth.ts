/**
 * API key authentication, rate limiting and permission checks. Publishable keys pass only where a
 * route allows them; the test helpers take test secret keys only.
 */
import type { MiddlewareHandler } from 'hono';
import type { Permission } from '../../../src/contract/index.js';
import { parseApiKey } from '../../../src/contract/index.js';
import type { SandboxDeps } from '../deps.js';
import { sha256Hex } from '../domain/ids.js';
import { ApiError } from './errors.js';
import type { ApiEnv } from './types.js';

export interface AccessRule {
  /** Permission the key must hold; none for the quote endpoint. */
  permission?: Permission;
  /** Whether a publishable key is accepted here. */
  publishable?: boolean;
  /** Test secret keys only (test helpers). */
  testSecretOnly?: boolean;
}

export function authenticate(deps: SandboxDeps, rule: AccessRule): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const presented = c.req.header('X-API-Key')?.trim() ?? '';
    if (presented === '') {
      throw new ApiError('MISSING_API_KEY', 'No API key: send your key in the X-API-Key header');
    }
    const parsed = parseApiKey(presented);
    const record = parsed && parsed.brand === deps.brand ? deps.apiKeys.findActiveByHash(sha256Hex(presented)) : undefined;
    if (!record) throw new ApiError('INVALID_API_KEY', 'The API key is invalid or has been revoked');

    // One bucket per account and environment: minting more keys buys no more requests.
    const decision = deps.rateLimiter.take(`${record.accountId}:${record.environment}`);
    if (!decision.allowed) {
      throw new ApiError('RATE_LIMITED', `Too many ${record.environment} requests for this account; retry in ${decision.retryAfterSeconds} s`, {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      });
    }
    deps.apiKeys.touch(record.id, deps.clock.now());

    if (record.type === 'publishable' && !rule.publishable) {
      throw new ApiError(
        'INSUFFICIENT_PERMISSIONS',
        'Publishable keys may only read a session (with its client secret) and get quotes; use a secret key from your server',
      );
    }
    if (rule.testSecretOnly && (record.type !== 'secret' || record.environment !== 'test')) {
      throw new ApiError('INSUFFICIENT_PERMISSIONS', 'Test helpers need a test-mode secret key');
    }
    if (rule.permission && !record.permissions.includes(rule.permission)) {
      throw new ApiError('INSUFFICIENT_PERMISSIONS', `This key lacks the ${rule.permission} permission`);
    }
    c.set('apiKey', record);
    await next();
  };
}
