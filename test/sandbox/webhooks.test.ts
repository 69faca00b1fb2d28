/**
 * Webhooks, black box over HTTP: endpoint CRUD, validation, permissions and the error envelope;
 * an event for every transition, stored before delivery; signed deliveries to a local receiver,
 * verified with the merchant helper; retries with backoff after 5xx and timeouts, a fresh
 * timestamp each attempt, giving up after the bounded schedule, the delivery log; and a restart
 * that loses nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import {
  type WebhookDelivery,
  type WebhookEvent,
  createdApiKeySchema,
  createdSessionSchema,
  createdWebhookEndpointSchema,
  deletedWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEventSchema,
} from '../../src/contract/index.js';
import { startSandbox } from '../../demo/sandbox/server.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';
import type { HostResolver } from '../../demo/sandbox/domain/webhook-targets.js';
import { type TestSandbox, call, expectData, expectError, loopbackOnlyResolver, sessionBody, startTestSandbox, waitFor } from './helpers.js';
import { freePort } from '../support/free-port.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------
// A tiny receiver: records every request (raw body, headers) and answers as the test says.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

type Answer = number | 'hang';

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

async function startReceiver(answer: (request: Received, index: number) => Answer = () => 200, port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() };
      received.push(request);
      const reply = answer(request, received.length - 1);
      if (reply === 'hang') hanging.push(res);
      else res.writeHead(reply, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}


const EVENTS_ALL = ['*'];

async function createEndpoint(t: TestSandbox, url: string, events: string[] = EVENTS_ALL, key?: string) {
  return expectData(await t.call('POST', '/v1/webhooks', { body: { url, events }, ...(key ? { key } : {}) }), createdWebhookEndpointSchema, 201);
}

async function deliveries(t: TestSandbox, endpointId: string): Promise<WebhookDelivery[]> {
  return expectData(await t.call('GET', `/v1/webhooks/${endpointId}/deliveries`), webhookDeliveryListSchema).deliveries;
}

async function createSession(t: TestSandbox, key?: string) {
  return expectData(await t.call('POST', '/v1/onramp', { body: sessionBody(), ...(key ? { key } : {}) }), createdSessionSchema, 201);
}

/** Pays on the hosted checkout page with a test card, as a buyer would. */
async function payOnCheckout(redirectUrl: string, card: string): Promise<void> {
  const url = new URL(redirectUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ t: url.searchParams.get('t') ?? '', card_number: card, card_expiry: '12/30', card_cvc: '123' }),
    redirect: 'manual',
  });
  assert.equal(res.status, 303);
}

const advance = (t: TestSandbox, sessionId: string, to: string) =>
  t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: sessionId, to } });

