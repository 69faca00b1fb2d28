/**
 * The session lifecycle: creation, payment, delivery, expiry and test-helper transitions. All state
 * lives in the database (`deliver_at` and `delivery_outcome` included), so a restart loses nothing;
 * `sweep` moves every due session and runs both from the sweeper and before each read.
 * Every status change (creation included) is handed to the event sink inside the same database
 * transaction as the change itself, so a webhook event is stored if and only if the change is.
 */
import type { CreateSessionRequest } from '../../../src/contract/write/session-request.js';
import type { KeyEnvironment, Network, SessionStatus } from '../../../src/contract/product.js';
import { QUOTE_TTL_MS, SESSION_TTL_MS, canTransition } from '../../../src/contract/product.js';
import type { SessionRow, SessionsRepo, TransitionChanges } from '../db/sessions.js';
import type { Clock } from './clock.js';
import { checkoutTokenFor, newClientSecret, newSessionId, newTransactionId, newTxHash } from './ids.js';
import { sha256Hex } from '../../http-common/ids.js';
import { priceOrder } from './quote.js';

export interface SessionServiceOptions {
  repo: SessionsRepo;
  clock: Clock;
  deliveryMs: number;
  sessionTtlMs?: number;
  quoteTtlMs?: number;
  /** Called after every status change (sweeper, payment, helper). */
  onChange?: (row: SessionRow) => void;
  /** Records the event of a creation or status change; runs inside the change's transaction. */
  events?: SessionEventSink;
  /** Runs `fn` in one database transaction. Default: runs it as is. */
  atomic?: <T>(fn: () => T) => T;
  /** Length of the random part of session ids and client secrets. Default 24 and 32. */
  idRandomLength?: number;
}

export interface SessionEventSink {
  /** `row` is the session as just created or just moved (its `status` is the new one). */
  record(row: SessionRow): void;
}

export interface CreatedSessionRecord {
  row: SessionRow;
  clientSecret: string;
  checkoutToken: string;
}

export type PaymentOutcome = 'deliver' | 'decline' | 'fail_delivery';

export class SessionService {
  readonly #repo: SessionsRepo;
  readonly #clock: Clock;
  readonly #deliveryMs: number;
  readonly #sessionTtlMs: number;
  readonly #quoteTtlMs: number;
  readonly #onChange: (row: SessionRow) => void;
  readonly #events: SessionEventSink | undefined;
  readonly #atomic: <T>(fn: () => T) => T;
  readonly #idRandomLength: number | undefined;

  constructor(options: SessionServiceOptions) {
    this.#repo = options.repo;
    this.#clock = options.clock;
    this.#deliveryMs = options.deliveryMs;
    this.#sessionTtlMs = options.sessionTtlMs ?? SESSION_TTL_MS;
    this.#quoteTtlMs = options.quoteTtlMs ?? QUOTE_TTL_MS;
    this.#onChange = options.onChange ?? (() => {});
    this.#events = options.events;
    this.#atomic = options.atomic ?? ((fn) => fn());
    this.#idRandomLength = options.idRandomLength;
  }

  get quoteTtlMs(): number {
    return this.#quoteTtlMs;
  }

