/**
 * The public demo's visitors in the database (docs/design.md "The public demo": a restart ends no
 * visit): the hash of a visitor's cookie, their account, their webhook receiver and what the shop
 * keeps for them (the `Merchant`: keys, webhook endpoint and secret, received events, console
 * keys, orders). Secrets (the secret key, the webhook signing secret, console keys, orders' client
 * secrets) are sealed under the sandbox's seal key, as the sandbox seals webhook signing secrets:
 * the database file alone reveals none. The tables are the public demo's own (visitor-tables.ts,
 * with their migrations); a visitor's rows go with their account (the API's purge runs our hook).
 */
import type { SharedStore } from '../onramp-api/index.js';
import {
  KEEP_CONSOLE_KEYS,
  KEEP_EVENTS,
  KEEP_ORDERS,
  type Merchant,
  type MerchantRecorder,
  type ReceivedWebhookEvent,
  type ShopOrder,
  newMerchant,
} from '../shop/server/merchant.js';
import { openVisitorTables } from './visitor-tables.js';

export interface StoredVisitor {
  /** The SHA-256 of the visitor's cookie token (the token itself is kept nowhere). */
  tokenHash: string;
  accountId: string;
  /** Where the sandbox delivers this visitor's webhooks: `/webhooks/<receiverId>`. */
  receiverId: string;
  merchant: Merchant;
}

interface VisitorRow {
  token_hash: string;
  account_id: string;
  receiver_id: string;
  secret_key_sealed: string;
  publishable_key: string;
  webhook_url: string;
  webhook_endpoint_id: string;
  webhook_secret_sealed: string;
  expires_at: number;
  created_at: number;
}

export type VisitorStore = ReturnType<typeof createVisitorStore>;

