/**
 * The spec-shapes mode: the sandbox answers as another server that speaks the spec could, and the
 * widget's reading schemas read every answer of it (the strict write schemas do not).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import { createdSessionSchema, sessionStatusViewSchema } from '../../src/contract/write/session.js';
import { parseApiKey, sessionIdFromClientSecret } from '../../src/contract/credentials.js';
import { parseTimestamp } from '../../src/contract/timestamp.js';
import { quoteRead } from '../../src/contract/read/quote.js';
import { sessionInputRead, sessionStatusRead } from '../../src/contract/read/session.js';
import { successRead } from '../../src/contract/read/envelope.js';
import { ConfigError, loadConfig } from '../../demo/onramp-api/index.js';
import { type TestSandbox, sessionBody, startTestSandbox } from './helpers.js';

let t: TestSandbox;
before(async () => {
  t = await startTestSandbox({ shapes: 'spec' });
});
after(() => t.close());

/** The data of a 2xx answer, read as the widget reads it. */
function read<S extends z.ZodMiniType>(reply: { status: number; json: unknown; text: string }, schema: S): z.infer<S> {
  assert.ok(reply.status >= 200 && reply.status < 300, reply.text);
  const parsed = z.safeParse(successRead(schema), reply.json);
  assert.ok(parsed.success, `the widget cannot read: ${reply.text}`);
  return (parsed.data as { data: z.infer<S> }).data;
}

describe('SANDBOX_SHAPES=spec', () => {
  it('short ids, client secrets and keys, read by the widget all the same', async () => {
    assert.match(t.keys.test.publishable, /^onramp_test_pk_[A-Za-z0-9]{8}$/);
    assert.deepEqual(parseApiKey(t.keys.test.publishable), {
      brand: 'onramp',
      environment: 'test',
      type: 'publishable',
    });
    const created = await t.call('POST', '/v1/onramp', { body: sessionBody() });
    const session = read(created, sessionInputRead);
    assert.match(session.session_id, /^ors_[A-Za-z0-9]{8}$/);
    const secret = (created.json as { data: { client_secret: string } }).data.client_secret;
    assert.match(secret, /^ors_[A-Za-z0-9]{8}_secret_[A-Za-z0-9]{8}$/);
    assert.equal(sessionIdFromClientSecret(secret), session.session_id);
  });

  it('the status answer carries only what the spec shows, plus an unknown field, in another timestamp form', async () => {
    const created = (await t.call('POST', '/v1/onramp', { body: sessionBody({ metadata: { order: 7 } }) })).json as {
      data: { session_id: string; client_secret: string };
    };
    const reply = await t.call('GET', `/v1/onramp?session_id=${created.data.session_id}`, {
      key: t.keys.test.publishable,
      headers: { 'X-Client-Secret': created.data.client_secret },
    });
    const body = reply.json as { api_version: string; data: Record<string, unknown> };
    assert.equal(body.api_version, '2026-11-01');
    for (const field of [
      'expires_at',
      'quote_expires_at',
      'exchange_rate',
      'estimated_crypto_amount',
      'redirect_url',
      'tx_hash',
      'completed_at',
    ]) {
      assert.equal(field in body.data, false, field);
    }
    assert.equal(body.data.object, 'onramp.session');
    assert.match(String(body.data.created_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    assert.deepEqual(body.data.fees, { platform_fee: 1, network_fee: 2.5, processing_fee: 2.49 });
    const status = read(reply, sessionStatusRead);
    assert.equal(status.status, 'pending');
    assert.ok(parseTimestamp(status.created_at));
    // Our strict write shape is not what another server owes us.
    assert.equal(z.safeParse(sessionStatusViewSchema, body.data).success, false);
  });

  it('the quote names fiat_amount in major units, without our network extension', async () => {
    const reply = await t.call('POST', '/v1/onramp/quote', {
      key: t.keys.test.publishable,
      body: { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH' },
    });
    const data = (reply.json as { data: Record<string, unknown> }).data;
    assert.equal(data.fiat_amount, 100);
    assert.equal('network' in data, false);
    assert.equal(data.object, 'onramp.quote');
    assert.ok(read(reply, quoteRead).exchange_rate > 0);
  });

  it('the creation answer is the spec shape with an unknown field (the strict schema still holds it, unknown field aside)', async () => {
    const reply = await t.call('POST', '/v1/onramp', { body: sessionBody() });
    assert.equal(reply.status, 201);
    const data = (reply.json as { data: Record<string, unknown> }).data;
    assert.equal(data.object, 'onramp.session');
    const { object: _unknown, ...rest } = data;
    assert.ok(
      z.safeParse(createdSessionSchema, {
        ...rest,
        expires_at: new Date(parseTimestamp(String(rest.expires_at))!).toISOString(),
        quote_expires_at: new Date(parseTimestamp(String(rest.quote_expires_at))!).toISOString(),
      }).success,
    );
  });

  it('errors come in another body shape, without request_id or param; a well-formed unknown id is still 404', async () => {
    const reply = await t.call('GET', '/v1/onramp?session_id=ors_Zz', { key: t.keys.test.secret });
    assert.equal(reply.status, 404);
    assert.deepEqual(Object.keys((reply.json as { error: object }).error).sort(), ['code', 'message']);
    assert.equal((reply.json as { error: { code: string } }).error.code, 'NOT_FOUND');
  });

  it('SANDBOX_SHAPES chooses the mode; anything else is a configuration error', () => {
    assert.equal(loadConfig({ SANDBOX_SHAPES: 'spec' }).shapes, 'spec');
    assert.equal(loadConfig({}).shapes, undefined);
    assert.throws(() => loadConfig({ SANDBOX_SHAPES: 'loose' }), ConfigError);
  });
});
