/**
 * The webhook delivery worker: picks due deliveries from the database, POSTs each event's stored
 * body with a fresh `Onramp-Signature` (new `t` every attempt), gives every attempt a timeout,
 * logs every attempt, and retries non-2xx answers and network errors with exponential backoff and
 * jitter until the bounded schedule runs out.
 *
 * At most one attempt per delivery is in flight: an in-memory set guards it, and a lease in the
 * database (`next_attempt_at` pushed past the timeout when an attempt starts) keeps a crashed
 * process's attempt from being retried before it could have finished. All state is in SQLite, so a
 * restart resumes every pending delivery; `stop()` aborts attempts in flight, records them and
 * leaves them due at once. Delivery is at least once: receivers deduplicate by event `id`.
 *
 * Each attempt first vets its target again (`webhook-targets.ts`: the host resolved now, every
 * address allowed) and connects only to the vetted address. The log says what a merchant needs
 * and no more: a status code, a timeout, or "could not connect" (a refused target, a DNS failure
 * and a closed port look the same, so the log cannot map a network).
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../src/contract/write/webhook.js';
import type { DueDelivery, WebhooksRepo } from '../db/webhooks.js';
import type { Clock } from './clock.js';
import { unseal } from './ids.js';
import { type HostResolver, vetDeliveryTarget } from './webhook-targets.js';
import { postPinned } from './webhook-transport.js';
import { eventBody } from './webhooks.js';

/** The only network error a delivery log shows. */
export const COULD_NOT_CONNECT = 'could not connect';

export interface WebhookRetryPolicy {
  /** Attempts in all (the first one included) before a delivery is marked failed. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** Largest delay between two attempts. */
  maxDelayMs: number;
}

export const DEFAULT_WEBHOOK_RETRY: WebhookRetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

/**
 * Delay after failed attempt number `attempt` (1-based): `min(max, base * 2^(attempt-1))`, with
 * "equal jitter" (uniformly between half and all of it), so receivers coming back from an outage are
 * not hit by every retry at once.
 */
