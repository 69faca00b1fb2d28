/**
 * Webhook events: one for every transition, stored before delivery, signed deliveries verified with
 * the merchant helper, endpoints of one mode only, and no signing secret in the database files.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import {
  type WebhookEvent,
  deletedWebhookEndpointSchema,
  webhookDeliveryListSchema,
} from '../../src/contract/write/webhook.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';
import { type TestSandbox, expectData, startTestSandbox, waitFor } from './helpers.js';
import {
  type Receiver,
  startReceiver,
  EVENTS_ALL,
  createEndpoint,
  deliveries,
  createSession,
  payOnCheckout,
  advance,
  verified,
  useTempDir,
} from './support/webhook-receiver.js';

const dir = useTempDir('sandbox-webhooks-');

describe('events and delivery', () => {
  let t: TestSandbox;
  let receiver: Receiver;
  let completedOnly: Receiver;
  let secret: string;
  let completedSecret: string;
  let endpointId: string;
  const db = () => join(dir(), 'events.db');
  before(async () => {
    receiver = await startReceiver();
    completedOnly = await startReceiver();
    t = await startTestSandbox({ db: db(), deliveryMs: 50, sweepIntervalMs: 20, webhookRetryBaseMs: 50 });
    const endpoint = await createEndpoint(t, receiver.url);
    secret = endpoint.secret;
    endpointId = endpoint.id;
    completedSecret = (await createEndpoint(t, completedOnly.url, ['onramp.session.completed'])).secret;
  });
  after(async () => {
    await t.close();
    await receiver.close();
    await completedOnly.close();
  });

  const eventsFor = async (sessionId: string, count: number): Promise<WebhookEvent[]> => {
    const found = await waitFor(
      async () => {
        const events: WebhookEvent[] = [];
        for (const r of receiver.received) {
          const event = await verified(r, secret);
          if (event.data.object.session_id === sessionId) events.push(event);
        }
        return events.length >= count ? events : undefined;
      },
      5000,
      `${count} events for ${sessionId}`,
    );
    return found;
  };

  it('emits created, processing, completed (card 4242 on the hosted checkout), each signed and verifiable', async () => {
    const s = await createSession(t);
    await payOnCheckout(s.redirect_url, '4242424242424242');
    const events = await eventsFor(s.session_id, 3);
    assert.deepEqual(
      events.map((e) => e.type),
      ['onramp.session.created', 'onramp.session.processing', 'onramp.session.completed'],
    );
    assert.deepEqual(
      events.map((e) => e.data.object.status),
      ['pending', 'processing', 'completed'],
    );
    assert.equal(new Set(events.map((e) => e.id)).size, 3);
    const done = events[2]!.data.object;
    assert.match(done.tx_hash ?? '', /^0x[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(events).includes('_secret_'), 'no client secret in events');
    assert.equal(done.redirect_url, undefined);
    // The completed-only endpoint got exactly that one event, same id, with its own secret.
    const only = await waitFor(async () => {
      for (const r of completedOnly.received) {
        const e = await verified(r, completedSecret);
        if (e.data.object.session_id === s.session_id) return e;
      }
      return undefined;
    });
    assert.equal(only.id, events[2]!.id);
    assert.ok(
      completedOnly.received.every((r) => (JSON.parse(r.body) as WebhookEvent).type === 'onramp.session.completed'),
    );
    // Signed with the other endpoint's secret, it does not verify with this one.
    const first = completedOnly.received[0]!;
    const wrong = await verifyWebhookSignature(first.body, first.headers['onramp-signature'] as string, secret);
    assert.equal(wrong.ok, false);
  });

  it('emits failed for a declined card, a helper failure and a failed delivery, and expired', async () => {
    const declined = await createSession(t);
    await payOnCheckout(declined.redirect_url, '4000000000000002');
    assert.deepEqual(
      (await eventsFor(declined.session_id, 2)).map((e) => e.type),
      ['onramp.session.created', 'onramp.session.failed'],
    );

    const undelivered = await createSession(t);
    await payOnCheckout(undelivered.redirect_url, '4000000000009995');
    assert.deepEqual(
      (await eventsFor(undelivered.session_id, 3)).map((e) => e.type),
      ['onramp.session.created', 'onramp.session.processing', 'onramp.session.failed'],
    );

    const helper = await createSession(t);
    assert.equal((await advance(t, helper.session_id, 'processing')).status, 200);
    assert.equal((await advance(t, helper.session_id, 'failed')).status, 200);
    assert.deepEqual(
      (await eventsFor(helper.session_id, 3)).map((e) => e.type),
      ['onramp.session.created', 'onramp.session.processing', 'onramp.session.failed'],
    );

    const expired = await createSession(t);
    assert.equal((await advance(t, expired.session_id, 'expired')).status, 200);
    const events = await eventsFor(expired.session_id, 2);
    assert.deepEqual(
      events.map((e) => e.type),
      ['onramp.session.created', 'onramp.session.expired'],
    );
    assert.equal(events[1]!.data.object.status, 'expired');
  });

  it('stores each event before delivering it: the receiver finds it in the database when the request arrives', async () => {
    const reader = new Database(db(), { readonly: true });
    try {
      const s = await createSession(t);
      const [event] = await eventsFor(s.session_id, 1);
      const row = reader.prepare('SELECT payload FROM webhook_events WHERE id = ?').get(event!.id) as
        { payload: string } | undefined;
      assert.ok(row, 'the event row exists');
      const received = receiver.received.find((r) => r.body.includes(event!.id));
      assert.equal(row.payload, received?.body, 'the stored body is exactly the delivered body');
      const log = await waitFor(async () => {
        const entry = (await deliveries(t, endpointId)).find((d) => d.event_id === event!.id);
        return entry?.status === 'succeeded' ? entry : undefined;
      });
      assert.equal(log.event_type, 'onramp.session.created');
      assert.equal(log.attempts.length, 1);
      assert.equal(log.attempts[0]?.status_code, 200);
      assert.equal(log.next_attempt_at, null);
    } finally {
      reader.close();
    }
  });

  it('delivers only to endpoints of the same mode: live sessions never reach a test endpoint', async () => {
    // (shop.example resolves nowhere in tests: loopbackOnlyResolver.)
    const liveEndpoint = await createEndpoint(t, 'https://shop.example:1/never', EVENTS_ALL, t.keys.live.secret);
    const before = receiver.received.length;
    const live = await createSession(t, t.keys.live.secret);
    const test = await createSession(t);
    await eventsFor(test.session_id, 1);
    assert.ok(receiver.received.slice(before).every((r) => !r.body.includes(live.session_id)));
    // ...and the live endpoint's log holds the live session's event only.
    const log = expectData(
      await t.call('GET', `/v1/webhooks/${liveEndpoint.id}/deliveries`, { key: t.keys.live.secret }),
      webhookDeliveryListSchema,
    );
    assert.equal(log.deliveries.length, 1);
    expectData(
      await t.call('DELETE', `/v1/webhooks/${liveEndpoint.id}`, { key: t.keys.live.secret }),
      deletedWebhookEndpointSchema,
    );
  });

  it('never writes a signing secret into the database files', () => {
    for (const name of readdirSync(dir()).filter((n) => n.startsWith('events.db'))) {
      const bytes = readFileSync(join(dir(), name));
      assert.ok(!bytes.includes(secret), `${name} holds the secret`);
      assert.ok(!bytes.includes(completedSecret), `${name} holds the secret`);
    }
  });
});
