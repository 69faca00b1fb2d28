/**
 * Webhook retries: backoff after 5xx and timeouts, a fresh timestamp each attempt, giving up after the
 * bounded schedule, cancelled with their endpoint, and the target checked again at delivery time.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { deletedWebhookEndpointSchema } from '../../src/contract/write/webhook.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';
import type { HostResolver } from '../../demo/onramp-api/domain/webhook-targets.js';
import { expectData, startTestSandbox, waitFor } from './helpers.js';
import { freePort } from '../support/free-port.js';
import {
  startReceiver,
  createEndpoint,
  deliveries,
  createSession,
  verified,
  useTempDir,
} from './support/webhook-receiver.js';

const dir = useTempDir('sandbox-webhooks-');

describe('retries', () => {
  it('retries 5xx answers with exponential backoff, then stops at the first 2xx; the log shows every attempt', async () => {
    const receiver = await startReceiver((_r, i) => (i < 3 ? 500 : 200));
    const t = await startTestSandbox({ webhookRetryBaseMs: 100, webhookRetryMaxDelayMs: 10_000 });
    try {
      const endpoint = await createEndpoint(t, receiver.url, ['onramp.session.created']);
      await createSession(t);
      const log = await waitFor(async () => {
        const [d] = await deliveries(t, endpoint.id);
        return d?.status === 'succeeded' ? d : undefined;
      }, 10_000);
      assert.deepEqual(
        log.attempts.map((a) => a.status_code),
        [500, 500, 500, 200],
      );
      assert.deepEqual(
        log.attempts.map((a) => a.attempt),
        [1, 2, 3, 4],
      );
      assert.ok(log.attempts.every((a) => a.error === null && a.duration_ms >= 0));
      assert.equal(receiver.received.length, 4);
      // Same event, same body each time; every attempt signed.
      assert.equal(new Set(receiver.received.map((r) => r.body)).size, 1);
      for (const r of receiver.received) await verified(r, endpoint.secret);
      // Backoff with equal jitter: gap n is between base*2^(n-1)/2 and base*2^(n-1) (plus scheduling).
      const gaps = receiver.received.slice(1).map((r, i) => r.at - receiver.received[i]!.at);
      gaps.forEach((gap, i) => assert.ok(gap >= 100 * 2 ** i * 0.5 - 5, `gap ${i + 1} was ${gap} ms`));
      assert.ok(gaps[2]! > gaps[0]!, `backoff grows: ${gaps.join(', ')}`);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('times out a hanging receiver, logs it, and retries', async () => {
    const receiver = await startReceiver((_r, i) => (i === 0 ? 'hang' : 204));
    const t = await startTestSandbox({ webhookRetryBaseMs: 50, webhookTimeoutMs: 300 });
    try {
      const endpoint = await createEndpoint(t, receiver.url, ['onramp.session.created']);
      await createSession(t);
      const log = await waitFor(async () => {
        const [d] = await deliveries(t, endpoint.id);
        return d?.status === 'succeeded' ? d : undefined;
      });
      assert.equal(log.attempts.length, 2);
      assert.equal(log.attempts[0]?.status_code, null);
      assert.match(log.attempts[0]?.error ?? '', /timed out after 300 ms/);
      assert.ok((log.attempts[0]?.duration_ms ?? 0) >= 280, `duration ${log.attempts[0]?.duration_ms}`);
      assert.equal(log.attempts[1]?.status_code, 204);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('signs each attempt afresh: a new timestamp every time, each verifiable at its own time', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    // Every delivery moves the sandbox clock 7 s on, so each attempt happens in a later second.
    const receiver = await startReceiver((_r, i) => {
      offset += 7000;
      return i < 2 ? 503 : 200;
    });
    const t = await startTestSandbox({ now, webhookRetryBaseMs: 50 });
    try {
      const endpoint = await createEndpoint(t, receiver.url, ['onramp.session.created']);
      await createSession(t);
      await waitFor(() => (receiver.received.length >= 3 ? true : undefined));
      const stamps = receiver.received.map((r) => Number(/t=(\d+)/.exec(String(r.headers['onramp-signature']))?.[1]));
      assert.ok(stamps[1]! >= stamps[0]! + 7 && stamps[2]! >= stamps[1]! + 7, `timestamps ${stamps.join(', ')}`);
      for (const [i, r] of receiver.received.entries()) await verified(r, endpoint.secret, stamps[i]! * 1000);
      // An old attempt replayed now is refused by the receiver's tolerance.
      const first = receiver.received[0]!;
      const replay = await verifyWebhookSignature(
        first.body,
        String(first.headers['onramp-signature']),
        endpoint.secret,
        { now: now() + 400_000 },
      );
      assert.equal(!replay.ok && replay.reason, 'timestamp_out_of_tolerance');
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('gives up after the bounded schedule (here 4 attempts) and marks the delivery failed; network errors are logged as "could not connect"', async () => {
    const receiver = await startReceiver(() => 500);
    const downPort = await freePort();
    const t = await startTestSandbox({ webhookRetryBaseMs: 20, webhookMaxAttempts: 4 });
    try {
      const failing = await createEndpoint(t, receiver.url, ['onramp.session.created']);
      const down = await createEndpoint(t, `http://127.0.0.1:${downPort}/hooks`, ['onramp.session.created']);
      await createSession(t);
      const failed = await waitFor(async () => {
        const [d] = await deliveries(t, failing.id);
        return d?.status === 'failed' ? d : undefined;
      });
      assert.deepEqual(
        failed.attempts.map((a) => a.status_code),
        [500, 500, 500, 500],
      );
      assert.equal(failed.next_attempt_at, null);
      const unreachable = await waitFor(async () => {
        const [d] = await deliveries(t, down.id);
        return d?.status === 'failed' ? d : undefined;
      });
      assert.equal(unreachable.attempts.length, 4);
      // "could not connect", never the socket's own error (ECONNREFUSED would tell a closed port from a filtered one).
      assert.ok(
        unreachable.attempts.every((a) => a.status_code === null && a.error === 'could not connect'),
        JSON.stringify(unreachable.attempts),
      );
      // Nothing more is scheduled: no pending delivery is left.
      const all = [...(await deliveries(t, failing.id)), ...(await deliveries(t, down.id))];
      assert.ok(all.every((d) => d.status === 'failed'));
      assert.equal(receiver.received.length, 4);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('cancels pending deliveries when their endpoint is deleted', async () => {
    const port = await freePort();
    const dbPath = join(dir(), 'cancel.db');
    const t = await startTestSandbox({ db: dbPath, webhookRetryBaseMs: 60_000 });
    try {
      const endpoint = await createEndpoint(t, `http://127.0.0.1:${port}/hooks`);
      await createSession(t);
      await waitFor(async () => ((await deliveries(t, endpoint.id))[0]?.attempts.length === 1 ? true : undefined));
      expectData(await t.call('DELETE', `/v1/webhooks/${endpoint.id}`), deletedWebhookEndpointSchema);
      const reader = new Database(dbPath, { readonly: true });
      const rows = reader.prepare('SELECT status FROM webhook_deliveries WHERE endpoint_id = ?').all(endpoint.id) as {
        status: string;
      }[];
      reader.close();
      assert.deepEqual(
        rows.map((r) => r.status),
        ['cancelled'],
      );
    } finally {
      await t.close();
    }
  });
});

describe('delivery-time target check', () => {
  it('refuses a delivery whose host now resolves to a refused address, before any connection, and logs only "could not connect"', async () => {
    const receiver = await startReceiver();
    const asked: string[] = [];
    // DNS changed after the endpoint was created: localhost now answers 0.0.0.0 ("this network", reserved).
    const webhookResolver: HostResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '0.0.0.0', family: 4 }];
    };
    const t = await startTestSandbox({ webhookResolver, webhookRetryBaseMs: 20, webhookMaxAttempts: 2 });
    try {
      const endpoint = await createEndpoint(t, `http://localhost:${receiver.port}/hooks`, ['onramp.session.created']);
      await createSession(t);
      const failed = await waitFor(async () => {
        const [d] = await deliveries(t, endpoint.id);
        return d?.status === 'failed' ? d : undefined;
      });
      assert.deepEqual(
        failed.attempts.map((a) => [a.status_code, a.error]),
        [
          [null, 'could not connect'],
          [null, 'could not connect'],
        ],
      );
      assert.deepEqual(asked, ['localhost', 'localhost'], 'resolved afresh at each attempt');
      assert.equal(receiver.connections(), 0, 'no connection reached the receiver');
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

describe('delivery-time lookup', () => {
  it('counts a lookup that never answers against the attempt timeout', async () => {
    const webhookResolver: HostResolver = () => new Promise(() => {});
    const t = await startTestSandbox({ webhookResolver, webhookTimeoutMs: 200, webhookMaxAttempts: 1 });
    try {
      const endpoint = await createEndpoint(t, 'https://slow-dns.shop.example/hooks', ['onramp.session.created']);
      await createSession(t);
      const failed = await waitFor(async () => {
        const [d] = await deliveries(t, endpoint.id);
        return d?.status === 'failed' ? d : undefined;
      });
      assert.deepEqual(
        failed.attempts.map((a) => [a.status_code, a.error]),
        [[null, 'timed out after 200 ms']],
      );
    } finally {
      await t.close();
    }
  });
});
