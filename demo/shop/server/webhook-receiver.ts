/**
 * The demo shop's webhook receiver, as a merchant writes one. Locally the shop registers its own
 * `POST /webhooks` on the sandbox (`registerWebhook`, replacing endpoints it registered before at
 * that URL, whose secrets it no longer knows); in the public demo the sandbox makes each visitor's
 * account with its endpoint at `POST /webhooks/<id>`. The signing secret is kept by the merchant (hosted: sealed in the database, visitor-store.ts); each delivery is verified with `verifyWebhookSignature`
 * over the RAW body (400 when it fails), deduplicated by event id, and kept (the latest 50) for the
 * shop page, which polls `GET /api/webhook-events` (its own merchant's events only).
 */
import type { Context, Hono } from 'hono';
import { webhookEventSchema } from '../../../src/contract/write/webhook.js';
import { OnrampApiError } from '../../../src/server-client/index.js';
import { verifyWebhookSignature } from '../../../src/webhooks/verify-signature.js';
import { boundedBody, parseJsonText } from '../../http-common/index.js';
import type { DemoEnv } from './demo-env.js';
import { keepEvent, type Merchant } from './merchant.js';
import { type SandboxCall, onrampClient } from './sandbox-client.js';

/** Registers `url` as `merchant`'s webhook endpoint on the sandbox, for every event. */
export async function registerWebhook(merchant: Merchant, call: SandboxCall, url: string): Promise<void> {
  const onramp = onrampClient(call);
  try {
    for (const old of await onramp.webhookEndpoints.list()) {
      if (old.url === url) await onramp.webhookEndpoints.delete(old.id);
    }
    const created = await onramp.webhookEndpoints.create({ url, events: ['*'] });
    merchant.webhook = { url, endpointId: created.id, secret: created.secret };
  } catch (error) {
    if (!(error instanceof OnrampApiError)) throw error;
    throw new Error(
      `The demo could not register its webhook endpoint (${error.status} ${error.code}: ${error.message})`,
      { cause: error },
    );
  }
}

/**
 * The receiver's routes. `merchantFor(id)` finds whose endpoint a delivery came to: the path's
 * id in the public demo, none locally.
 */
export function webhookReceiver(
  app: Hono<DemoEnv>,
  merchantFor: (id: string | undefined) => Merchant | undefined,
): void {
  // Cheap checks before any byte of the body is read (anyone who can reach the port can post here):
  // a known endpoint, a signature header, JSON, then a bounded body (an event is about a kilobyte).
  const precheck = async (c: Context<DemoEnv>, next: () => Promise<void>) => {
    if (c.req.method !== 'POST') return next();
    const secret = merchantFor(c.req.param('id'))?.webhook?.secret;
    if (secret === undefined) return c.json({ error: 'unknown_endpoint', message: 'No webhook endpoint here' }, 404);
    if (!c.req.header('Onramp-Signature'))
      return c.json({ error: 'missing_signature', message: 'No Onramp-Signature header' }, 400);
    if (c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return c.json({ error: 'unsupported_media_type', message: 'Webhook events are application/json' }, 415);
    }
    return next();
  };
  const receive = async (c: Context<DemoEnv>) => {
    const merchant = merchantFor(c.req.param('id'));
    const secret = merchant?.webhook?.secret;
    if (!merchant || secret === undefined)
      return c.json({ error: 'unknown_endpoint', message: 'No webhook endpoint here' }, 404);
    const raw = await c.req.text();
    const verdict = await verifyWebhookSignature(raw, c.req.header('Onramp-Signature'), secret);
    if (!verdict.ok) return c.json({ error: verdict.reason, message: verdict.message }, 400);
    const json = parseJsonText(raw);
    if (!json.ok) return c.json({ error: 'invalid_json', message: json.failure.message }, 400);
    const parsed = webhookEventSchema.safeParse(json.value);
    // A signed event of a kind this shop does not know yet is acknowledged and ignored.
    if (!parsed.success) return c.json({ received: true, ignored: true });
    const event = parsed.data;
    keepEvent(merchant, {
      id: event.id,
      type: event.type,
      created: event.created,
      session_id: event.data.object.session_id,
      status: event.data.object.status,
      received_at: new Date().toISOString(),
    });
    return c.json({ received: true });
  };
  for (const path of ['/webhooks', '/webhooks/:id']) {
    app.use(path, precheck);
    app.use(path, boundedBody(16 * 1024));
    app.post(path, receive);
  }

  app.get('/api/webhook-events', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ events: c.get('merchant').events });
  });
}
