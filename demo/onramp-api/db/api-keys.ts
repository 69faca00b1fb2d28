/** API keys, stored only as SHA-256 hashes of the full key. */
import type { KeyEnvironment, KeyType, Permission } from '../../../src/contract/product.js';
import type { Db } from './database.js';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  environment: KeyEnvironment;
  type: KeyType;
  prefix: string;
  permissions: Permission[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  environment: KeyEnvironment;
  type: KeyType;
  prefix: string;
  permissions: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    environment: row.environment,
    type: row.type,
    prefix: row.prefix,
    permissions: JSON.parse(row.permissions) as Permission[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createApiKeysRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, account_id, name, environment, type, prefix, key_hash, permissions, created_at)
     VALUES (@id, @account_id, @name, @environment, @type, @prefix, @key_hash, @permissions, @created_at)`,
  );
  // A guest account's keys end with the account's time, before the sweeper deletes them.
  const byHash = db.prepare<[string, number], ApiKeyRow>(
    `SELECT k.* FROM api_keys k JOIN accounts a ON a.id = k.account_id
     WHERE k.key_hash = ? AND k.revoked_at IS NULL AND (a.expires_at IS NULL OR a.expires_at > ?)`,
  );
  const activeByAccount = db.prepare<[string, string], ApiKeyRow>(
    'SELECT * FROM api_keys WHERE account_id = ? AND environment = ? AND revoked_at IS NULL ORDER BY created_at DESC, id DESC',
  );
  const activeOfEnvironment = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM api_keys WHERE environment = ? AND revoked_at IS NULL',
  );
  const touch = db.prepare<[number, string]>('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
  const revoke = db.prepare<[number, string, string, string]>(
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND environment = ? AND revoked_at IS NULL',
  );
  return {
    insert(record: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>, keyHash: string): void {
      insert.run({
        id: record.id,
        account_id: record.accountId,
        name: record.name,
        environment: record.environment,
        type: record.type,
        prefix: record.prefix,
        key_hash: keyHash,
        permissions: JSON.stringify(record.permissions),
        created_at: record.createdAt,
      });
    },
    /** The key with this hash, unless revoked or its account's time is up at `now`. */
    findActiveByHash(keyHash: string, now: number): ApiKeyRecord | undefined {
      const row = byHash.get(keyHash, now);
      return row && toRecord(row);
    },
    /** Active keys of one account and environment, newest first. */
    listActive(accountId: string, environment: KeyEnvironment): ApiKeyRecord[] {
      return activeByAccount.all(accountId, environment).map(toRecord);
    },
    /** Active keys of an environment, every account together. */
    countActive(environment: KeyEnvironment): number {
      return activeOfEnvironment.get(environment)?.n ?? 0;
    },
    touch(id: string, at: number): void {
      touch.run(at, id);
    },
    /** True when an active key of that account and environment was revoked. */
    revoke(id: string, accountId: string, environment: KeyEnvironment, at: number): boolean {
      return revoke.run(at, id, accountId, environment).changes === 1;
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
