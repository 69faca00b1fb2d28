/**
 * Webhook endpoints and events. An event is stored for every session creation and status change,
 * in the transaction of the change (see `SessionService`), together with one pending delivery per
 * endpoint of the same account and mode subscribed to it: stored before any delivery is tried, so
 * nothing is lost if the process stops. The dispatcher (`webhook-dispatcher.ts`) sends them.
 *
 * The signing secret must be usable again for every later signature, so it cannot be kept as a
 * hash like API keys: it is sealed (AES-256-GCM, `seal` in `ids.ts`) under the server's seal key,
 * which lives outside the database (see `server.ts`). The database file alone never reveals it.
 *
 * An event refers to its session's metadata rather than copying it (up to 8 KB, in three or more
 * events per session): the stored body holds `"metadata":{}` in its place, and `eventBody` puts the
 * session's own (never changed after creation) back for each attempt, so every attempt sends the
 * same bytes and an account's storage grows by one copy per session.
 */
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '../../../src/contract/write/webhook.js';
import type { KeyEnvironment } from '../../../src/contract/product.js';
import { WEBHOOK_ALL_EVENTS, webhookSubscriptionSchema } from '../../../src/contract/write/webhook.js';
import type { SessionRow } from '../db/sessions.js';
import type { WebhookEndpointRow, WebhooksRepo } from '../db/webhooks.js';
import type { Clock } from './clock.js';
import { iso } from './clock.js';
import { randomBase62 } from '../../http-common/ids.js';
import { seal } from './ids.js';
import type { SessionEventSink } from './sessions.js';
import { sessionStatusAnswer } from './answers.js';

export const newWebhookEndpointId = (): string => `we_${randomBase62(24)}`;
export const newWebhookSecret = (): string => `whsec_${randomBase62(32)}`;
export const newEventId = (): string => `evt_${randomBase62(24)}`;
export const newDeliveryId = (): string => `whd_${randomBase62(24)}`;

export type Subscription = WebhookEventType | typeof WEBHOOK_ALL_EVENTS;

export interface WebhookServiceOptions {
  repo: WebhooksRepo;
  clock: Clock;
  /** Key that seals signing secrets at rest. */
  sealKey: string;
  /** Called when deliveries were stored (the dispatcher wakes up). */
  onDeliveriesStored?: () => void;
}

export class WebhookService implements SessionEventSink {
  readonly #repo: WebhooksRepo;
  readonly #clock: Clock;
  readonly #sealKey: string;
  readonly #onStored: () => void;

  constructor(options: WebhookServiceOptions) {
    this.#repo = options.repo;
    this.#clock = options.clock;
    this.#sealKey = options.sealKey;
    this.#onStored = options.onDeliveriesStored ?? (() => {});
  }

  createEndpoint(
    accountId: string,
    environment: KeyEnvironment,
    url: string,
    events: readonly Subscription[],
  ): CreatedWebhookEndpoint {
    const secret = newWebhookSecret();
    const unique = events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : [...new Set(events)];
    const row = {
      id: newWebhookEndpointId(),
      account_id: accountId,
      environment,
      url,
      events: JSON.stringify(unique),
      secret_sealed: seal(secret, this.#sealKey),
      created_at: this.#clock.now(),
    };
    this.#repo.insertEndpoint(row);
    return { ...endpointAnswer({ ...row, deleted_at: null }), secret };
  }

  /** The event of a session's creation or new status, and its deliveries. Inside the change's transaction. */
  record(session: SessionRow): void {
    const now = this.#clock.now();
    const type: WebhookEventType =
      session.status === 'pending' ? 'onramp.session.created' : `onramp.session.${session.status}`;
    const event: WebhookEvent = {
      id: newEventId(),
      type,
      created: iso(now),
      // The session's metadata is referred to, not copied (eventBody puts it back).
      data: { object: { ...sessionStatusAnswer(session, undefined), metadata: {} } },
    };
    this.#repo.insertEvent({
      id: event.id,
      account_id: session.account_id,
      environment: session.environment,
      type,
      session_id: session.id,
      payload: JSON.stringify(event),
      created_at: now,
    });
    let stored = 0;
    for (const endpoint of this.#repo.listEndpoints(session.account_id, session.environment)) {
      if (!subscriptions(endpoint).some((s) => s === WEBHOOK_ALL_EVENTS || s === type)) continue;
      this.#repo.insertDelivery({
        id: newDeliveryId(),
        event_id: event.id,
        endpoint_id: endpoint.id,
        next_attempt_at: now,
        created_at: now,
      });
      stored += 1;
    }
    if (stored > 0) this.#onStored();
  }
}

/**
 * The body an event is delivered with: its stored body with its session's metadata (the JSON text
 * the sessions table keeps, or null) in the place the stored body keeps for it. Key order is kept,
 * so the bytes are the same at every attempt.
 */
export function eventBody(payload: string, metadata: string | null): string {
  if (metadata === null || metadata === '{}') return payload;
  const event = JSON.parse(payload) as { data?: { object?: Record<string, unknown> } };
  const object = event.data?.object;
  if (!object) return payload;
  object.metadata = JSON.parse(metadata) as unknown;
  return JSON.stringify(event);
}

function subscriptions(row: WebhookEndpointRow): Subscription[] {
  const parsed: unknown = JSON.parse(row.events);
  return Array.isArray(parsed)
    ? parsed.filter((s): s is Subscription => webhookSubscriptionSchema.safeParse(s).success)
    : [];
}

export function endpointAnswer(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: subscriptions(row),
    environment: row.environment,
    created_at: iso(row.created_at),
  };
}

export function deliveryAnswers(repo: WebhooksRepo, endpointId: string, limit: number): WebhookDelivery[] {
  return repo.deliveriesOf(endpointId, limit).map((row) => ({
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempt_log.map((a) => ({
      attempt: a.attempt,
      attempted_at: iso(a.attempted_at),
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
    })),
    next_attempt_at: row.status === 'pending' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at),
  }));
}
