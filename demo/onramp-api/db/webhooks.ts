/**
 * Webhook endpoints (signing secret sealed, never in clear), events (the body every attempt sends,
 * but for the session's metadata, referred to: `eventBody`), deliveries (one per event and endpoint, with its retry state) and the attempt log.
 */
import type { KeyEnvironment } from '../../../src/contract/product.js';
import type { WebhookDeliveryStatus, WebhookEventType } from '../../../src/contract/write/webhook.js';
import type { Db } from './database.js';

export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  environment: KeyEnvironment;
  url: string;
  /** JSON array of event types, or `["*"]`. */
  events: string;
  secret_sealed: string;
  created_at: number;
  deleted_at: number | null;
}

export interface WebhookEventRow {
  id: string;
  account_id: string;
  environment: KeyEnvironment;
  type: WebhookEventType;
  session_id: string;
  payload: string;
  created_at: number;
}

export interface WebhookDeliveryRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** What the dispatcher needs to send one delivery. */
export interface DueDelivery {
  id: string;
  attempts: number;
  url: string;
  /** The endpoint's mode: its target rules differ (loopback in test mode only). */
  environment: KeyEnvironment;
  secret_sealed: string;
  /** The stored body; `eventBody(payload, metadata)` is what is sent. */
  payload: string;
  /** The session's metadata (JSON text), or null. */
  metadata: string | null;
  event_id: string;
}

export function createWebhooksRepo(db: Db) {
  const insertEndpoint = db.prepare(
    `INSERT INTO webhook_endpoints (id, account_id, environment, url, events, secret_sealed, created_at)
     VALUES (@id, @account_id, @environment, @url, @events, @secret_sealed, @created_at)`,
  );
  const activeEndpoints = db.prepare<[string, string], WebhookEndpointRow>(
    `SELECT * FROM webhook_endpoints WHERE account_id = ? AND environment = ? AND deleted_at IS NULL
     ORDER BY created_at DESC, id DESC`,
  );
  const endpointById = db.prepare<[string, string, string], WebhookEndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE id = ? AND account_id = ? AND environment = ? AND deleted_at IS NULL',
  );
  const deleteEndpoint = db.prepare<[number, string, string, string]>(
    `UPDATE webhook_endpoints SET deleted_at = ?
     WHERE id = ? AND account_id = ? AND environment = ? AND deleted_at IS NULL`,
  );
  const cancelPending = db.prepare<[number, string]>(
    `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = ?
     WHERE endpoint_id = ? AND status = 'pending'`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO webhook_events (id, account_id, environment, type, session_id, payload, created_at)
     VALUES (@id, @account_id, @environment, @type, @session_id, @payload, @created_at)`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, next_attempt_at, created_at, updated_at)
     VALUES (@id, @event_id, @endpoint_id, 'pending', 0, @next_attempt_at, @created_at, @created_at)`,
  );
  const due = db.prepare<[number, number], DueDelivery>(
    `SELECT d.id, d.attempts, e.url, e.environment, e.secret_sealed, ev.payload, s.metadata, ev.id AS event_id
     FROM webhook_deliveries d
     JOIN webhook_endpoints e ON e.id = d.endpoint_id
     JOIN webhook_events ev ON ev.id = d.event_id
     LEFT JOIN sessions s ON s.id = ev.session_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= ?
     ORDER BY d.next_attempt_at, d.created_at LIMIT ?`,
  );
  const nextDue = db.prepare<[], { at: number | null }>(
    "SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'",
  );
  const lease = db.prepare<[number, string]>(
    "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'pending'",
  );
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error)
     VALUES (@delivery_id, @attempt, @attempted_at, @duration_ms, @status_code, @error)`,
  );
  const finishAttempt = db.prepare(
    `UPDATE webhook_deliveries SET attempts = @attempt, status = @status, next_attempt_at = @next_attempt_at,
       updated_at = @updated_at
     WHERE id = @id AND status = 'pending'`,
  );
  const deliveriesOf = db.prepare<[string, number], WebhookDeliveryRow & { event_type: WebhookEventType }>(
    `SELECT d.*, ev.type AS event_type FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = ? ORDER BY d.created_at DESC, d.rowid DESC LIMIT ?`,
  );
  const deliveryExists = db.prepare<[string], { id: string }>('SELECT id FROM webhook_deliveries WHERE id = ?');
  const attemptsOf = db.prepare<[string], WebhookAttemptRow>(
    'SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt',
  );

  return {
    insertEndpoint(row: Omit<WebhookEndpointRow, 'deleted_at'>): void {
      insertEndpoint.run(row);
    },
    listEndpoints(accountId: string, environment: KeyEnvironment): WebhookEndpointRow[] {
      return activeEndpoints.all(accountId, environment);
    },
    findEndpoint(id: string, accountId: string, environment: KeyEnvironment): WebhookEndpointRow | undefined {
      return endpointById.get(id, accountId, environment);
    },
    /** Soft delete (the delivery log stays); its pending deliveries are cancelled. True when it existed. */
    deleteEndpoint(id: string, accountId: string, environment: KeyEnvironment, at: number): boolean {
      return db.transaction(() => {
        if (deleteEndpoint.run(at, id, accountId, environment).changes !== 1) return false;
        cancelPending.run(at, id);
        return true;
      })();
    },
    insertEvent(row: WebhookEventRow): void {
      insertEvent.run(row);
    },
    insertDelivery(row: {
      id: string;
      event_id: string;
      endpoint_id: string;
      next_attempt_at: number;
      created_at: number;
    }): void {
      insertDelivery.run(row);
    },
    due(now: number, limit: number): DueDelivery[] {
      return due.all(now, limit);
    },
    nextDueAt(): number | null {
      return nextDue.get()?.at ?? null;
    },
    /** Pushes a pending delivery's due time past its attempt in flight. */
    lease(id: string, until: number): void {
      lease.run(until, id);
    },
    /** Records an attempt and the delivery's next state, in one transaction. */
    recordAttempt(
      attempt: WebhookAttemptRow,
      next: { status: WebhookDeliveryStatus; next_attempt_at: number | null },
    ): void {
      db.transaction(() => {
        // Its account may have been deleted meanwhile (a guest account, at its time).
        if (!deliveryExists.get(attempt.delivery_id)) return;
        insertAttempt.run(attempt);
        finishAttempt.run({
          id: attempt.delivery_id,
          attempt: attempt.attempt,
          status: next.status,
          next_attempt_at: next.next_attempt_at,
          updated_at: attempt.attempted_at + attempt.duration_ms,
        });
      })();
    },
    deliveriesOf(
      endpointId: string,
      limit: number,
    ): (WebhookDeliveryRow & { event_type: WebhookEventType; attempt_log: WebhookAttemptRow[] })[] {
      return deliveriesOf.all(endpointId, limit).map((row) => ({ ...row, attempt_log: attemptsOf.all(row.id) }));
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
