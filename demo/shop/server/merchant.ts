/**
 * A merchant of the demo shop: a sandbox account's keys and what the shop's server keeps for it
 * (the webhook signing secret, the events it received, the full keys its console created, its
 * orders). Locally there is one, the sandbox's own account, in memory; in the public demo every
 * visitor is one (visitors.ts), and what is kept is also written to the database as it changes
 * (`recorder`, visitor-store.ts), so a restart ends no visit. Change what is kept through
 * `keepEvent`, `keepConsoleKey` and `keepOrder`; read it from the fields.
 */
export interface ReceivedWebhookEvent {
  id: string;
  type: string;
  created: string;
  session_id: string;
  status: string;
  received_at: string;
}

/** Received events kept per merchant (newest first). */
export const KEEP_EVENTS = 50;

/**
 * An order of the shop: the session its server created, as a merchant's own database keeps it, so
 * the buyer who comes back from the hosted checkout (`?onramp_session_id=`) sees that order again.
 */
export interface ShopOrder {
  sessionId: string;
  /** Handed to the widget on the return page; never put in a URL. */
  clientSecret: string;
  /** The session's hosted checkout (the spec's status answer has none to pay with). */
  redirectUrl: string;
  /** The demo page that made it, where the buyer returns (`/`, `/demo/redirect`, …). */
  page: string;
  /** The order as the shop asked for it (amount, currencies, network, wallet). */
  order: Record<string, unknown>;
  /** Epoch ms. */
  createdAt: number;
}

/** Orders kept per merchant (the oldest go first). */
export const KEEP_ORDERS = 100;

/** Console-created keys kept per merchant (the oldest go first; a demo account holds 10 active keys). */
export const KEEP_CONSOLE_KEYS = 20;

/** Writes what a merchant keeps as it changes (the public demo's database); each keeps its own bounds. */
export interface MerchantRecorder {
  event(event: ReceivedWebhookEvent): void;
  consoleKey(id: string, key: string): void;
  order(order: ShopOrder): void;
}

export interface Merchant {
  /** Test secret key: stays on this server. */
  secretKey: string;
  /** Test publishable key: goes to the pages. */
  publishableKey: string;
  /** When the public demo deletes this account (epoch ms); null when it stays. */
  expiresAt: number | null;
  /** The webhook URL this shop registered for the account, and its signing secret. */
  webhook: { url: string; endpointId: string; secret: string } | null;
  events: ReceivedWebhookEvent[];
  /** Full keys created in the console, by key id (memory only), so "Test key" can use one. */
  consoleKeys: Map<string, string>;
  /** The shop's orders by session id, oldest first (at most KEEP_ORDERS). */
  orders: Map<string, ShopOrder>;
  /** Hosted: where changes to what is kept are written. */
  recorder?: MerchantRecorder;
}

export function newMerchant(keys: { secret: string; publishable: string }, expiresAt: number | null): Merchant {
  return {
    secretKey: keys.secret,
    publishableKey: keys.publishable,
    expiresAt,
    webhook: null,
    events: [],
    consoleKeys: new Map(),
    orders: new Map(),
  };
}

/** Keeps a received event once (delivery is at least once: deduplicated by id). */
export function keepEvent(merchant: Merchant, event: ReceivedWebhookEvent): void {
  if (merchant.events.some((e) => e.id === event.id)) return;
  merchant.events.unshift(event);
  merchant.events.length = Math.min(merchant.events.length, KEEP_EVENTS);
  merchant.recorder?.event(event);
}

/** Keeps a full key created in the console, by its id (the oldest goes when there are too many). */
export function keepConsoleKey(merchant: Merchant, id: string, key: string): void {
  merchant.consoleKeys.set(id, key);
  for (const old of merchant.consoleKeys.keys()) {
    if (merchant.consoleKeys.size <= KEEP_CONSOLE_KEYS) break;
    merchant.consoleKeys.delete(old);
  }
  merchant.recorder?.consoleKey(id, key);
}

/** Keeps the shop's order for its session (the oldest order goes when there are too many). */
export function keepOrder(merchant: Merchant, order: ShopOrder): void {
  merchant.orders.set(order.sessionId, order);
  for (const id of merchant.orders.keys()) {
    if (merchant.orders.size <= KEEP_ORDERS) break;
    merchant.orders.delete(id);
  }
  merchant.recorder?.order(order);
}