export function createVisitorStore(store: SharedStore, now: () => number = () => Date.now()) {
  openVisitorTables(store);
  const { db } = store;
  const insertVisitor = db.prepare(
    `INSERT INTO demo_visitors (token_hash, account_id, receiver_id, secret_key_sealed, publishable_key, webhook_url,
       webhook_endpoint_id, webhook_secret_sealed, expires_at, created_at)
     VALUES (@token_hash, @account_id, @receiver_id, @secret_key_sealed, @publishable_key, @webhook_url,
       @webhook_endpoint_id, @webhook_secret_sealed, @expires_at, @created_at)`,
  );
  const byToken = db.prepare<[string], VisitorRow>('SELECT * FROM demo_visitors WHERE token_hash = ?');
  const byReceiver = db.prepare<[string], VisitorRow>('SELECT * FROM demo_visitors WHERE receiver_id = ?');
  const events = db.prepare<[string, number], { event: string }>(
    'SELECT event FROM demo_received_events WHERE account_id = ? ORDER BY received_at DESC, rowid DESC LIMIT ?',
  );
  const insertEvent = db.prepare<[string, string, string, number]>(
    'INSERT OR IGNORE INTO demo_received_events (account_id, id, event, received_at) VALUES (?, ?, ?, ?)',
  );
  const trimEvents = db.prepare<[string, string, number]>(
    `DELETE FROM demo_received_events WHERE account_id = ? AND rowid NOT IN (
       SELECT rowid FROM demo_received_events WHERE account_id = ? ORDER BY received_at DESC, rowid DESC LIMIT ?)`,
  );
  const consoleKeys = db.prepare<[string], { key_id: string; key_sealed: string }>(
    'SELECT key_id, key_sealed FROM demo_console_keys WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const upsertConsoleKey = db.prepare<[string, string, string, number]>(
    `INSERT INTO demo_console_keys (account_id, key_id, key_sealed, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, key_id) DO UPDATE SET key_sealed = excluded.key_sealed`,
  );
  const trimConsoleKeys = db.prepare<[string, string, number]>(
    `DELETE FROM demo_console_keys WHERE account_id = ? AND rowid NOT IN (
       SELECT rowid FROM demo_console_keys WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
  );
  const orders = db.prepare<
    [string],
    {
      session_id: string;
      client_secret_sealed: string;
      redirect_url: string;
      page: string;
      order_json: string;
      created_at: number;
    }
  >(
    'SELECT session_id, client_secret_sealed, redirect_url, page, order_json, created_at FROM demo_orders WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const upsertOrder = db.prepare(
    `INSERT INTO demo_orders (account_id, session_id, client_secret_sealed, redirect_url, page, order_json, created_at)
     VALUES (@account_id, @session_id, @client_secret_sealed, @redirect_url, @page, @order_json, @created_at)
     ON CONFLICT (account_id, session_id) DO UPDATE SET client_secret_sealed = excluded.client_secret_sealed,
       redirect_url = excluded.redirect_url, page = excluded.page, order_json = excluded.order_json, created_at = excluded.created_at`,
  );
  const trimOrders = db.prepare<[string, string, number]>(
    `DELETE FROM demo_orders WHERE account_id = ? AND rowid NOT IN (
       SELECT rowid FROM demo_orders WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
  );

  const recorder = (accountId: string): MerchantRecorder => ({
    event: (event) =>
      db.transaction(() => {
        insertEvent.run(accountId, event.id, JSON.stringify(event), now());
        trimEvents.run(accountId, accountId, KEEP_EVENTS);
      })(),
    consoleKey: (id, key) =>
      db.transaction(() => {
        upsertConsoleKey.run(accountId, id, store.seal(key), now());
        trimConsoleKeys.run(accountId, accountId, KEEP_CONSOLE_KEYS);
      })(),
    order: (order) =>
      db.transaction(() => {
        upsertOrder.run({
          account_id: accountId,
          session_id: order.sessionId,
          client_secret_sealed: store.seal(order.clientSecret),
          redirect_url: order.redirectUrl,
          page: order.page,
          order_json: JSON.stringify(order.order),
          created_at: order.createdAt,
        });
        trimOrders.run(accountId, accountId, KEEP_ORDERS);
      })(),
  });

  /** The visitor of a row, with everything the shop keeps; undefined when a secret cannot be unsealed (another seal key). */
  function load(row: VisitorRow | undefined): StoredVisitor | undefined {
    if (!row) return undefined;
    const secretKey = store.unseal(row.secret_key_sealed);
    const webhookSecret = store.unseal(row.webhook_secret_sealed);
    if (secretKey === null || webhookSecret === null) return undefined;
    const merchant = newMerchant({ secret: secretKey, publishable: row.publishable_key }, row.expires_at);
    merchant.webhook = { url: row.webhook_url, endpointId: row.webhook_endpoint_id, secret: webhookSecret };
    merchant.events = events.all(row.account_id, KEEP_EVENTS).map((r) => JSON.parse(r.event) as ReceivedWebhookEvent);
    for (const { key_id, key_sealed } of consoleKeys.all(row.account_id)) {
      const key = store.unseal(key_sealed);
      if (key !== null) merchant.consoleKeys.set(key_id, key);
    }
    for (const r of orders.all(row.account_id)) {
      const clientSecret = store.unseal(r.client_secret_sealed);
      if (clientSecret === null) continue;
      const order: ShopOrder = {
        sessionId: r.session_id,
        clientSecret,
        redirectUrl: r.redirect_url,
        page: r.page,
        order: JSON.parse(r.order_json) as Record<string, unknown>,
        createdAt: r.created_at,
      };
      merchant.orders.set(order.sessionId, order);
    }
    merchant.recorder = recorder(row.account_id);
    return { tokenHash: row.token_hash, accountId: row.account_id, receiverId: row.receiver_id, merchant };
  }

  return {
    /** Stores a new visitor (cookie hash, account, receiver, keys and webhook) and records what its merchant keeps from now on. */
    insert(visitor: StoredVisitor): void {
      const { merchant, tokenHash } = visitor;
      if (!merchant.webhook || merchant.expiresAt === null)
        throw new Error('A hosted visitor has a webhook endpoint and an end');
      insertVisitor.run({
        token_hash: tokenHash,
        account_id: visitor.accountId,
        receiver_id: visitor.receiverId,
        secret_key_sealed: store.seal(merchant.secretKey),
        publishable_key: merchant.publishableKey,
        webhook_url: merchant.webhook.url,
        webhook_endpoint_id: merchant.webhook.endpointId,
        webhook_secret_sealed: store.seal(merchant.webhook.secret),
        expires_at: merchant.expiresAt,
        created_at: now(),
      } satisfies VisitorRow);
      merchant.recorder = recorder(visitor.accountId);
    },
    byToken: (tokenHash: string): StoredVisitor | undefined => load(byToken.get(tokenHash)),
    byReceiver: (receiverId: string): StoredVisitor | undefined => load(byReceiver.get(receiverId)),
  };
}