/** Parses a received body as the contract's event, after checking its signature with the merchant helper. */
async function verified(request: Received, secret: string, now?: number): Promise<WebhookEvent> {
  assert.match(String(request.headers['content-type']), /^application\/json/);
  const result = await verifyWebhookSignature(request.body, request.headers['onramp-signature'] as string | undefined, secret, now === undefined ? {} : { now });
  assert.ok(result.ok, `signature rejected: ${JSON.stringify(result)}`);
  const parsed = webhookEventSchema.safeParse(JSON.parse(request.body));
  assert.ok(parsed.success, `not an event: ${request.body}`);
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------

describe('/v1/webhooks endpoints', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('creates an endpoint with its whsec_ secret shown once, lists it without the secret, deletes it', async () => {
    const created = await createEndpoint(t, 'https://shop.example/hooks', ['onramp.session.completed', 'onramp.session.failed']);
    assert.match(created.id, /^we_[0-9A-Za-z]{24}$/);
    assert.match(created.secret, /^whsec_[0-9A-Za-z]{32}$/);
    assert.deepEqual(created.events, ['onramp.session.completed', 'onramp.session.failed']);
    assert.equal(created.environment, 'test');
    const second = await createEndpoint(t, 'http://localhost:4000/hooks');
    assert.deepEqual(second.events, ['*']);

    const listReply = await t.call('GET', '/v1/webhooks');
    const list = expectData(listReply, webhookEndpointListSchema);
    assert.deepEqual(list.webhooks.map((w) => w.id), [second.id, created.id]);
    assert.ok(!listReply.text.includes('whsec_'), 'the list never shows a secret');
    assert.ok(list.webhooks.every((w) => !('secret' in w)));

    const deleted = expectData(await t.call('DELETE', `/v1/webhooks/${created.id}`), deletedWebhookEndpointSchema);
    assert.deepEqual(deleted, { id: created.id, deleted: true });
    expectError(await t.call('DELETE', `/v1/webhooks/${created.id}`), 404, 'NOT_FOUND', 'id');
    expectError(await t.call('GET', `/v1/webhooks/${created.id}/deliveries`), 404, 'NOT_FOUND', 'id');
    assert.deepEqual(expectData(await t.call('GET', '/v1/webhooks'), webhookEndpointListSchema).webhooks.map((w) => w.id), [second.id]);
  });

  it('validates url (https; http only to localhost in test mode) and events', async () => {
    const post = (body: unknown, key?: string) => t.call('POST', '/v1/webhooks', { body, ...(key ? { key } : {}) });
    expectError(await post({ events: EVENTS_ALL }), 400, 'VALIDATION_ERROR', 'url');
    for (const url of ['', 'not a url', 'ftp://shop.example/x', 'http://shop.example/hooks', 'https://user:pw@shop.example/x', 42, `https://x.example/${'a'.repeat(2000)}`]) {
      expectError(await post({ url, events: EVENTS_ALL }), 400, 'VALIDATION_ERROR', 'url');
    }
    // Live mode: https only, even to localhost.
    expectError(await post({ url: 'http://127.0.0.1:9/hooks', events: EVENTS_ALL }, t.keys.live.secret), 400, 'VALIDATION_ERROR', 'url');
    const live = await createEndpoint(t, 'https://shop.example/live', EVENTS_ALL, t.keys.live.secret);
    assert.equal(live.environment, 'live');
    for (const url of ['http://127.0.0.1:9/hooks', 'http://[::1]:9/hooks', 'https://127.0.0.1/x']) await createEndpoint(t, url);
    expectError(await post({ url: 'https://shop.example/x' }), 400, 'VALIDATION_ERROR', 'events');
    for (const events of [[], 'onramp.session.completed', ['onramp.session.pending'], ['completed'], [1], null]) {
      expectError(await post({ url: 'https://shop.example/x', events }), 400, 'VALIDATION_ERROR', 'events');
    }
    expectError(await t.call('POST', '/v1/webhooks', { rawBody: '{nope', headers: { 'Content-Type': 'application/json' } }), 400, 'INVALID_JSON');
    expectError(await post([1]), 400, 'VALIDATION_ERROR');
  });

  it('refuses private, link-local and reserved targets in both modes, and loopback in live mode, however spelled', async () => {
    const post = (url: string, key: string) => t.call('POST', '/v1/webhooks', { key, body: { url, events: EVENTS_ALL } });
    const privateTargets = [
      'https://10.0.0.1/', 'https://169.254.169.254/latest/meta-data/', 'https://192.168.1.1/', 'https://172.16.0.1/', 'https://100.64.0.1/',
      'https://0.0.0.0/', 'https://0xa9fea9fe/', 'https://[::]/', 'https://[fc00::1]/', 'https://[fd12::1]/', 'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/', 'https://[::ffff:a9fe:a9fe]/', 'https://metadata.google.internal/', 'https://nas.local/', 'https://intranet/',
    ];
    const loopbackTargets = [
      'https://127.0.0.1/', 'https://0x7f000001/', 'https://2130706433/', 'https://0177.0.0.1/', 'https://127.1/', 'https://[::1]/',
      'https://[::ffff:127.0.0.1]/', 'https://[::ffff:7f00:1]/', 'https://localhost/', 'https://localhost./', 'https://hooks.localhost/',
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
    expectError(await t.call('POST', '/v1/webhooks', { key: t.keys.test.publishable, body: { url: 'https://a.example', events: EVENTS_ALL } }), 403, 'INSUFFICIENT_PERMISSIONS');
    const limited = expectData(
      await t.call('POST', '/v1/keys', { body: { name: 'no webhooks', environment: 'test', permissions: ['onramp:create', 'keys:manage'] } }),
      createdApiKeySchema,
      201,
    );
    const created = await createEndpoint(t, 'https://shop.example/scoped');
    for (const [method, path] of [['GET', '/v1/webhooks'], ['POST', '/v1/webhooks'], ['DELETE', `/v1/webhooks/${created.id}`], ['GET', `/v1/webhooks/${created.id}/deliveries`]] as const) {
      const body = method === 'POST' ? { body: { url: 'https://a.example', events: EVENTS_ALL } } : {};
      expectError(await t.call(method, path, { key: limited.key, ...body }), 403, 'INSUFFICIENT_PERMISSIONS');
    }
    // A live key neither sees nor deletes a test endpoint.
    const liveList = expectData(await t.call('GET', '/v1/webhooks', { key: t.keys.live.secret }), webhookEndpointListSchema);
    assert.ok(liveList.webhooks.every((w) => w.environment === 'live'));
    assert.ok(!liveList.webhooks.some((w) => w.id === created.id));
    expectError(await t.call('DELETE', `/v1/webhooks/${created.id}`, { key: t.keys.live.secret }), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/v1/webhooks/${created.id}/deliveries`, { key: t.keys.live.secret }), 404, 'NOT_FOUND');
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
      expectError(await t.call('GET', `/v1/webhooks/${created.id}/deliveries?limit=${limit}`), 400, 'VALIDATION_ERROR', 'limit');
    }
    assert.deepEqual(expectData(await t.call('GET', `/v1/webhooks/${created.id}/deliveries?limit=5`), webhookDeliveryListSchema).deliveries, []);
  });
});

describe('events and delivery', () => {
  let t: TestSandbox;
  let receiver: Receiver;
  let completedOnly: Receiver;
  let secret: string;
  let completedSecret: string;
  let endpointId: string;
  const db = () => join(dir, 'events.db');
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
    assert.deepEqual(events.map((e) => e.type), ['onramp.session.created', 'onramp.session.processing', 'onramp.session.completed']);
    assert.deepEqual(events.map((e) => e.data.object.status), ['pending', 'processing', 'completed']);
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
    assert.ok(completedOnly.received.every((r) => (JSON.parse(r.body) as WebhookEvent).type === 'onramp.session.completed'));
    // Signed with the other endpoint's secret, it does not verify with this one.
    const first = completedOnly.received[0]!;
    const wrong = await verifyWebhookSignature(first.body, first.headers['onramp-signature'] as string, secret);
    assert.equal(wrong.ok, false);
  });

  it('emits failed for a declined card, a helper failure and a failed delivery, and expired', async () => {
    const declined = await createSession(t);
    await payOnCheckout(declined.redirect_url, '4000000000000002');
    assert.deepEqual((await eventsFor(declined.session_id, 2)).map((e) => e.type), ['onramp.session.created', 'onramp.session.failed']);

    const undelivered = await createSession(t);
    await payOnCheckout(undelivered.redirect_url, '4000000000009995');
    assert.deepEqual((await eventsFor(undelivered.session_id, 3)).map((e) => e.type), [
      'onramp.session.created',
      'onramp.session.processing',
      'onramp.session.failed',
    ]);

    const helper = await createSession(t);
    assert.equal((await advance(t, helper.session_id, 'processing')).status, 200);
    assert.equal((await advance(t, helper.session_id, 'failed')).status, 200);
    assert.deepEqual((await eventsFor(helper.session_id, 3)).map((e) => e.type), [
      'onramp.session.created',
      'onramp.session.processing',
      'onramp.session.failed',
    ]);

    const expired = await createSession(t);
    assert.equal((await advance(t, expired.session_id, 'expired')).status, 200);
    const events = await eventsFor(expired.session_id, 2);
    assert.deepEqual(events.map((e) => e.type), ['onramp.session.created', 'onramp.session.expired']);
    assert.equal(events[1]!.data.object.status, 'expired');
  });

  it('stores each event before delivering it: the receiver finds it in the database when the request arrives', async () => {
    const reader = new Database(db(), { readonly: true });
    try {
      const s = await createSession(t);
      const [event] = await eventsFor(s.session_id, 1);
      const row = reader.prepare('SELECT payload FROM webhook_events WHERE id = ?').get(event!.id) as { payload: string } | undefined;
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
    const log = expectData(await t.call('GET', `/v1/webhooks/${liveEndpoint.id}/deliveries`, { key: t.keys.live.secret }), webhookDeliveryListSchema);
    assert.equal(log.deliveries.length, 1);
    expectData(await t.call('DELETE', `/v1/webhooks/${liveEndpoint.id}`, { key: t.keys.live.secret }), deletedWebhookEndpointSchema);
  });

  it('never writes a signing secret into the database files', () => {
    for (const name of readdirSync(dir).filter((n) => n.startsWith('events.db'))) {
      const bytes = readFileSync(join(dir, name));
      assert.ok(!bytes.includes(secret), `${name} holds the secret`);
      assert.ok(!bytes.includes(completedSecret), `${name} holds the secret`);
    }
  });
});

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
      assert.deepEqual(log.attempts.map((a) => a.status_code), [500, 500, 500, 200]);
      assert.deepEqual(log.attempts.map((a) => a.attempt), [1, 2, 3, 4]);
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
      const replay = await verifyWebhookSignature(first.body, String(first.headers['onramp-signature']), endpoint.secret, { now: now() + 400_000 });
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
      assert.deepEqual(failed.attempts.map((a) => a.status_code), [500, 500, 500, 500]);
      assert.equal(failed.next_attempt_at, null);
      const unreachable = await waitFor(async () => {
        const [d] = await deliveries(t, down.id);
        return d?.status === 'failed' ? d : undefined;
      });
      assert.equal(unreachable.attempts.length, 4);
      // "could not connect", never the socket's own error (ECONNREFUSED would tell a closed port from a filtered one).
      assert.ok(unreachable.attempts.every((a) => a.status_code === null && a.error === 'could not connect'), JSON.stringify(unreachable.attempts));
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
    const dbPath = join(dir, 'cancel.db');
    const t = await startTestSandbox({ db: dbPath, webhookRetryBaseMs: 60_000 });
    try {
      const endpoint = await createEndpoint(t, `http://127.0.0.1:${port}/hooks`);
      await createSession(t);
      await waitFor(async () => ((await deliveries(t, endpoint.id))[0]?.attempts.length === 1 ? true : undefined));
      expectData(await t.call('DELETE', `/v1/webhooks/${endpoint.id}`), deletedWebhookEndpointSchema);
      const reader = new Database(dbPath, { readonly: true });
      const rows = reader.prepare('SELECT status FROM webhook_deliveries WHERE endpoint_id = ?').all(endpoint.id) as { status: string }[];
      reader.close();
      assert.deepEqual(rows.map((r) => r.status), ['cancelled']);
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
      assert.deepEqual(failed.attempts.map((a) => [a.status_code, a.error]), [[null, 'could not connect'], [null, 'could not connect']]);
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
      assert.deepEqual(failed.attempts.map((a) => [a.status_code, a.error]), [[null, 'timed out after 200 ms']]);
    } finally {
      await t.close();
    }
  });
});

describe('restart', () => {
  it('loses nothing: deliveries pending while the receiver is down are all delivered, once each, after a restart', async () => {
    const dbPath = join(dir, 'restart.db');
    const port = await freePort();
    const options = { port: 0, checkoutPort: 0, db: dbPath, keysFile: null, log: () => {}, webhookResolver: loopbackOnlyResolver, webhookRetryBaseMs: 100, webhookRetryMaxDelayMs: 400, webhookMaxAttempts: 50 };
    const first = await startSandbox(options);
    const secretKey = first.keys!.test.secret;
    const api = (base: string, method: string, path: string, body?: unknown) =>
      call(base, method, path, { key: secretKey, ...(body === undefined ? {} : { body }) });
    const endpoint = expectData(await api(first.apiUrl, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:${port}/hooks`, events: ['*'] }), createdWebhookEndpointSchema, 201);
    for (let i = 0; i < 3; i += 1) {
      const s = expectData(await api(first.apiUrl, 'POST', '/v1/onramp', sessionBody()), createdSessionSchema, 201);
      if (i > 0) assert.equal((await api(first.apiUrl, 'POST', '/v1/test_helpers/onramp/advance', { session_id: s.session_id, to: 'processing' })).status, 200);
      if (i > 1) assert.equal((await api(first.apiUrl, 'POST', '/v1/test_helpers/onramp/advance', { session_id: s.session_id, to: 'completed' })).status, 200);
    }
    const logOf = async (base: string) => expectData(await api(base, 'GET', `/v1/webhooks/${endpoint.id}/deliveries`), webhookDeliveryListSchema).deliveries;
    // 3 created + 2 processing + 1 completed, each tried and failed at least once (receiver down).
    const before = await waitFor(async () => {
      const log = await logOf(first.apiUrl);
      return log.length === 6 && log.every((d) => d.status === 'pending' && d.attempts.length >= 1) ? log : undefined;
    });
    await first.close();

    const receiver = await startReceiver(() => 200, port);
    const second = await startSandbox(options);
    try {
      const after = await waitFor(async () => {
        const log = await logOf(second.apiUrl);
        return log.every((d) => d.status === 'succeeded') ? log : undefined;
      }, 10_000);
      const expected = before.map((d) => d.event_id).sort();
      assert.deepEqual(after.map((d) => d.event_id).sort(), expected);
      const received = await Promise.all(receiver.received.map((r) => verified(r, endpoint.secret)));
      assert.deepEqual(received.map((e) => e.id).sort(), expected, 'every event exactly once');
      assert.ok(after.every((d) => d.attempts.at(-1)?.status_code === 200 && d.attempts.slice(0, -1).every((a) => a.status_code === null)));
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});