  create(
    accountId: string,
    environment: KeyEnvironment,
    input: CreateSessionRequest & { network: Network },
  ): CreatedSessionRecord {
    const now = this.#clock.now();
    const priced = priceOrder(
      {
        fiatAmount: input.fiat_amount,
        fiatCurrency: input.fiat_currency,
        cryptoCurrency: input.crypto_currency,
        network: input.network,
      },
      this.#clock.priceNow(),
    );
    const id = newSessionId(this.#idRandomLength);
    const clientSecret = newClientSecret(id, this.#idRandomLength);
    const checkoutToken = checkoutTokenFor(clientSecret);
    const row: SessionRow = {
      id,
      transaction_id: newTransactionId(),
      account_id: accountId,
      environment,
      client_secret_hash: sha256Hex(clientSecret),
      checkout_token_hash: sha256Hex(checkoutToken),
      status: 'pending',
      wallet_address: input.wallet_address,
      crypto_currency: input.crypto_currency,
      network: input.network,
      fiat_currency: input.fiat_currency,
      fiat_amount: input.fiat_amount,
      crypto_amount: priced.cryptoAmount,
      exchange_rate: priced.rateDecimal,
      platform_fee: priced.fees.platform_fee,
      network_fee: priced.fees.network_fee,
      processing_fee: priced.fees.processing_fee,
      customer_email: input.customer_email ?? null,
      metadata: input.metadata ? JSON.stringify(input.metadata) : null,
      return_url: input.return_url ?? null,
      tx_hash: null,
      failure_reason: null,
      created_at: now,
      updated_at: now,
      expires_at: now + this.#sessionTtlMs,
      quote_expires_at: Math.min(now + this.#quoteTtlMs, now + this.#sessionTtlMs),
      paid_at: null,
      deliver_at: null,
      delivery_outcome: null,
      completed_at: null,
    };
    this.#atomic(() => {
      this.#repo.insert(row);
      this.#events?.record(row);
    });
    return { row, clientSecret, checkoutToken };
  }

  /** Expires overdue pending sessions and runs due deliveries. */
  sweep(): void {
    const now = this.#clock.now();
    const expired = this.#atomic(() => {
      const ids = this.#repo.expireDue(now);
      for (const id of ids) this.#record(id);
      return ids;
    });
    for (const id of expired) this.#notify(id);
    for (const row of this.#repo.dueDeliveries(now)) {
      if (row.delivery_outcome === 'failed') this.#move(row, 'failed', { failure_reason: 'delivery_failed' });
      else this.#move(row, 'completed', { tx_hash: newTxHash(), completed_at: now });
    }
  }

  /** A session after bringing it up to date (the on-read check). */
  get(id: string): SessionRow | undefined {
    this.sweep();
    return this.#repo.findById(id);
  }

  /** Payment on the hosted checkout; the caller has checked the session is pending. */
  pay(row: SessionRow, outcome: PaymentOutcome): SessionRow | undefined {
    const now = this.#clock.now();
    if (outcome === 'decline') {
      this.#move(row, 'failed', { failure_reason: 'card_declined', paid_at: null });
    } else {
      this.#move(row, 'processing', {
        paid_at: now,
        deliver_at: now + this.#deliveryMs,
        delivery_outcome: outcome === 'deliver' ? 'completed' : 'failed',
      });
    }
    return this.#repo.findById(row.id);
  }

  /**
   * Test helper: forces a legal transition. `processing` set this way schedules no delivery;
   * `completed` sets `tx_hash` and `completed_at`. False when the transition is illegal.
   */
  advance(row: SessionRow, to: SessionStatus): boolean {
    if (!canTransition(row.status, to)) return false;
    const now = this.#clock.now();
    const changes: TransitionChanges =
      to === 'completed'
        ? { tx_hash: newTxHash(), completed_at: now, deliver_at: null }
        : to === 'processing'
          ? { paid_at: now, deliver_at: null, delivery_outcome: null }
          : to === 'failed'
            ? { failure_reason: 'test_helper', deliver_at: null }
            : { failure_reason: 'expired' };
    return this.#move(row, to, changes);
  }

  /** Re-prices a pending session whose quote has lapsed, so the buyer pays at a live rate. */
  refreshQuote(row: SessionRow): SessionRow {
    const now = this.#clock.now();
    if (row.status !== 'pending' || row.quote_expires_at > now) return row;
    const priced = priceOrder(
      {
        fiatAmount: row.fiat_amount,
        fiatCurrency: row.fiat_currency,
        cryptoCurrency: row.crypto_currency,
        network: row.network,
      },
      this.#clock.priceNow(),
    );
    this.#repo.requote(row.id, {
      crypto_amount: priced.cryptoAmount,
      exchange_rate: priced.rateDecimal,
      platform_fee: priced.fees.platform_fee,
      network_fee: priced.fees.network_fee,
      processing_fee: priced.fees.processing_fee,
      quote_expires_at: Math.min(now + this.#quoteTtlMs, row.expires_at),
      updated_at: now,
    });
    return this.#repo.findById(row.id) ?? row;
  }

  #move(row: SessionRow, to: SessionStatus, changes: TransitionChanges): boolean {
    const moved = this.#atomic(() => {
      const done = this.#repo.transition(row.id, row.status, to, this.#clock.now(), changes);
      if (done) this.#record(row.id);
      return done;
    });
    if (moved) this.#notify(row.id);
    return moved;
  }

  #record(id: string): void {
    if (!this.#events) return;
    const row = this.#repo.findById(id);
    if (row) this.#events.record(row);
  }

  #notify(id: string): void {
    const row = this.#repo.findById(id);
    if (row) this.#onChange(row);
  }
}
