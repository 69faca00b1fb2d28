/**
 * Webhook deliveries survive a restart: pending ones are all delivered, once each.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { createdWebhookEndpointSchema, webhookDeliveryListSchema } from '../../src/contract/write/webhook.js';
import { call, expectData, sessionBody, startOnDatabase, waitFor } from './helpers.js';
import { freePort } from '../support/free-port.js';
import { startReceiver, verified, useTempDir } from './support/webhook-receiver.js';

const dir = useTempDir('sandbox-webhooks-');

describe('restart', () => {
  it('loses nothing: deliveries pending while the receiver is down are all delivered, once each, after a restart', async () => {
    const dbPath = join(dir(), 'restart.db');
    const port = await freePort();
    const options = { webhookRetryBaseMs: 100, webhookRetryMaxDelayMs: 400, webhookMaxAttempts: 50 };
    const first = await startOnDatabase(dbPath, options);
    const secretKey = first.keys!.test.secret;
    const api = (base: string, method: string, path: string, body?: unknown) =>
      call(base, method, path, { key: secretKey, ...(body === undefined ? {} : { body }) });
    const endpoint = expectData(
      await api(first.apiUrl, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:${port}/hooks`, events: ['*'] }),
      createdWebhookEndpointSchema,
      201,
    );
    for (let i = 0; i < 3; i += 1) {
      const s = expectData(await api(first.apiUrl, 'POST', '/v1/onramp', sessionBody()), createdSessionSchema, 201);
      if (i > 0)
        assert.equal(
          (
            await api(first.apiUrl, 'POST', '/v1/test_helpers/onramp/advance', {
              session_id: s.session_id,
              to: 'processing',
            })
          ).status,
          200,
        );
      if (i > 1)
        assert.equal(
          (
            await api(first.apiUrl, 'POST', '/v1/test_helpers/onramp/advance', {
              session_id: s.session_id,
              to: 'completed',
            })
          ).status,
          200,
        );
    }
    const logOf = async (base: string) =>
      expectData(await api(base, 'GET', `/v1/webhooks/${endpoint.id}/deliveries`), webhookDeliveryListSchema)
        .deliveries;
    // 3 created + 2 processing + 1 completed, each tried and failed at least once (receiver down).
    const before = await waitFor(async () => {
      const log = await logOf(first.apiUrl);
      return log.length === 6 && log.every((d) => d.status === 'pending' && d.attempts.length >= 1) ? log : undefined;
    });
    await first.close();

    const receiver = await startReceiver(() => 200, port);
    const second = await startOnDatabase(dbPath, options);
    try {
      const after = await waitFor(async () => {
        const log = await logOf(second.apiUrl);
        return log.every((d) => d.status === 'succeeded') ? log : undefined;
      }, 10_000);
      const expected = before.map((d) => d.event_id).sort();
      assert.deepEqual(after.map((d) => d.event_id).sort(), expected);
      const received = await Promise.all(receiver.received.map((r) => verified(r, endpoint.secret)));
      assert.deepEqual(received.map((e) => e.id).sort(), expected, 'every event exactly once');
      assert.ok(
        after.every(
          (d) => d.attempts.at(-1)?.status_code === 200 && d.attempts.slice(0, -1).every((a) => a.status_code === null),
        ),
      );
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});
