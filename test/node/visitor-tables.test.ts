/**
 * The public demo's tables are its own (issue 33): made by its migrations (demo/public-demo/visitor-tables.ts)
 * in the API's database file, recorded in a table of their own (`PRAGMA user_version` stays the
 * API's), and a visitor's rows go with their account through the API's generic purge hook. A
 * database made before (the tables made by the API's migrations, with foreign keys into `accounts`)
 * is opened by this code as it is, and a purge still removes the visitor's rows.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../demo/onramp-api/db/database.js';
import { MIGRATIONS } from '../../demo/onramp-api/db/migrations.js';
import { type StartSandboxOptions, startSandbox } from '../../demo/onramp-api/index.js';
import { sha256Hex } from '../../demo/http-common/ids.js';
import { createVisitorStore } from '../../demo/public-demo/visitor-store.js';
import { VISITOR_PURGE, openVisitorTables } from '../../demo/public-demo/visitor-tables.js';
import { keepConsoleKey, keepEvent, keepOrder, newMerchant } from '../../demo/shop/server/merchant.js';

/** The shop's tables as the API's fifth migration made them before issue 33 (foreign keys into `accounts`). */
const OLD_SHOP_TABLES = `
  CREATE TABLE demo_visitors (
    token_hash             TEXT PRIMARY KEY,
    account_id             TEXT NOT NULL UNIQUE REFERENCES accounts(id),
    receiver_id            TEXT NOT NULL UNIQUE,
    secret_key_sealed      TEXT NOT NULL,
    publishable_key        TEXT NOT NULL,
    webhook_url            TEXT NOT NULL,
    webhook_endpoint_id    TEXT NOT NULL,
    webhook_secret_sealed  TEXT NOT NULL,
    expires_at             INTEGER NOT NULL,
    created_at             INTEGER NOT NULL
  );
  CREATE TABLE demo_received_events (
    account_id   TEXT NOT NULL REFERENCES accounts(id),
    id           TEXT NOT NULL,
    event        TEXT NOT NULL,
    received_at  INTEGER NOT NULL,
    PRIMARY KEY (account_id, id)
  );
  CREATE INDEX demo_received_events_by_age ON demo_received_events (account_id, received_at);
  CREATE TABLE demo_console_keys (
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    key_id      TEXT NOT NULL,
    key_sealed  TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (account_id, key_id)
  );
  CREATE TABLE demo_orders (
    account_id            TEXT NOT NULL REFERENCES accounts(id),
    session_id            TEXT NOT NULL,
    client_secret_sealed  TEXT NOT NULL,
    redirect_url          TEXT NOT NULL,
    page                  TEXT NOT NULL,
    order_json            TEXT NOT NULL,
    created_at            INTEGER NOT NULL,
    PRIMARY KEY (account_id, session_id)
  );
  CREATE INDEX demo_orders_by_age ON demo_orders (account_id, created_at);
`;
const SHOP_TABLES = ['demo_visitors', 'demo_received_events', 'demo_console_keys', 'demo_orders'] as const;

/** A database file as the previous release left it: the API's five migrations with the shop's tables in the fifth. */
function oldDatabase(path: string, seed?: (db: Database.Database) => void): void {
  const old = new Database(path);
  for (const sql of MIGRATIONS.slice(0, 5)) old.exec(sql);
  old.exec(OLD_SHOP_TABLES);
  old.pragma('user_version = 5');
  seed?.(old);
  old.close();
}

const TTL_MS = 600_000;

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'onramp-visitor-tables-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A hosted sandbox on `db` whose clock the test moves, with the public demo's tables opened as the shop's server opens them. */
async function start(db: string, clock: { now: number }) {
  const options: StartSandboxOptions = {
    port: 0,
    checkoutPort: 0,
    db,
    keysFile: null,
    log: () => {},
    now: () => clock.now,
    sweepIntervalMs: 3_600_000,
    publicApiUrl: 'https://api.example',
    publicCheckoutUrl: 'https://checkout.example',
    onStoreOpen: openVisitorTables,
    guests: {
      accountTtlMs: TTL_MS,
      webhookReceiver: {
        prefix: 'https://shop.example/webhooks/',
        fetch: async () => new Response(null, { status: 204 }),
      },
    },
  };
  return startSandbox(options);
}

