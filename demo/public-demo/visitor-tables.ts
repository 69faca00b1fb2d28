/**
 * The public demo's tables (its visitors and what the shop keeps for each: received events, console
 * keys, orders), in the API's database file but the public demo's own: only `visitor-store.ts`
 * reads or writes them, the API knows none of them.
 *
 * Migrations, applied in order, recorded in `demo_migrations` (a row per applied one;
 * `PRAGMA user_version` is the API's). Append new ones at the end, never edit an applied one. A
 * database made before these migrations existed already holds the tables (the API's migrations made
 * them then, with foreign keys into `accounts`): the first migration creates only what is missing.
 */
import type { SharedStore } from '../onramp-api/index.js';

export const VISITOR_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS demo_visitors (
    token_hash             TEXT PRIMARY KEY,
    account_id             TEXT NOT NULL UNIQUE,
    receiver_id            TEXT NOT NULL UNIQUE,
    secret_key_sealed      TEXT NOT NULL,
    publishable_key        TEXT NOT NULL,
    webhook_url            TEXT NOT NULL,
    webhook_endpoint_id    TEXT NOT NULL,
    webhook_secret_sealed  TEXT NOT NULL,
    expires_at             INTEGER NOT NULL,
    created_at             INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS demo_received_events (
    account_id   TEXT NOT NULL,
    id           TEXT NOT NULL,
    event        TEXT NOT NULL,
    received_at  INTEGER NOT NULL,
    PRIMARY KEY (account_id, id)
  );
  CREATE INDEX IF NOT EXISTS demo_received_events_by_age ON demo_received_events (account_id, received_at);
  CREATE TABLE IF NOT EXISTS demo_console_keys (
    account_id  TEXT NOT NULL,
    key_id      TEXT NOT NULL,
    key_sealed  TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (account_id, key_id)
  );
  CREATE TABLE IF NOT EXISTS demo_orders (
    account_id            TEXT NOT NULL,
    session_id            TEXT NOT NULL,
    client_secret_sealed  TEXT NOT NULL,
    redirect_url          TEXT NOT NULL,
    page                  TEXT NOT NULL,
    order_json            TEXT NOT NULL,
    created_at            INTEGER NOT NULL,
    PRIMARY KEY (account_id, session_id)
  );
  CREATE INDEX IF NOT EXISTS demo_orders_by_age ON demo_orders (account_id, created_at);
  `,
];

/**
 * Deleting a visitor's rows when the API purges their account (run before the account's own rows
 * go, in the same transaction). Every statement finds its rows through an index (a test reads the
 * query plans).
 */
export const VISITOR_PURGE: readonly string[] = [
  'DELETE FROM demo_received_events WHERE account_id = @id',
  'DELETE FROM demo_console_keys WHERE account_id = @id',
  'DELETE FROM demo_orders WHERE account_id = @id',
  'DELETE FROM demo_visitors WHERE account_id = @id',
];

/** Brings the public demo's tables up to date (each migration in a transaction with its record). */
export function migrateVisitorTables(db: SharedStore['db']): void {
  db.exec('CREATE TABLE IF NOT EXISTS demo_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied =
    db.prepare<[], { n: number }>('SELECT COALESCE(MAX(version), 0) AS n FROM demo_migrations').get()?.n ?? 0;
  const record = db.prepare<[number, number]>('INSERT INTO demo_migrations (version, applied_at) VALUES (?, ?)');
  for (let version = applied; version < VISITOR_MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(VISITOR_MIGRATIONS[version] ?? '');
      record.run(version + 1, Date.now());
    })();
  }
}

const opened = new WeakSet<SharedStore>();

/** The public demo's tables in the shared store, migrated, and its rows of an account deleted with the account. */
export function openVisitorTables(store: SharedStore): void {
  if (opened.has(store)) return;
  opened.add(store);
  migrateVisitorTables(store.db);
  const purge = VISITOR_PURGE.map((sql) => store.db.prepare(sql));
  store.beforeAccountPurge((id) => {
    for (const statement of purge) statement.run({ id });
  });
}
