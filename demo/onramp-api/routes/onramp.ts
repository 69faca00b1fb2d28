/** `POST /v1/onramp` (create a session) and `GET /v1/onramp` (session status). */
import { SESSION_ID_PATTERN, sessionIdFromClientSecret } from '../../../src/contract/credentials.js';
import { createSessionRequestSchema } from '../../../src/contract/write/session-request.js';
import { checkoutTokenFor, matchesHash } from '../domain/ids.js';
import { checkoutRedirectUrl, createdSessionAnswer, sessionStatusAnswer } from '../domain/answers.js';
import { checkGuestCreation } from '../guest-accounts/creation-limits.js';
import { enforce } from '../http/auth.js';
import { readJsonObject } from '../http/body.js';
import { ErrorAnswer, sendData } from '../http/errors.js';
import { idempotent } from '../http/idempotency.js';
import type { SomeOperationHandlers } from '../http/operation-routes.js';
import { parseWith } from '../http/validation.js';
import { assertWalletChecksum, createSessionRules, resolveNetwork } from './rules.js';

export const onrampHandlers = {
  createSession: async (c, deps) => {
    const body = await readJsonObject(c);
    const key = c.get('apiKey');
    return idempotent(deps, c, body, () => {
      // Inside: a replay of a stored answer creates nothing, so it is neither limited nor counted.
      checkGuestCreation(c, deps, 'sessions');
      const input = parseWith(createSessionRequestSchema, body, createSessionRules);
      assertWalletChecksum(input.wallet_address);
      const network = resolveNetwork(input.crypto_currency, input.network);
      const created = deps.sessionService.create(key.accountId, key.environment, { ...input, network });
      const redirectUrl = checkoutRedirectUrl(deps.checkoutUrl, created.row.id, created.checkoutToken);
      return { status: 201, data: createdSessionAnswer(created.row, created.clientSecret, redirectUrl) };
    });
  },

  retrieveSession: (c, deps) => {
    const key = c.get('apiKey');
    const sessionId = c.req.query('session_id');
    if (!sessionId) throw new ErrorAnswer('VALIDATION_ERROR', 'session_id is required', { param: 'session_id' });
    if (!SESSION_ID_PATTERN.test(sessionId)) {
      throw new ErrorAnswer('VALIDATION_ERROR', 'session_id must look like ors_ followed by letters and digits', {
        param: 'session_id',
      });
    }
    const notFound = new ErrorAnswer('NOT_FOUND', `No session ${sessionId}`, { param: 'session_id' });
    const row = deps.sessionService.get(sessionId);
    if (row?.account_id !== key.accountId) throw notFound;

    const clientSecret = c.req.header('X-Client-Secret')?.trim();
    const secretMatches =
      clientSecret !== undefined &&
      sessionIdFromClientSecret(clientSecret) === sessionId &&
      matchesHash(clientSecret, row.client_secret_hash);
    if (row.environment !== key.environment) {
      // Naming the modes helps the merchant who mixed a live key with a test session; only a caller
      // holding the session's own secret learns them, so the answer is no oracle for session ids.
      if (key.type === 'publishable' && secretMatches) {
        throw new ErrorAnswer(
          'KEY_MODE_MISMATCH',
          `This session is in ${row.environment} mode; the key is ${key.environment}.`,
          { param: 'session_id' },
        );
      }
      throw notFound;
    }
    // A publishable key reads a session only together with that session's client secret.
    if (key.type === 'publishable' && !secretMatches) throw notFound;
    if (key.type === 'publishable')
      enforce(deps.limits.publishableSession(row.id), 'reads of this session with the publishable key');
    // The checkout token derives from the client secret, so redirect_url needs it presented.
    const redirectUrl =
      secretMatches && clientSecret
        ? checkoutRedirectUrl(deps.checkoutUrl, row.id, checkoutTokenFor(clientSecret))
        : undefined;
    return sendData(c, sessionStatusAnswer(row, redirectUrl));
  },
} satisfies SomeOperationHandlers;
