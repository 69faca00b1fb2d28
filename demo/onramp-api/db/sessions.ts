/** Onramp sessions; every session is also a transaction (`transaction_id`). */
import type {
  CryptoCurrency,
  FiatCurrency,
  KeyEnvironment,
  Network,
  SessionStatus,
  TransactionStatus,
} from '../../../src/contract/product.js';
import type Database from 'better-sqlite3';
import type { Db } from './database.js';

export interface SessionRow {
  id: string;
  transaction_id: string;
  account_id: string;
  environment: KeyEnvironment;
  client_secret_hash: string;
  checkout_token_hash: string;
  status: SessionStatus;
  wallet_address: string;
  crypto_currency: CryptoCurrency;
  network: Network;
  fiat_currency: FiatCurrency;
  fiat_amount: number;
  crypto_amount: string;
  exchange_rate: string;
  platform_fee: number;
  network_fee: number;
  processing_fee: number;
  customer_email: string | null;
  metadata: string | null;
  return_url: string | null;
  tx_hash: string | null;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  quote_expires_at: number;
  paid_at: number | null;
  deliver_at: number | null;
  delivery_outcome: 'completed' | 'failed' | null;
  completed_at: number | null;
}

export interface TransactionFilter {
  accountId: string;
  environment: KeyEnvironment;
  status?: TransactionStatus;
  /** Inclusive lower bound, ms. */
  fromMs?: number;
  /** Exclusive upper bound, ms. */
  toMsExclusive?: number;
  walletAddress?: string;
  cryptoCurrency?: CryptoCurrency;
  limit: number;
  offset: number;
}

/** The columns a transaction list item shows (domain/answers.ts `listItem`): a page reads these only. */
export const LIST_ITEM_COLUMNS = [
  'id',
  'transaction_id',
  'status',
  'wallet_address',
  'crypto_currency',
  'crypto_amount',
  'fiat_currency',
  'fiat_amount',
  'network',
  'tx_hash',
  'completed_at',
  'metadata',
  'created_at',
  'platform_fee',
] as const satisfies readonly (keyof SessionRow)[];
export type ListItemRow = Omit<Pick<SessionRow, (typeof LIST_ITEM_COLUMNS)[number]>, 'metadata'>;

/**
 * A row of a transaction page: the columns its item shows, its metadata as the stored JSON text's
 * UTF-8 bytes. A page holds up to 100 of 8 KB each, and decoding that text into strings (to parse
 * it, write it again and encode it back) was most of a page's synchronous work; the bytes go into
 * the answer as they are (domain/list-item-json.ts).
 */
export type ListedRow = ListItemRow & { metadata: Uint8Array | null };

/** Columns a transition may change besides `status`. */
export type TransitionChanges = Partial<
  Pick<SessionRow, 'tx_hash' | 'failure_reason' | 'paid_at' | 'deliver_at' | 'delivery_outcome' | 'completed_at'>
>;

const COLUMNS = [
  'id',
  'transaction_id',
  'account_id',
  'environment',
  'client_secret_hash',
  'checkout_token_hash',
  'status',
  'wallet_address',
  'crypto_currency',
  'network',
  'fiat_currency',
  'fiat_amount',
  'crypto_amount',
  'exchange_rate',
  'platform_fee',
  'network_fee',
  'processing_fee',
  'customer_email',
  'metadata',
  'return_url',
  'tx_hash',
  'failure_reason',
  'created_at',
  'updated_at',
  'expires_at',
  'quote_expires_at',
  'paid_at',
  'deliver_at',
  'delivery_outcome',
  'completed_at',
] as const satisfies readonly (keyof SessionRow)[];

