/**
 * The merchant console's server side (`/api/console/...`): every call goes to the sandbox with the
 * request's merchant's test secret key (the visitor's own in the hosted demo), which never reaches
 * the browser. Sandbox answers (data or error envelope) are passed through with their status;
 * transactions as the bytes the sandbox sent (streamed, never parsed and written again here).
 *
 * Full keys created in this console are kept by the merchant (hosted: sealed in the database), by id, so "Test key" can
 * make a real request with one and show it stop working once revoked. The shop's own key and
 * webhook endpoint cannot be removed from the console (the shop would stop working). Every route is
 * behind `consoleGuard`: its own Host and Origin, JSON only, no CORS.
 */
import type { Context, Hono } from 'hono';
import { apiKeyListSchema, createdApiKeySchema, webhookEndpointListSchema } from '../../src/contract/index.js';
import { boundedBody, jsonBodyError, readJsonBody } from '../sandbox/http/bounded-json.js';
import { envelopeError } from '../sandbox/http/envelope-error.js';
import { type OwnSite, consoleGuard } from './console-guard.js';
import type { DemoEnv } from './demo-env.js';
import { keepConsoleKey } from './merchant.js';
import { type SandboxCall, type SandboxReply, callSandbox, dataOf, forwardSandbox } from './sandbox-client.js';

const TRANSACTION_FILTERS = ['page', 'limit', 'status', 'from', 'to', 'wallet_address', 'crypto_currency'] as const;
const ID = /^[A-Za-z0-9_]{1,80}$/;


export interface ConsoleApiOptions {
  /** How this request's merchant calls the sandbox (its key, the visitor's address). */
  call: (c: Context<DemoEnv>, key?: string) => SandboxCall;
  own: () => OwnSite;
  /** The hosted demo: test mode only, and the account's end is shown. */
  hosted: boolean;
}

export function consoleApi(app: Hono<DemoEnv>, options: ConsoleApiOptions): void {
  app.use('/api/console/*', consoleGuard(options.own));
  // After the guard's cheap checks (Host, Origin, Content-Type): a key or a filter is a few hundred bytes.
  app.use('/api/console/*', boundedBody(16 * 1024));

  const sandbox = (c: Context<DemoEnv>, method: string, path: string, body?: unknown, key?: string) => callSandbox(options.call(c, key), method, path, body);
  /** One of the shop's own keys, secret or publishable (a prefix holds 6 random characters beyond the type, so it identifies the key). */
  const isOwnKey = (c: Context<DemoEnv>, prefix: string): boolean => {
    const { secretKey, publishableKey } = c.get('merchant');
    return secretKey.startsWith(prefix) || publishableKey.startsWith(prefix);
  };
  const pass = (c: Context, reply: SandboxReply) => {
    c.header('Cache-Control', 'no-store');
    return c.json(reply.json as object, reply.status);
  };

  app.get('/api/console/account', (c) => {
    c.header('Cache-Control', 'no-store');
    const { expiresAt } = c.get('merchant');
    return c.json({
      success: true,
      data: { hosted: options.hosted, environments: options.hosted ? ['test'] : ['test', 'live'], expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() },
    });
  });

  app.get('/api/console/transactions', async (c) => {
    const query = new URLSearchParams();
    for (const name of TRANSACTION_FILTERS) {
      const value = c.req.query(name)?.trim();
      if (value) query.set(name, value);
    }
    return forwardSandbox(options.call(c), 'GET', `/v1/transactions?${query}`);
  });

  app.get('/api/console/transactions/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No transaction ${id}`);
    return forwardSandbox(options.call(c), 'GET', `/v1/transactions/${id}`);
  });

  app.get('/api/console/keys', async (c) => {
    const reply = await sandbox(c, 'GET', '/v1/keys');
    const parsed = apiKeyListSchema.safeParse(dataOf(reply));
    if (reply.status !== 200 || !parsed.success) return pass(c, reply);
    const created = c.get('merchant').consoleKeys;
    const keys = parsed.data.keys.map((key) => ({ ...key, testable: created.has(key.id), protected: isOwnKey(c, key.prefix) }));
    return c.json({ success: true, data: { keys } });
  });

  app.post('/api/console/keys', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    const reply = await sandbox(c, 'POST', '/v1/keys', body.value);
    const created = createdApiKeySchema.safeParse(dataOf(reply));
    if (reply.status === 201 && created.success) keepConsoleKey(c.get('merchant'), created.data.id, created.data.key);
    return pass(c, reply);
  });

  app.delete('/api/console/keys/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No active key ${id}`);
    const listed = apiKeyListSchema.safeParse(dataOf(await sandbox(c, 'GET', '/v1/keys')));
    const own = listed.success && listed.data.keys.some((key) => key.id === id && isOwnKey(c, key.prefix));
    if (own) return envelopeError(c, 409, 'PROTECTED_KEY', 'This is a key the demo shop itself uses; revoke another one');
    return pass(c, await sandbox(c, 'DELETE', `/v1/keys/${id}`));
  });

  /** Makes one real request with a key created here: a quote, which any valid key may get. */
  app.post('/api/console/keys/:id/test', async (c) => {
    const key = c.get('merchant').consoleKeys.get(c.req.param('id'));
    if (!key) return envelopeError(c, 404, 'NOT_FOUND', 'Only keys created in this console session can be tested (the full key is shown once)');
    const reply = await sandbox(c, 'POST', '/v1/onramp/quote', { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH' }, key);
    const error = (reply.json as { error?: { code?: string } }).error;
    return c.json({ success: true, data: { request: 'POST /v1/onramp/quote', status: reply.status, code: error?.code ?? null } });
  });

  /** Webhook endpoints with their latest deliveries; the shop's own receiver is marked. */
  app.get('/api/console/webhooks', async (c) => {
    const reply = await sandbox(c, 'GET', '/v1/webhooks');
    const parsed = webhookEndpointListSchema.safeParse(dataOf(reply));
    if (reply.status !== 200 || !parsed.success) return pass(c, reply);
    const own = c.get('merchant').webhook?.endpointId;
    const webhooks = await Promise.all(
      parsed.data.webhooks.map(async (endpoint) => {
        const deliveries = dataOf(await sandbox(c, 'GET', `/v1/webhooks/${endpoint.id}/deliveries?limit=5`)) as { deliveries?: unknown } | undefined;
        return { ...endpoint, protected: endpoint.id === own, deliveries: deliveries?.deliveries ?? [] };
      }),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data: { webhooks } });
  });

  app.post('/api/console/webhooks', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    return pass(c, await sandbox(c, 'POST', '/v1/webhooks', body.value));
  });

  app.delete('/api/console/webhooks/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No webhook endpoint ${id}`);
    if (id === c.get('merchant').webhook?.endpointId) {
      return envelopeError(c, 409, 'PROTECTED_WEBHOOK', 'This is the endpoint the demo shop itself receives events on; delete another one');
    }
    return pass(c, await sandbox(c, 'DELETE', `/v1/webhooks/${id}`));
  });
}
