/**
 * `Idempotency-Key` handling: the first successful response of a key is stored; the same key with
 * the same body replays it byte for byte (`Idempotent-Replayed: true`); with a different body it is
 * `IDEMPOTENCY_CONFLICT`. Errors are not stored, so a corrected retry can succeed. The check, the
 * work and the save run synchronously, so concurrent requests with one key cannot both run; the
 * work and the save share one database transaction, so a crash cannot keep one without the other.
 * The key is stored as a hash and the response sealed under the key itself: a stored creation
 * response holds a client secret, which must never sit readable in the database file.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxDeps } from '../deps.js';
import { seal, unseal } from '../domain/ids.js';
import { sha256Hex } from '../../http-common/ids.js';
import { canonicalJson } from '../../http-common/bounded-json.js';
import { ErrorAnswer } from './errors.js';
import { JSON_CONTENT_TYPE, successBody } from '../../http-common/envelope.js';
import type { ApiEnv } from './types.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export function idempotent(
  deps: SandboxDeps,
  c: Context<ApiEnv>,
  body: unknown,
  work: () => { status: ContentfulStatusCode; data: unknown },
): Response {
  const header = c.req.header('Idempotency-Key');
  if (header === undefined) {
    const { status, data } = work();
    return c.body(successBody(data), status, { 'Content-Type': JSON_CONTENT_TYPE });
  }
  if (!KEY_PATTERN.test(header)) {
    throw new ErrorAnswer('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
      param: 'Idempotency-Key',
    });
  }
  const key = c.get('apiKey');
  const scope = {
    accountId: key.accountId,
    environment: key.environment,
    endpoint: `${c.req.method} ${c.req.path}`,
    key: sha256Hex(header),
  };
  const requestHash = sha256Hex(canonicalJson(body));
  const stored = deps.idempotency.find(scope);
  if (stored) {
    if (stored.requestHash !== requestHash) {
      throw new ErrorAnswer(
        'IDEMPOTENCY_CONFLICT',
        'This Idempotency-Key was already used with a different request body',
        {
          param: 'Idempotency-Key',
        },
      );
    }
    const replay = unseal(stored.responseBody, header);
    if (replay === null) throw new Error('stored idempotent response could not be opened');
    return c.body(replay, stored.statusCode as ContentfulStatusCode, {
      'Content-Type': JSON_CONTENT_TYPE,
      'Idempotent-Replayed': 'true',
    });
  }
  // The work's writes and the stored response commit together: a crash between them would leave a
  // write without its record, and the client's retry with the same key would then do it twice.
  const { status, text } = deps.idempotency.atomically(() => {
    const { status, data } = work();
    const text = successBody(data);
    deps.idempotency.save(
      scope,
      { requestHash, statusCode: status, responseBody: seal(text, header) },
      deps.clock.now(),
    );
    return { status, text };
  });
  return c.body(text, status, { 'Content-Type': JSON_CONTENT_TYPE });
}