export function webhookRetryDelayMs(
  attempt: number,
  policy: WebhookRetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (node:crypto; the helper uses Web Crypto). */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export interface WebhookDispatcherOptions {
  repo: WebhooksRepo;
  clock: Clock;
  sealKey: string;
  retry: WebhookRetryPolicy;
  timeoutMs: number;
  /** Resolves endpoint host names at each attempt. */
  resolve: HostResolver;
  /**
   * With guest accounts: endpoints under `prefix` (the owner's receiver) are delivered to `fetch`
   * in-process, and nothing else is delivered at all.
   */
  receiver?: { prefix: string; fetch: (request: Request) => Promise<Response> } | undefined;
  /** Longest sleep between two looks at the database. Default 1000 ms. */
  pollMs?: number;
  /** Attempts in flight at once, all endpoints together. Default 16. */
  concurrency?: number;
  log: (line: string) => void;
  random?: () => number;
}

interface InFlight {
  controller: AbortController;
  done: Promise<void>;
}

export class WebhookDispatcher {
  readonly #o: Required<Omit<WebhookDispatcherOptions, 'receiver'>> & Pick<WebhookDispatcherOptions, 'receiver'>;
  readonly #inFlight = new Map<string, InFlight>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: WebhookDispatcherOptions) {
    this.#o = { pollMs: 1000, concurrency: 16, random: Math.random, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.#wake(0);
  }

  /** New deliveries were stored: look now rather than at the next poll. */
  kick(): void {
    if (!this.#stopped) this.#wake(0);
  }

  /** Stops the loop; attempts in flight are aborted, recorded and left due. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const pending = [...this.#inFlight.values()];
    for (const flight of pending) flight.controller.abort();
    await Promise.all(pending.map((flight) => flight.done));
  }

  #wake(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#tick(), Math.max(0, delayMs));
    this.#timer.unref();
  }

  #tick(): void {
    if (this.#stopped) return;
    try {
      const now = this.#o.clock.now();
      const room = this.#o.concurrency - this.#inFlight.size;
      if (room > 0) {
        for (const delivery of this.#o.repo.due(now, room + this.#inFlight.size)) {
          if (this.#inFlight.size >= this.#o.concurrency) break;
          if (this.#inFlight.has(delivery.id)) continue;
          this.#begin(delivery, now);
        }
      }
      const next = this.#o.repo.nextDueAt();
      const wait = next === null ? this.#o.pollMs : Math.min(this.#o.pollMs, next - this.#o.clock.now());
      this.#wake(Math.max(wait, 5));
    } catch (error) {
      this.#o.log(`[sandbox] webhook dispatcher failed: ${String(error)}`);
      this.#wake(this.#o.pollMs);
    }
  }

  #begin(delivery: DueDelivery, now: number): void {
    const controller = new AbortController();
    // The lease: not due again before this attempt could have timed out.
    this.#o.repo.lease(delivery.id, now + this.#o.timeoutMs + 1000);
    const done = this.#attempt(delivery, controller)
      .catch((error: unknown) =>
        this.#o.log(`[sandbox] webhook attempt ${delivery.id} failed to record: ${String(error)}`),
      )
      .finally(() => {
        this.#inFlight.delete(delivery.id);
        this.kick();
      });
    this.#inFlight.set(delivery.id, { controller, done });
  }

  async #attempt(delivery: DueDelivery, controller: AbortController): Promise<void> {
    const { clock, timeoutMs, repo } = this.#o;
    const attempt = delivery.attempts + 1;
    const attemptedAt = clock.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    // `as boolean`: the timer's callback sets it, which TypeScript's narrowing does not see.
    let timedOut = false as boolean;
    const secret = unseal(delivery.secret_sealed, this.#o.sealKey);
    if (secret === null) {
      error = 'the endpoint signing secret cannot be unsealed (was the seal key changed?)';
    } else {
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const body = eventBody(delivery.payload, delivery.metadata);
        const headers = {
          'Content-Type': 'application/json',
          'User-Agent': 'Onramp-Webhooks/1 (sandbox)',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(clock.now() / 1000), body),
        };
        const receiver = this.#o.receiver;
        if (receiver) {
          if (!delivery.url.startsWith(receiver.prefix)) throw new Error(COULD_NOT_CONNECT);
          const url = new URL(delivery.url);
          const request = new Request(url, {
            method: 'POST',
            headers: { ...headers, Host: url.host },
            body,
            signal: controller.signal,
          });
          const response = await Promise.race([receiver.fetch(request), rejectOnAbort(controller.signal)]);
          statusCode = response.status;
          await response.body?.cancel();
        } else {
          // A slow lookup counts against the attempt's timeout like a slow answer.
          const target = await Promise.race([
            vetDeliveryTarget(delivery.url, delivery.environment, this.#o.resolve),
            rejectOnAbort(controller.signal),
          ]);
          if (!target.ok) throw new Error(COULD_NOT_CONNECT);
          statusCode = await postPinned(target.url, target.address, headers, body, controller.signal);
        }
      } catch {
        error = timedOut
          ? `timed out after ${timeoutMs} ms`
          : this.#stopped
            ? 'aborted: the sandbox stopped'
            : COULD_NOT_CONNECT;
      } finally {
        clearTimeout(timer);
      }
    }
    const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const finishedAt = clock.now();
    const shutdown = !succeeded && this.#stopped && !timedOut && secret !== null;
    const next = succeeded
      ? { status: 'succeeded' as const, next_attempt_at: null }
      : shutdown
        ? { status: 'pending' as const, next_attempt_at: finishedAt }
        : attempt >= this.#o.retry.maxAttempts || secret === null
          ? { status: 'failed' as const, next_attempt_at: null }
          : {
              status: 'pending' as const,
              next_attempt_at: finishedAt + webhookRetryDelayMs(attempt, this.#o.retry, this.#o.random),
            };
    repo.recordAttempt(
      {
        delivery_id: delivery.id,
        attempt,
        attempted_at: attemptedAt,
        duration_ms: Math.max(0, Math.round(performance.now() - started)),
        status_code: statusCode,
        error,
      },
      next,
    );
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
  );
}
