/**
 * Webhook endpoints, black box over HTTP: create, list and delete, the validation of url and events,
 * the refused targets, permissions per key and mode, wrong methods and the delivery log's limit.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdApiKeySchema } from '../../src/contract/write/api-key.js';
import {
  createdWebhookEndpointSchema,
  deletedWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
} from '../../src/contract/write/webhook.js';
import { type TestSandbox, expectData, expectError, startTestSandbox } from './helpers.js';
import { EVENTS_ALL, createEndpoint } from './support/webhook-receiver.js';

describe('/v1/webhooks endpoints', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('creates an endpoint with its whsec_ secret shown once, lists it without the secret, deletes it', async () => {
    const created = await createEndpoint(t, 'https://shop.example/hooks', [
      'onramp.session.completed',
      'onramp.session.failed',
    ]);
    assert.match(created.id, /^we_[0-9A-Za-z]{24}$/);
    assert.match(created.secret, /^whsec_[0-9A-Za-z]{32}$/);
    assert.deepEqual(created.events, ['onramp.session.completed', 'onramp.session.failed']);
    assert.equal(created.environment, 'test');
    const second = await createEndpoint(t, 'http://localhost:4000/hooks');
    assert.deepEqual(second.events, ['*']);

    const listReply = await t.call('GET', '/v1/webhooks');
    const list = expectData(listReply, webhookEndpointListSchema);
    assert.deepEqual(
      list.webhooks.map((w) => w.id),
      [second.id, created.id],
    );
    assert.ok(!listReply.text.includes('whsec_'), 'the list never shows a secret');
    assert.ok(list.webhooks.every((w) => !('secret' in w)));

    const deleted = expectData(await t.call('DELETE', `/v1/webhooks/${created.id}`), deletedWebhookEndpointSchema);
    assert.deepEqual(deleted, { id: created.id, deleted: true });
    expectError(await t.call('DELETE', `/v1/webhooks/${created.id}`), 404, 'NOT_FOUND', 'id');
    expectError(await t.call('GET', `/v1/webhooks/${created.id}/deliveries`), 404, 'NOT_FOUND', 'id');
    assert.deepEqual(
      expectData(await t.call('GET', '/v1/webhooks'), webhookEndpointListSchema).webhooks.map((w) => w.id),
      [second.id],
    );
  });

  it('validates url (https; http only to localhost in test mode) and events', async () => {
    const post = (body: unknown, key?: string) => t.call('POST', '/v1/webhooks', { body, ...(key ? { key } : {}) });
    expectError(await post({ events: EVENTS_ALL }), 400, 'VALIDATION_ERROR', 'url');
    for (const url of [
      '',
      'not a url',
      'ftp://shop.example/x',
      'http://shop.example/hooks',
      'https://user:pw@shop.example/x',
      42,
      `https://x.example/${'a'.repeat(2000)}`,
    ]) {
      expectError(await post({ url, events: EVENTS_ALL }), 400, 'VALIDATION_ERROR', 'url');
    }
    // Live mode: https only, even to localhost.
    expectError(
      await post({ url: 'http://127.0.0.1:9/hooks', events: EVENTS_ALL }, t.keys.live.secret),
      400,
      'VALIDATION_ERROR',
      'url',
    );
    const live = await createEndpoint(t, 'https://shop.example/live', EVENTS_ALL, t.keys.live.secret);
    assert.equal(live.environment, 'live');
    for (const url of ['http://127.0.0.1:9/hooks', 'http://[::1]:9/hooks', 'https://127.0.0.1/x'])
      await createEndpoint(t, url);
    expectError(await post({ url: 'https://shop.example/x' }), 400, 'VALIDATION_ERROR', 'events');
    for (const events of [[], 'onramp.session.completed', ['onramp.session.pending'], ['completed'], [1], null]) {
      expectError(await post({ url: 'https://shop.example/x', events }), 400, 'VALIDATION_ERROR', 'events');
    }
    expectError(
      await t.call('POST', '/v1/webhooks', { rawBody: '{nope', headers: { 'Content-Type': 'application/json' } }),
      400,
      'INVALID_JSON',
    );
    expectError(await post([1]), 400, 'VALIDATION_ERROR');
  });

  it('refuses private, link-local and reserved targets in both modes, and loopback in live mode, however spelled', async () => {
    const post = (url: string, key: string) =>
      t.call('POST', '/v1/webhooks', { key, body: { url, events: EVENTS_ALL } });
    const privateTargets = [
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://0xa9fea9fe/',
      'https://[::]/',
      'https://[fc00::1]/',
      'https://[fd12::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://metadata.google.internal/',
      'https://nas.local/',
      'https://intranet/',
    ];
    const loopbackTargets = [
      'https://127.0.0.1/',
      'https://0x7f000001/',
      'https://2130706433/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://localhost/',
      'https://localhost./',
      'https://hooks.localhost/',
    ];
    for (const url of privateTargets) {
      expectError(await post(url, t.keys.test.secret), 400, 'VALIDATION_ERROR', 'url');
      expectError(await post(url, t.keys.live.secret), 400, 'VALIDATION_ERROR', 'url');
    }
    for (const url of loopbackTargets) {
      expectError(await post(url, t.keys.live.secret), 400, 'VALIDATION_ERROR', 'url');
      // A developer's own machine stays allowed in test mode.
      expectData(await post(url, t.keys.test.secret), createdWebhookEndpointSchema, 201);
    }
    expectData(await post('https://[2606:4700::1111]/hooks', t.keys.live.secret), createdWebhookEndpointSchema, 201);
  });

  it('needs webhooks:manage on a secret key; keeps test and live endpoints apart', async () => {
    expectError(await t.call('GET', '/v1/webhooks', { key: null }), 401, 'MISSING_API_KEY');
    expectError(await t.call('GET', '/v1/webhooks', { key: 'onramp_test_sk_nope' }), 401, 'INVALID_API_KEY');
    expectError(await t.call('GET', '/v1/webhooks', { key: t.keys.test.publishable }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(
      await t.call('POST', '/v1/webhooks', {
        key: t.keys.test.publishable,
        body: { url: 'https://a.example', events: EVENTS_ALL },
      }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    const limited = expectData(
      await t.call('POST', '/v1/keys', {
        body: { name: 'no webhooks', environment: 'test', permissions: ['onramp:create', 'keys:manage'] },
      }),
      createdApiKeySchema,
      201,
    );
    const created = await createEndpoint(t, 'https://shop.example/scoped');
    for (const [method, path] of [
      ['GET', '/v1/webhooks'],
      ['POST', '/v1/webhooks'],
      ['DELETE', `/v1/webhooks/${created.id}`],
      ['GET', `/v1/webhooks/${created.id}/deliveries`],
    ] as const) {
      const body = method === 'POST' ? { body: { url: 'https://a.example', events: EVENTS_ALL } } : {};
      expectError(await t.call(method, path, { key: limited.key, ...body }), 403, 'INSUFFICIENT_PERMISSIONS');
    }
    // A live key neither sees nor deletes a test endpoint.
    const liveList = expectData(
      await t.call('GET', '/v1/webhooks', { key: t.keys.live.secret }),
      webhookEndpointListSchema,
    );
    assert.ok(liveList.webhooks.every((w) => w.environment === 'live'));
    assert.ok(!liveList.webhooks.some((w) => w.id === created.id));
    expectError(await t.call('DELETE', `/v1/webhooks/${created.id}`, { key: t.keys.live.secret }), 404, 'NOT_FOUND');
    expectError(
      await t.call('GET', `/v1/webhooks/${created.id}/deliveries`, { key: t.keys.live.secret }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers wrong methods with 405 and Allow, and checks the delivery log limit', async () => {
    const created = await createEndpoint(t, 'https://shop.example/methods');
    const cases: [string, string, string][] = [
      ['PUT', '/v1/webhooks', 'GET, HEAD, POST'],
      ['DELETE', '/v1/webhooks', 'GET, HEAD, POST'],
      ['GET', `/v1/webhooks/${created.id}`, 'DELETE'],
      ['PATCH', `/v1/webhooks/${created.id}`, 'DELETE'],
      ['POST', `/v1/webhooks/${created.id}/deliveries`, 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await t.call(method, path);
      expectError(reply, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(reply.headers.get('Allow'), allow);
    }
    for (const limit of ['0', '101', 'x', '-1']) {
      expectError(
        await t.call('GET', `/v1/webhooks/${created.id}/deliveries?limit=${limit}`),
        400,
        'VALIDATION_ERROR',
        'limit',
      );
    }
    assert.deepEqual(
      expectData(await t.call('GET', `/v1/webhooks/${created.id}/deliveries?limit=5`), webhookDeliveryListSchema)
        .deliveries,
      [],
    );
  });
});
