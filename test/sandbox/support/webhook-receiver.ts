/**
 * What the webhook suites share: a tiny receiver that records every request (raw body, headers) and
 * answers as the test says, the calls that set an endpoint up, and an event checked with the merchant helper.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import {
  type WebhookDelivery,
  type WebhookEvent,
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEventSchema,
} from '../../../src/contract/write/webhook.js';
import { createdSessionSchema } from '../../../src/contract/write/session.js';
import { verifyWebhookSignature } from '../../../src/webhooks/verify-signature.js';
import { type TestSandbox, expectData, sessionBody } from '../helpers.js';
// A tiny receiver: records every request (raw body, headers) and answers as the test says.

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (request: Received, index: number) => Answer = () => 200,
  port = 0,
): Promise<Receiver> {
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

export const EVENTS_ALL = ['*'];

export async function createEndpoint(t: TestSandbox, url: string, events: string[] = EVENTS_ALL, key?: string) {
  return expectData(
    await t.call('POST', '/v1/webhooks', { body: { url, events }, ...(key ? { key } : {}) }),
    createdWebhookEndpointSchema,
    201,
  );
}

export async function deliveries(t: TestSandbox, endpointId: string): Promise<WebhookDelivery[]> {
  return expectData(await t.call('GET', `/v1/webhooks/${endpointId}/deliveries`), webhookDeliveryListSchema).deliveries;
}

export async function createSession(t: TestSandbox, key?: string) {
  return expectData(
    await t.call('POST', '/v1/onramp', { body: sessionBody(), ...(key ? { key } : {}) }),
    createdSessionSchema,
    201,
  );
}

/** Pays on the hosted checkout page with a test card, as a buyer would. */
export async function payOnCheckout(redirectUrl: string, card: string): Promise<void> {
  const url = new URL(redirectUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({
      t: url.searchParams.get('t') ?? '',
      card_number: card,
      card_expiry: '12/30',
      card_cvc: '123',
    }),
    redirect: 'manual',
  });
  assert.equal(res.status, 303);
}

export const advance = (t: TestSandbox, sessionId: string, to: string) =>
  t.call('POST', '/v1/test_helpers/onramp/advance', { body: { session_id: sessionId, to } });

/** Parses a received body as the contract's event, after checking its signature with the merchant helper. */
export async function verified(request: Received, secret: string, now?: number): Promise<WebhookEvent> {
  assert.match(String(request.headers['content-type']), /^application\/json/);
  const result = await verifyWebhookSignature(
    request.body,
    request.headers['onramp-signature'] as string | undefined,
    secret,
    now === undefined ? {} : { now },
  );
  assert.ok(result.ok, `signature rejected: ${JSON.stringify(result)}`);
  const parsed = webhookEventSchema.safeParse(JSON.parse(request.body));
  assert.ok(parsed.success, `not an event: ${request.body}`);
  return parsed.data;
}

/** A fresh temporary folder for this file's database files, removed after its tests. */
export function useTempDir(prefix: string): () => string {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
