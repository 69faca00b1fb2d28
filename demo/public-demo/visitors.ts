/**
 * The public demo's visitors (docs/design.md "The public demo"). A browser's first page view makes a
 * sandbox account of its own (test mode only; the sandbox limits how many per address and in all),
 * bound to an `HttpOnly; Secure; SameSite=Lax` cookie that holds a random token, of which only a
 * hash is kept here. The shop, the console and the webhook log of a request act for its visitor's
 * account alone. When the account's time is up the sandbox deletes it with everything in it, the
 * cookie has expired with it, and the next page view starts afresh.
 *
 * Visitors are kept in the database (visitor-store.ts: the cookie's hash, the account, its
 * receiver, what the shop keeps, secrets sealed), so a restart ends no visit; the maps here are a
 * cache of the visitors seen since this process started, dropped when their time is up.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sha256Hex } from '../http-common/index.js';
import type { GuestAccounts } from '../onramp-api/index.js';
import type { DemoEnv } from '../shop/server/demo-env.js';
import { type Merchant, newMerchant } from '../shop/server/merchant.js';
import type { StoredVisitor, VisitorStore } from './visitor-store.js';

/** `__Host-`: the browser keeps it only if Secure, for this host alone, on every path. */
export const VISITOR_COOKIE = '__Host-onramp_demo';

type Visitor = StoredVisitor;

export type NewVisitor =
  { ok: true; merchant: Merchant } | { ok: false; status: 429 | 503; retryAfterSeconds: number; message: string };

export interface VisitorsOptions {
  accounts: GuestAccounts;
  /** Where visitors are kept across restarts. */
  store: VisitorStore;
  /** `<public URL>/webhooks/`: the receiver's path, whose last part names the visitor's endpoint. */
  receiverPrefix: string;
  now?: () => number;
}

export class Visitors {
  readonly #o: VisitorsOptions;
  readonly #now: () => number;
  readonly #byToken = new Map<string, Visitor>();
  readonly #byReceiver = new Map<string, Visitor>();

  constructor(options: VisitorsOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => Date.now());
  }

  /** The merchant of the visitor whose cookie `c` carries, while their account lives. */
  find(c: Context<DemoEnv>): Merchant | undefined {
    const token = getCookie(c, VISITOR_COOKIE);
    if (!token || token.length > 64) return undefined;
    const hash = sha256Hex(token);
    const visitor = this.#byToken.get(hash) ?? this.#remember(this.#o.store.byToken(hash));
    if (!visitor) return undefined;
    if (!this.#inTime(visitor) || !this.#o.accounts.isAlive(visitor.accountId)) {
      this.#forget(hash, visitor);
      return undefined;
    }
    return visitor.merchant;
  }

  /** The merchant whose webhook receiver is `/webhooks/<id>`. */
  byReceiver(id: string | undefined): Merchant | undefined {
    if (id === undefined) return undefined;
    const visitor = this.#byReceiver.get(id) ?? this.#remember(this.#o.store.byReceiver(id));
    return visitor && this.#inTime(visitor) ? visitor.merchant : undefined;
  }

  /** A new visitor at `address`: an account (with its endpoint at this server's receiver) and the cookie set on `c`. */
  create(c: Context<DemoEnv>, address: string | undefined): NewVisitor {
    this.#sweep();
    const made = this.#o.accounts.create(address);
    if (!made.ok) {
      return made.reason === 'address'
        ? {
            ok: false,
            status: 429,
            retryAfterSeconds: made.retryAfterSeconds,
            message: 'Too many new demo accounts from your network just now.',
          }
        : {
            ok: false,
            status: 503,
            retryAfterSeconds: made.retryAfterSeconds,
            message: 'The demo has as many visitors as it can hold just now.',
          };
    }
    const { accountId, expiresAt, keys, webhook } = made.account;
    const merchant = newMerchant(keys, expiresAt);
    // The sandbox made the account's endpoint at this server's receiver with it: `/webhooks/<id>`.
    merchant.webhook = { url: webhook.url, endpointId: webhook.id, secret: webhook.secret };
    const receiverId = webhook.url.slice(this.#o.receiverPrefix.length);
    const token = randomBytes(32).toString('base64url');
    const visitor: Visitor = { tokenHash: sha256Hex(token), accountId, receiverId, merchant };
    this.#o.store.insert(visitor);
    this.#remember(visitor);
    setCookie(c, VISITOR_COOKIE, token, {
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: Math.max(1, Math.floor((expiresAt - this.#now()) / 1000)),
    });
    return { ok: true, merchant };
  }

  /** Caches a visitor found in the store (or made here) under its cookie's hash and its receiver. */
  #remember(visitor: Visitor | undefined): Visitor | undefined {
    if (!visitor) return undefined;
    this.#byToken.set(visitor.tokenHash, visitor);
    this.#byReceiver.set(visitor.receiverId, visitor);
    return visitor;
  }

  /** Before the account's time (a visitor's merchant always has one). */
  #inTime(visitor: Visitor): boolean {
    return (visitor.merchant.expiresAt ?? 0) > this.#now();
  }

  #forget(hash: string, visitor: Visitor): void {
    this.#byToken.delete(hash);
    this.#byReceiver.delete(visitor.receiverId);
  }

  /** Drops visitors whose time is up (their accounts are the sandbox's to delete). */
  #sweep(): void {
    for (const [hash, visitor] of this.#byToken) if (!this.#inTime(visitor)) this.#forget(hash, visitor);
  }
}