/** A visitor with an order, an event and a console key kept in the public demo's tables. */
function visitorWithRows(sandbox: Awaited<ReturnType<typeof start>>, n: number): string {
  const made = sandbox.guests!.create(`198.51.100.${n}`);
  assert.ok(made.ok);
  const { account } = made;
  const merchant = newMerchant(account.keys, account.expiresAt);
  merchant.webhook = { url: account.webhook.url, endpointId: account.webhook.id, secret: account.webhook.secret };
  createVisitorStore(sandbox.sharedStore).insert({
    tokenHash: sha256Hex(`visitor ${n}`),
    accountId: account.accountId,
    receiverId: `r${n}`,
    merchant,
  });
  keepOrder(merchant, {
    sessionId: `ors_${n}`,
    clientSecret: `ors_${n}_secret_abcdef123456`,
    redirectUrl: `https://checkout.example/pay/ors_${n}?t=tok`,
    page: '/demo/redirect',
    order: { fiat_amount: 5000, fiat_currency: 'USD' },
    createdAt: 1_700_000_000_000,
  });
  keepEvent(merchant, {
    id: `evt_${n}`,
    type: 'onramp.session.created',
    created: '2026-01-01T00:00:00.000Z',
    session_id: `ors_${n}`,
    status: 'pending',
    received_at: '2026-01-01T00:00:01.000Z',
  });
  keepConsoleKey(merchant, `key_${n}`, `onramp_test_sk_console${n}`);
  return account.accountId;
}

