/**
 * The merchant console's server side (`/api/console/...`): every call goes to the sandbox with the
 * demo's test secret key, which never reaches the browser. Sandbox answers (data or error
 * envelope) are passed through with their status.
 *
 * Full keys created in this console are kept here, in memory, by id, so "Test key" can make a
 * real request with one and show it stop working once revoked. The demo's own key cannot be
 * revoked from the console (the shop would stop working). Every route is behind `consoleGuard`:
 * its own Host and Origin, JSON only, no CORS.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiKeyListSchema, createdApiKeySchema } from '../../src/contract/index.js';
import { consoleGuard } from './console-guard.js';
import { boundedBody, jsonBodyError, readJsonBody } from '../sandbox/http/bounded-json.js';

const TRANSACTION_FILTERS = ['page', 'limit', 'status', 'from', 'to', 'wallet_address', 'crypto_currency'] as const;
const ID = /^[A-Za-z0-9_]{1,80}$/;

function consoleError(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json({ success: false, error: { code, message, request_id: '' } }, status);
}

export function consoleApi(app: Hono, api: { url: string; secretKey: string }, hosts: () => ReadonlySet<string>): void {
  app.use('/api/console/*', consoleGuard(hosts));
  // After the guard's cheap checks (Host, Origin, Content-Type): a key or a filter is a few hundred bytes.
  app.use('/api/console/*', boundedBody(16 * 1024));
  /** Full keys created in this console session, by key id (memory only). */
  const createdKeys = new Map<string, string>();

  /** The demo's own key (a prefix holds 6 random characters beyond the type, so it identifies the key). */
  const isOwnKey = (prefix: string): boolean => api.secretKey.startsWith(prefix);

  const sandbox = async (method: string, path: string, body?: unknown, key = api.secretKey) => {
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json();
    return { status: response.status as ContentfulStatusCode, json };
  };
  const pass = (c: Context, reply: { status: ContentfulStatusCode; json: unknown }) => {
    c.header('Cache-Control', 'no-store');
    return c.json(reply.json as object, reply.status);
  };

  app.get('/api/console/transactions', async (c) => {
    const query = new URLSearchParams();
    for (const name of TRANSACTION_FILTERS) {
      const value = c.req.query(name)?.trim();
      if (value) query.set(name, value);
    }
    return pass(c, await sandbox('GET', `/v1/transactions?${query}`));
  });

  app.get('/api/console/transactions/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return consoleError(c, 404, 'NOT_FOUND', `No transaction ${id}`);
    return pass(c, await sandbox('GET', `/v1/transactions/${id}`));
  });

  app.get('/api/console/keys', async (c) => {
    const reply = await sandbox('GET', '/v1/keys');
    const parsed = apiKeyListSchema.safeParse((reply.json as { data?: unknown }).data);
    if (reply.status !== 200 || !parsed.success) return pass(c, reply);
    const keys = parsed.data.keys.map((key) => ({
      ...key,
      testable: createdKeys.has(key.id),
      protected: isOwnKey(key.prefix),
    }));
    return c.json({ success: true, data: { keys } });
  });

  app.post('/api/console/keys', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return jsonBodyError(c, body.failure);
    const reply = await sandbox('POST', '/v1/keys', body.value);
    const created = createdApiKeySchema.safeParse((reply.json as { data?: unknown }).data);
    if (reply.status === 201 && created.success) createdKeys.set(created.data.id, created.data.key);
    return pass(c, reply);
  });

  app.delete('/api/console/keys/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return consoleError(c, 404, 'NOT_FOUND', `No active key ${id}`);
    const listed = apiKeyListSchema.safeParse(((await sandbox('GET', '/v1/keys')).json as { data?: unknown }).data);
    const own = listed.success && listed.data.keys.some((key) => key.id === id && isOwnKey(key.prefix));
    if (own) return consoleError(c, 409, 'PROTECTED_KEY', 'This is the key the demo shop itself uses; revoke another one');
    return pass(c, await sandbox('DELETE', `/v1/keys/${id}`));
  });

  /** Makes one real request with a key created here: a quote, which any valid key may get. */
  app.post('/api/console/keys/:id/test', async (c) => {
    const key = createdKeys.get(c.req.param('id'));
    if (!key) return consoleError(c, 404, 'NOT_FOUND', 'Only keys created in this console session can be tested (the full key is shown once)');
    const reply = await sandbox('POST', '/v1/onramp/quote', { fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH' }, key);
    const error = (reply.json as { error?: { code?: string } }).error;
    return c.json({ success: true, data: { request: 'POST /v1/onramp/quote', status: reply.status, code: error?.code ?? null } });
  });
}
