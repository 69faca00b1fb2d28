/**
 * The merchant console's server side (`/api/console/...`): every call goes to the sandbox with the
 * request's merchant's test secret key (the visitor's own in the public demo), which never reaches
 * the browser, through the server client (`onramp-checkout/server`). Its answers go back as the
 * API's envelopes with the API's status, errors included (`apiErrorResponse`); a page of
 * transactions as the bytes the sandbox sent (streamed, never parsed and written again here).
 *
 * Full keys created in this console are kept by the merchant (hosted: sealed in the database), by id, so "Test key" can
 * make a real request with one and show it stop working once revoked. The shop's own key and
 * webhook endpoint cannot be removed from the console (the shop would stop working). Every route is
 * behind `consoleGuard`: its own Host and Origin, JSON only, no CORS.
 */
import type { Context, Hono } from 'hono';
import type { CreateApiKeyRequest } from '../../../src/contract/write/api-key.js';
import type { CreateWebhookEndpointRequest } from '../../../src/contract/write/webhook.js';
import {
  Turns,
  boundedBody,
  envelopeError,
  jsonBodyError,
  readJsonBody,
  whenStreamEnds,
} from '../../http-common/index.js';
import { type OwnSite, consoleGuard } from '../../public-demo/console-guard.js';
import type { DemoEnv } from './demo-env.js';
import { keepConsoleKey } from './merchant.js';
import {
  type SandboxCall,
  apiErrorResponse,
  forwardSandbox,
  onrampClient,
  orNone,
  relayed,
  tryKey,
} from './sandbox-client.js';

const TRANSACTION_FILTERS = ['page', 'limit', 'status', 'from', 'to', 'wallet_address', 'crypto_currency'] as const;
const ID = /^[A-Za-z0-9_]{1,80}$/;

export interface ConsoleApiOptions {
  /** How this request's merchant calls the sandbox (its key, the visitor's address). */
  call: (c: Context<DemoEnv>, key?: string) => SandboxCall;
  own: () => OwnSite;
  /** The public demo: test mode only, and the account's end is shown. */
  hosted: boolean;
}

