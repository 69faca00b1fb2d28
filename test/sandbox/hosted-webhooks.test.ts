/**
 * The sandbox in hosted-demo mode, over HTTP: webhook endpoints go to the demo's receiver only (every
 * other URL refused), each account gets one there, and signed events reach it in-process.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle, GuestAccount } from '../../demo/onramp-api/index.js';
import { call, expectError, sessionBody, waitFor } from './helpers.js';
import { RECEIVER, type Received, startHosted } from './support/hosted-sandbox.js';

describe('hosted mode: webhooks go to the demo receiver only', () => {
  let sandbox: SandboxHandle;
  let received: Received[];
  let visitor: (address?: string) => GuestAccount;
  before(async () => ({ sandbox, received, visitor } = await startHosted({}, { deliveryMs: 50 })));
  after(() => sandbox.close());

  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://localhost:9/hook',
    'https://10.0.0.5/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://example.com/hook',
    'https://shop.example/other',
    'https://shop.example.evil.test/webhooks/x',
  ]) {
    it(`refuses ${url}`, async () => {
      const reply = await call(sandbox.apiUrl, 'POST', '/v1/webhooks', {
        key: visitor().keys.secret,
        body: { url, events: ['*'] },
      });
      expectError(reply, 400, 'VALIDATION_ERROR', 'url');
    });
  }

  it("makes each account's endpoint at the receiver, and delivers signed events to it in-process, with the public Host", async () => {
    const account = visitor();
    assert.match(account.webhook.url, new RegExp(`^${RECEIVER}[\\w-]{24}$`));
    assert.match(account.webhook.secret, /^whsec_/);
    const listed = await call(sandbox.apiUrl, 'GET', '/v1/webhooks', { key: account.keys.secret });
    assert.deepEqual(
      (listed.json as { data: { webhooks: { url: string }[] } }).data.webhooks.map((w) => w.url),
      [account.webhook.url],
    );
    const created = await call(sandbox.apiUrl, 'POST', '/v1/onramp', { key: account.keys.secret, body: sessionBody() });
    const id = (created.json as { data: { session_id: string } }).data.session_id;
    const event = await waitFor(() => received.find((r) => r.body.includes(id)), 5000, 'the created event');
    assert.equal(event.url, account.webhook.url);
    assert.equal(event.host, 'shop.example');
    assert.match(event.signature ?? '', /^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