function rowsOf(db: Database.Database, accountId: string): Record<string, number> {
  return Object.fromEntries(
    SHOP_TABLES.map((table) => [
      table,
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ?`).get(accountId) as { n: number }).n,
    ]),
  );
}
const NONE = Object.fromEntries(SHOP_TABLES.map((table) => [table, 0]));
const ONE_EACH = Object.fromEntries(SHOP_TABLES.map((table) => [table, 1]));

const foreignKeys = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT "table" FROM pragma_foreign_key_list('${table}')`).all() as { table: string }[]).map(
    (row) => row.table,
  );

describe("the public demo's tables, its own migrations", () => {
  it('a fresh file: its migrations make the tables (no foreign key into the API), recorded in demo_migrations; user_version is the API’s', async () => {
    const path = join(dir, 'fresh.db');
    const clock = { now: 1_800_000_000_000 };
    const sandbox = await start(path, clock);
    try {
      const { db } = sandbox.sharedStore;
      assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
      assert.deepEqual(db.prepare('SELECT version FROM demo_migrations').all(), [{ version: 1 }]);
      for (const table of SHOP_TABLES) assert.deepEqual(foreignKeys(db, table), [], table);
      const kept = visitorWithRows(sandbox, 1);
      const purged = visitorWithRows(sandbox, 2);
      assert.deepEqual(rowsOf(db, purged), ONE_EACH);
      // The first visitor's account lives on; the second's time is up.
      db.prepare('UPDATE accounts SET expires_at = ? WHERE id = ?').run(clock.now + TTL_MS * 2, kept);
      clock.now += TTL_MS + 1;
      assert.equal(sandbox.guests!.purgeExpired(), 1);
      assert.deepEqual(rowsOf(db, purged), NONE);
      assert.deepEqual(rowsOf(db, kept), ONE_EACH);
    } finally {
      await sandbox.close();
    }
    // Opened again: nothing is migrated twice.
    const again = await start(path, { now: 1_800_000_000_000 });
    try {
      assert.deepEqual(again.sharedStore.db.prepare('SELECT version FROM demo_migrations').all(), [{ version: 1 }]);
    } finally {
      await again.close();
    }
  });

  it('a database made by the old migrations (the tables with foreign keys into accounts) is opened as it is, and a purge still removes the visitor’s rows', async () => {
    const path = join(dir, 'old.db');
    const clock = { now: 1_800_000_000_000 };
    // An account whose time was up while the server was down, with a visitor's rows: the first sweep,
    // at start, purges it (the foreign keys refuse it unless the public demo's rows go first).
    oldDatabase(path, (old) => {
      old
        .prepare("INSERT INTO accounts (id, name, created_at, expires_at) VALUES ('acct_gone', 'Demo visitor', 1, 2)")
        .run();
      old
        .prepare(
          `INSERT INTO demo_visitors (token_hash, account_id, receiver_id, secret_key_sealed, publishable_key, webhook_url,
             webhook_endpoint_id, webhook_secret_sealed, expires_at, created_at)
           VALUES ('h', 'acct_gone', 'r0', 's', 'p', 'https://shop.example/webhooks/r0', 'we_0', 's', 2, 1)`,
        )
        .run();
      old.prepare("INSERT INTO demo_received_events VALUES ('acct_gone', 'evt_0', '{}', 1)").run();
      old.prepare("INSERT INTO demo_console_keys VALUES ('acct_gone', 'key_0', 's', 1)").run();
      old.prepare("INSERT INTO demo_orders VALUES ('acct_gone', 'ors_0', 's', 'u', '/demo/redirect', '{}', 1)").run();
    });
    const sandbox = await start(path, clock);
    try {
      const { db } = sandbox.sharedStore;
      assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
      assert.deepEqual(db.prepare('SELECT version FROM demo_migrations').all(), [{ version: 1 }]);
      // The old tables are kept as they were, foreign keys included.
      for (const table of SHOP_TABLES) assert.deepEqual(foreignKeys(db, table), ['accounts'], table);
      assert.equal(db.prepare("SELECT 1 FROM accounts WHERE id = 'acct_gone'").get(), undefined);
      assert.deepEqual(rowsOf(db, 'acct_gone'), NONE);

      const accountId = visitorWithRows(sandbox, 3);
      assert.deepEqual(rowsOf(db, accountId), ONE_EACH);
      clock.now += TTL_MS + 1;
      assert.equal(sandbox.guests!.purgeExpired(), 1);
      assert.deepEqual(rowsOf(db, accountId), NONE);
      assert.equal(db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(accountId), undefined);
      assert.deepEqual(db.pragma('foreign_key_check'), []);
    } finally {
      await sandbox.close();
    }
  });

  it('a hook that throws undoes the whole purge: the account and its rows stay', async () => {
    const clock = { now: 1_800_000_000_000 };
    const sandbox = await start(join(dir, 'throws.db'), clock);
    try {
      const accountId = visitorWithRows(sandbox, 4);
      sandbox.sharedStore.beforeAccountPurge(() => {
        throw new Error('refused');
      });
      clock.now += TTL_MS + 1;
      assert.throws(() => sandbox.guests!.purgeExpired(), /refused/);
      const { db } = sandbox.sharedStore;
      assert.ok(db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(accountId));
      assert.deepEqual(rowsOf(db, accountId), ONE_EACH);
    } finally {
      await sandbox.close();
    }
  });

  it("deleting a visitor's rows finds them through an index, in a fresh database and an old one", () => {
    const fresh = openDatabase(':memory:');
    const old = join(dir, 'plans.db');
    oldDatabase(old);
    const upgraded = openDatabase(old);
    try {
      for (const db of [fresh, upgraded]) {
        openVisitorTables({ db, seal: (s) => s, unseal: (s) => s, beforeAccountPurge: () => {} });
        for (const sql of VISITOR_PURGE) {
          const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ id: 'acct_x' }) as { detail: string }[]).map(
            (row) => row.detail,
          );
          assert.deepEqual(
            plan.filter((detail) => detail.startsWith('SCAN ')),
            [],
            `${sql}\n${plan.join('\n')}`,
          );
        }
      }
    } finally {
      fresh.close();
      upgraded.close();
    }
  });
});