export function consoleApi(app: Hono<DemoEnv>, options: ConsoleApiOptions): void {
  app.use('/api/console/*', consoleGuard(options.own));
  // After the guard's cheap checks (Host, Origin, Content-Type): a key or a filter is a few hundred bytes.
  app.use('/api/console/*', boundedBody(16 * 1024));

  const onramp = (c: Context<DemoEnv>) => onrampClient(options.call(c));
  /** One of the shop's own keys, secret or publishable (a prefix holds 6 random characters beyond the type, so it identifies the key). */
  const isOwnKey = (c: Context<DemoEnv>, prefix: string): boolean => {
    const { secretKey, publishableKey } = c.get('merchant');
    return secretKey.startsWith(prefix) || publishableKey.startsWith(prefix);
  };
  /** The API's answer again, as its success envelope with the status the API gave it. */
  const answer = (c: Context, data: unknown, status: 200 | 201 = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data }, status);
  };
  /** A route's work; an error of the API's is answered as the API's envelope (sandbox-client.ts). */
  const relay = async (c: Context, work: () => Promise<Response>): Promise<Response> => {
    try {
      return await work();
    } catch (error) {
      return apiErrorResponse(c, error);
    }
  };

  app.get('/api/console/account', (c) => {
    c.header('Cache-Control', 'no-store');
    const { expiresAt } = c.get('merchant');
    return c.json({
      success: true,
      data: {
        hosted: options.hosted,
        environments: options.hosted ? ['test'] : ['test', 'live'],
        expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      },
    });
  });

  // The list streams the sandbox's bytes, not through the server client: a page of transactions can
  // be most of a megabyte, which the client would parse and this route write again, synchronously,
  // on the event loop every visitor shares (sandbox-client.ts, forwardSandbox). One page per visitor
  // at a time, a few waiting: past that the visitor is refused here, without a call to the API.
  const listTurns = new Turns({ running: 1, waiting: 4 });
  app.get('/api/console/transactions', async (c) => {
    const query = new URLSearchParams();
    for (const name of TRANSACTION_FILTERS) {
      const value = c.req.query(name)?.trim();
      if (value) query.set(name, value);
    }
    const turn = listTurns.take(c.get('merchant').secretKey);
    if (!turn)
      return envelopeError(c, 429, 'RATE_LIMITED', 'Too many transaction pages at once; retry in 1 s', {
        'Retry-After': '1',
      });
    const release = await turn;
    const answer = await forwardSandbox(c, options.call(c), `/v1/transactions?${query}`).catch((error: unknown) => {
      release();
      throw error;
    });
    if (!answer.body) {
      release();
      return answer;
    }
    return new Response(whenStreamEnds(answer.body, release), answer);
  });

  // One transaction is a few hundred bytes (its metadata is bounded): the client's parse costs nothing.
  app.get('/api/console/transactions/:id', (c) =>
    relay(c, async () => {
      const id = c.req.param('id');
      if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No transaction ${id}`);
      return answer(c, await onramp(c).transactions.retrieve(id));
    }),
  );

  app.get('/api/console/keys', (c) =>
    relay(c, async () => {
      const created = c.get('merchant').consoleKeys;
      const keys = (await onramp(c).keys.list()).map((key) => ({
        ...key,
        testable: created.has(key.id),
        protected: isOwnKey(c, key.prefix),
      }));
      return answer(c, { keys });
    }),
  );

  app.post('/api/console/keys', (c) =>
    relay(c, async () => {
      const body = await readJsonBody(c);
      if (!body.ok) return jsonBodyError(c, body.failure);
      const created = await onramp(c).keys.create(relayed<CreateApiKeyRequest>(body.value));
      keepConsoleKey(c.get('merchant'), created.id, created.key);
      return answer(c, created, 201);
    }),
  );

  app.delete('/api/console/keys/:id', (c) =>
    relay(c, async () => {
      const id = c.req.param('id');
      if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No active key ${id}`);
      const client = onramp(c);
      // A list that fails protects nothing: the revocation then answers for itself.
      const listed = await orNone(client.keys.list());
      if (listed.some((key) => key.id === id && isOwnKey(c, key.prefix))) {
        return envelopeError(c, 409, 'PROTECTED_KEY', 'This is a key the demo shop itself uses; revoke another one');
      }
      return answer(c, await client.keys.revoke(id));
    }),
  );

  /** Makes one real request with a key created here: a quote, which any valid key may get. */
  app.post('/api/console/keys/:id/test', async (c) => {
    const key = c.get('merchant').consoleKeys.get(c.req.param('id'));
    if (!key)
      return envelopeError(
        c,
        404,
        'NOT_FOUND',
        'Only keys created in this console session can be tested (the full key is shown once)',
      );
    const { status, code } = await tryKey(options.call(c, key));
    return c.json({ success: true, data: { request: 'POST /v1/onramp/quote', status, code } });
  });

  /** Webhook endpoints with their latest deliveries; the shop's own receiver is marked. */
  app.get('/api/console/webhooks', (c) =>
    relay(c, async () => {
      const client = onramp(c);
      const own = c.get('merchant').webhook?.endpointId;
      const webhooks = await Promise.all(
        (await client.webhookEndpoints.list()).map(async (endpoint) => {
          // An endpoint deleted meanwhile has no log: it is listed without one.
          const deliveries = await orNone(client.webhookEndpoints.deliveries(endpoint.id, { limit: 5 }));
          return { ...endpoint, protected: endpoint.id === own, deliveries };
        }),
      );
      return answer(c, { webhooks });
    }),
  );

  app.post('/api/console/webhooks', (c) =>
    relay(c, async () => {
      const body = await readJsonBody(c);
      if (!body.ok) return jsonBodyError(c, body.failure);
      return answer(c, await onramp(c).webhookEndpoints.create(relayed<CreateWebhookEndpointRequest>(body.value)), 201);
    }),
  );

  app.delete('/api/console/webhooks/:id', (c) =>
    relay(c, async () => {
      const id = c.req.param('id');
      if (!ID.test(id)) return envelopeError(c, 404, 'NOT_FOUND', `No webhook endpoint ${id}`);
      if (id === c.get('merchant').webhook?.endpointId) {
        return envelopeError(
          c,
          409,
          'PROTECTED_WEBHOOK',
          'This is the endpoint the demo shop itself receives events on; delete another one',
        );
      }
      return answer(c, await onramp(c).webhookEndpoints.delete(id));
    }),
  );
}
