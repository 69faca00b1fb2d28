/**
 * API key authentication, rate limiting and permission checks. Publishable keys pass only where a
 * route allows them; the test helpers take test secret keys only.
 */
import type { MiddlewareHandler } from 'hono';
import type { Permission } from '../../../src/contract/product.js';
import { parseApiKey } from '../../../src/contract/credentials.js';
import type { SandboxDeps } from '../deps.js';
import { sha256Hex } from '../../http-common/ids.js';
import { requestClientAddress } from '../../http-common/client-address.js';
import { ErrorAnswer } from './errors.js';
import type { RateDecision } from './rate-limit.js';
import type { ApiEnv } from './types.js';

export interface AccessRule {
  /** Permission the key must hold; none for the quote endpoint. */
  permission?: Permission;
  /** Whether a publishable key is accepted here. */
  publishable?: boolean;
  /** Test secret keys only (test helpers). */
  testSecretOnly?: boolean;
}

/** 429 with `Retry-After` when `decision` refuses. */
export function enforce(decision: RateDecision, what: string): void {
  if (decision.allowed) return;
  throw new ErrorAnswer('RATE_LIMITED', `Too many ${what}; retry in ${decision.retryAfterSeconds} s`, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}

/**
 * Before any body is read: a request that carries one but no API key is refused at once (every
 * route that takes a body needs a key), and counts as a failed authentication of its address.
 */
export function keyBeforeBody(deps: SandboxDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.req.raw.body && !c.req.header('X-API-Key')?.trim() && c.req.method !== 'OPTIONS') {
      enforce(
        deps.limits.failedAuth(requestClientAddress(c, deps.trustedProxies)),
        'failed authentications from this address',
      );
      throw new ErrorAnswer('MISSING_API_KEY', 'No API key: send your key in the X-API-Key header');
    }
    await next();
  };
}

export function authenticate(deps: SandboxDeps, rule: AccessRule): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const address = requestClientAddress(c, deps.trustedProxies);
    const presented = c.req.header('X-API-Key')?.trim() ?? '';
    const parsed = presented === '' ? null : parseApiKey(presented);
    const record =
      parsed?.brand === deps.brand ? deps.apiKeys.findActiveByHash(sha256Hex(presented), deps.clock.now()) : undefined;
    if (!record) {
      // Guessing keys costs the guesser: failed attempts are limited per client address.
      enforce(deps.limits.failedAuth(address), 'failed authentications from this address');
      if (presented === '')
        throw new ErrorAnswer('MISSING_API_KEY', 'No API key: send your key in the X-API-Key header');
      throw new ErrorAnswer('INVALID_API_KEY', 'The API key is invalid or has been revoked');
    }

    if (record.type === 'secret') {
      // One bucket per account and environment, secret keys only: minting keys buys no more requests,
      // and nothing a page does with the public key can drain it.
      enforce(
        deps.limits.secret(record.accountId, record.environment),
        `${record.environment} requests for this account`,
      );
    } else {
      // The publishable key is in every merchant page: its callers are limited per address (and, once
      // they proved a session's client secret, per session: routes/onramp.ts).
      enforce(deps.limits.publishable(address), 'requests with the publishable key from this address');
    }
    deps.apiKeys.touch(record.id, deps.clock.now());

    if (record.type === 'publishable' && !rule.publishable) {
      throw new ErrorAnswer(
        'INSUFFICIENT_PERMISSIONS',
        'Publishable keys may only read a session (with its client secret) and get quotes; use a secret key from your server',
      );
    }
    if (rule.testSecretOnly && (record.type !== 'secret' || record.environment !== 'test')) {
      throw new ErrorAnswer('INSUFFICIENT_PERMISSIONS', 'Test helpers need a test-mode secret key');
    }
    if (rule.permission && !record.permissions.includes(rule.permission)) {
      throw new ErrorAnswer('INSUFFICIENT_PERMISSIONS', `This key lacks the ${rule.permission} permission`);
    }
    c.set('apiKey', record);
    await next();
  };
}