export function createSessionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const countOfAccount = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?');
  const byTransaction = db.prepare<[string, string, string], SessionRow>(
    'SELECT * FROM sessions WHERE transaction_id = ? AND account_id = ? AND environment = ?',
  );
  const expireDue = db.prepare<[number, number], { id: string }>(
    `UPDATE sessions SET status = 'expired', failure_reason = 'expired', updated_at = ?
     WHERE status = 'pending' AND expires_at <= ? RETURNING id`,
  );
  const dueDeliveries = db.prepare<[number], SessionRow>(
    `SELECT * FROM sessions WHERE status = 'processing' AND deliver_at IS NOT NULL AND deliver_at <= ?
     ORDER BY deliver_at LIMIT 500`,
  );
  const nextDueAt = db.prepare<[], { at: number | null }>(
    `SELECT MIN(at) AS at FROM (
       SELECT MIN(expires_at) AS at FROM sessions WHERE status = 'pending'
       UNION ALL SELECT MIN(deliver_at) FROM sessions WHERE status = 'processing' AND deliver_at IS NOT NULL)`,
  );
  const requote = db.prepare(
    `UPDATE sessions SET crypto_amount = @crypto_amount, exchange_rate = @exchange_rate,
       platform_fee = @platform_fee, network_fee = @network_fee, processing_fee = @processing_fee,
       quote_expires_at = @quote_expires_at, updated_at = @updated_at
     WHERE id = @id AND status = 'pending'`,
  );

  // A BLOB is handed over as bytes, a TEXT decoded into a string.
  const listedColumns = LIST_ITEM_COLUMNS.map((c) =>
    c === 'metadata' ? 'CAST(metadata AS BLOB) AS metadata' : c,
  ).join(', ');
  /** By how many ids they take: at most a page's limit of statements (PAGE_LIMIT_MAX). */
  const listedById = new Map<number, Database.Statement<unknown[], ListedRow>>();
  const listedStatement = (count: number) => {
    let statement = listedById.get(count);
    if (!statement) {
      const marks = Array.from({ length: count }, () => '?').join(', ');
      statement = db.prepare<unknown[], ListedRow>(
        `SELECT ${listedColumns} FROM sessions WHERE account_id = ? AND environment = ? AND id IN (${marks})`,
      );
      listedById.set(count, statement);
    }
    return statement;
  };

  function where(filter: TransactionFilter): { sql: string; params: (string | number)[] } {
    const clauses = ['account_id = ?', 'environment = ?'];
    const params: (string | number)[] = [filter.accountId, filter.environment];
    if (filter.status === 'failed') clauses.push("status IN ('failed', 'expired')");
    else if (filter.status) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    if (filter.fromMs !== undefined) {
      clauses.push('created_at >= ?');
      params.push(filter.fromMs);
    }
    if (filter.toMsExclusive !== undefined) {
      clauses.push('created_at < ?');
      params.push(filter.toMsExclusive);
    }
    if (filter.walletAddress) {
      clauses.push('lower(wallet_address) = lower(?)');
      params.push(filter.walletAddress);
    }
    if (filter.cryptoCurrency) {
      clauses.push('crypto_currency = ?');
      params.push(filter.cryptoCurrency);
    }
    return { sql: clauses.join(' AND '), params };
  }

  return {
    insert(row: SessionRow): void {
      insert.run(row);
    },
    findById(id: string): SessionRow | undefined {
      return byId.get(id);
    },
    /** Sessions the account ever created (both environments). */
    countOfAccount(accountId: string): number {
      return countOfAccount.get(accountId)?.n ?? 0;
    },
    findByTransactionId(transactionId: string, accountId: string, environment: KeyEnvironment): SessionRow | undefined {
      return byTransaction.get(transactionId, accountId, environment);
    },
    /**
     * A page of transactions as its ids, newest first, and the filter's total: reads the index only,
     * so it costs little however large the rows are (`listedRows` reads them a slice at a time).
     */
    pageIds(filter: TransactionFilter): { ids: string[]; total: number } {
      const { sql, params } = where(filter);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE ${sql}`).get(...params) as { n: number }).n;
      const ids = (
        db
          .prepare(`SELECT id FROM sessions WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
          .all(...params, filter.limit, filter.offset) as { id: string }[]
      ).map((row) => row.id);
      return { ids, total };
    },
    /** The rows of `ids` still in the account, in the order of `ids`. */
    listedRows(ids: readonly string[], accountId: string, environment: KeyEnvironment): ListedRow[] {
      if (ids.length === 0) return [];
      const rows = listedStatement(ids.length).all(accountId, environment, ...ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** Moves a session from `from` to `to` only if it is still in `from`; true when it moved. */
    transition(
      id: string,
      from: SessionStatus,
      to: SessionStatus,
      at: number,
      changes: TransitionChanges = {},
    ): boolean {
      const sets = ['status = @to', 'updated_at = @at'];
      for (const column of Object.keys(changes)) sets.push(`${column} = @${column}`);
      const result = db
        .prepare(`UPDATE sessions SET ${sets.join(', ')} WHERE id = @id AND status = @from`)
        .run({ ...changes, id, from, to, at });
      return result.changes === 1;
    },
    expireDue(now: number): string[] {
      return expireDue.all(now, now).map((r) => r.id);
    },
    dueDeliveries(now: number): SessionRow[] {
      return dueDeliveries.all(now);
    },
    nextDueAt(): number | null {
      return nextDueAt.get()?.at ?? null;
    },
    requote(
      id: string,
      values: Pick<
        SessionRow,
        | 'crypto_amount'
        | 'exchange_rate'
        | 'platform_fee'
        | 'network_fee'
        | 'processing_fee'
        | 'quote_expires_at'
        | 'updated_at'
      >,
    ): boolean {
      return requote.run({ ...values, id }).changes === 1;
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
