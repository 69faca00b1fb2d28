/** Accounts: the owners of keys, sessions and transactions. */
import type { Db } from './database.js';

export interface AccountRow {
  id: string;
  name: string;
  created_at: number;
}

export function createAccountsRepo(db: Db) {
  const insert = db.prepare<[string, string, number]>('INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)');
  const first = db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY created_at, id LIMIT 1');
  return {
    insert(row: AccountRow): void {
      insert.run(row.id, row.name, row.created_at);
    },
    first(): AccountRow | undefined {
      return first.get();
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
