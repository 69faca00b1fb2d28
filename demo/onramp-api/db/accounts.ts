/**
 * Accounts: the owners of keys, sessions, transactions and webhooks. A guest account has an
 * `expires_at`; past it, the account is deleted with everything in it.
 */
import type { Db } from './database.js';

export interface AccountRow {
  id: string;
  name: string;
  created_at: number;
  /** When a guest account is deleted; null for an account that stays. */
  expires_at: number | null;
}

/**
 * Deleting an account with everything in it, children before parents (foreign keys are on):
 * webhook attempts, deliveries, events, endpoints, idempotency records, sessions, keys, then the
 * account. Every statement finds its rows through an index (a test reads the query plans): an
 * account's deletion costs its own rows, not the whole database's.
 */
export const ACCOUNT_PURGE: readonly string[] = [
  `DELETE FROM webhook_attempts WHERE delivery_id IN (
     SELECT d.id FROM webhook_deliveries d
     WHERE d.endpoint_id IN (SELECT id FROM webhook_endpoints WHERE account_id = @id)
        OR d.event_id IN (SELECT id FROM webhook_events WHERE account_id = @id))`,
  `DELETE FROM webhook_deliveries
   WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE account_id = @id)
      OR event_id IN (SELECT id FROM webhook_events WHERE account_id = @id)`,
  'DELETE FROM webhook_events WHERE account_id = @id',
  'DELETE FROM webhook_endpoints WHERE account_id = @id',
  'DELETE FROM idempotency_keys WHERE account_id = @id',
  'DELETE FROM sessions WHERE account_id = @id',
  'DELETE FROM api_keys WHERE account_id = @id',
  'DELETE FROM accounts WHERE id = @id',
];

/**
 * Run inside an account's purge, in its transaction, before any of the account's own rows go: a
 * program that keeps rows of its own per account in this database (the public demo) deletes them
 * here, without this API knowing its tables. (Its tables may refer to `accounts` in an older
 * database, so they go first.) A hook that throws undoes the whole purge.
 */
export type AccountPurgeHook = (accountId: string) => void;

export function createAccountsRepo(db: Db) {
  const insert = db.prepare<[string, string, number, number | null]>(
    'INSERT INTO accounts (id, name, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const first = db.prepare<[], AccountRow>(
    'SELECT * FROM accounts WHERE expires_at IS NULL ORDER BY created_at, id LIMIT 1',
  );
  const byId = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?');
  const expired = db.prepare<[number, number], { id: string }>(
    'SELECT id FROM accounts WHERE expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at LIMIT ?',
  );
  const idle = db.prepare<[number, number], { id: string }>(
    `SELECT id FROM accounts a WHERE expires_at IS NOT NULL AND created_at < ?
       AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id)
     ORDER BY created_at LIMIT ?`,
  );
  const expiring = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM accounts WHERE expires_at IS NOT NULL');
  const purge = ACCOUNT_PURGE.map((sql) => db.prepare(sql));
  const beforePurge: AccountPurgeHook[] = [];
  return {
    insert(row: AccountRow): void {
      insert.run(row.id, row.name, row.created_at, row.expires_at);
    },
    /** The merchant's own account (the first that never expires). */
    first(): AccountRow | undefined {
      return first.get();
    },
    find(id: string): AccountRow | undefined {
      return byId.get(id);
    },
    /** Ids of accounts whose time is up, oldest first. */
    expiredIds(now: number, limit: number): string[] {
      return expired.all(now, limit).map((row) => row.id);
    },
    /** Ids of expiring accounts made before `createdBefore` that never made a session, oldest first. */
    idleIds(createdBefore: number, limit: number): string[] {
      return idle.all(createdBefore, limit).map((row) => row.id);
    },
    /** How many accounts that expire exist now (guest accounts). */
    countExpiring(): number {
      return expiring.get()?.n ?? 0;
    },
    /** Adds a hook run before every purge, in its transaction (`AccountPurgeHook`). */
    beforePurge(hook: AccountPurgeHook): void {
      beforePurge.push(hook);
    },
    /** Deletes the account and everything in it (the hooks' rows first), in one transaction. */
    deleteWithEverything(id: string): void {
      db.transaction(() => {
        for (const hook of beforePurge) hook(id);
        for (const statement of purge) statement.run({ id });
      })();
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
