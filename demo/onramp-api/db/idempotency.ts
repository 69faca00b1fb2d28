/** Stored responses of requests sent with an `Idempotency-Key`, replayed byte for byte. */
import type { KeyEnvironment } from '../../../src/contract/product.js';
import type { Db } from './database.js';

export interface IdempotencyRecord {
  requestHash: string;
  statusCode: number;
  responseBody: string;
}

export interface IdempotencyScope {
  accountId: string;
  environment: KeyEnvironment;
  endpoint: string;
  key: string;
}

export function createIdempotencyRepo(db: Db) {
  const find = db.prepare<
    [string, string, string, string],
    { request_hash: string; status_code: number; response_body: string }
  >(
    `SELECT request_hash, status_code, response_body FROM idempotency_keys
     WHERE account_id = ? AND environment = ? AND endpoint = ? AND idempotency_key = ?`,
  );
  const insert = db.prepare(
    `INSERT INTO idempotency_keys
       (account_id, environment, endpoint, idempotency_key, request_hash, status_code, response_body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    find(scope: IdempotencyScope): IdempotencyRecord | undefined {
      const row = find.get(scope.accountId, scope.environment, scope.endpoint, scope.key);
      return row && { requestHash: row.request_hash, statusCode: row.status_code, responseBody: row.response_body };
    },
    save(scope: IdempotencyScope, record: IdempotencyRecord, at: number): void {
      insert.run(
        scope.accountId,
        scope.environment,
        scope.endpoint,
        scope.key,
        record.requestHash,
        record.statusCode,
        record.responseBody,
        at,
      );
    },
    /** Runs `fn` in one database transaction (nested ones become savepoints): all of it commits, or none. */
    atomically<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
    pruneOlderThan(at: number): void {
      prune.run(at);
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof createIdempotencyRepo>;
