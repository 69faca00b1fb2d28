/**
 * The demo shop's webhook receiver, as a merchant writes one: on start it registers its own
 * `POST /webhooks` on the sandbox (replacing endpoints it registered before at that URL, whose
 * secrets it no longer knows) and keeps the signing secret in memory; each delivery is verified
 * with `verifyWebhookSignature` over the RAW body (400 when it fails), deduplicated by event id,
 * and kept (the latest 50) for the shop page, which polls `GET /api/webhook-events`.
 */
import type { Hono } from 'hono';
import { createdWebhookEndpointSchema, webhookEndpointListSchema, webhookEventSchema } from '../../src/contract/index.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify-signature.js';
import { boundedBody, parseJsonText } from '../sandbox/http/bounded-json.js';

export interface ReceivedWebhookEvent {
  id: string;
  type: string;
  created: string;
  session_id: string;
  status: string;
  received_at: string;
}

const KEEP = 50;

export interface WebhookReceiver {
  /** Registers `<demoUrl>/webhooks` on the sandbox; call once the demo server knows its port. */
  register(demoUrl: string): Promise<void>;
}

export function webhookReceiver(app: Hono, api: { url: string; secretKey: string }): WebhookReceiver {
  let signingSecret: string | null = null;
  const events: ReceivedWebhookEvent[] = [];

  // Cheap checks before any byte of the body is read (anyone who can reach the port can post here):
  // a signature header, JSON, then a bounded body (an event is about a kilobyte).
  app.use('/webhooks', async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (signingSecret === null) return c.json({ error: 'not ready' }, 503);
    if (!c.req.header('Onramp-Signature')) return c.json({ error: 'missing_signature', message: 'No Onramp-Signature header' }, 400);
    if (c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return c.json({ error: 'unsupported_media_type', message: 'Webhook events are application/json' }, 415);
    }
    return next();
  });
  app.use('/webhooks', boundedBody(16 * 1024));
  app.post('/webhooks', async (c) => {
    if (signingSecret === null) return c.json({ error: 'not ready' }, 503);
    const raw = await c.req.text();
    const verdict = await verifyWebhookSignature(raw, c.req.header('Onramp-Signature'), signingSecret);
    if (!verdict.ok) return c.json({ error: verdict.reason, message: verdict.message }, 400);
    const json = parseJsonText(raw);
    if (!json.ok) return c.json({ error: 'invalid_json', message: json.failure.message }, 400);
    const parsed = webhookEventSchema.safeParse(json.value);
    // A signed event of a kind this shop does not know yet is acknowledged and ignored.
    if (!parsed.success) return c.json({ received: true, ignored: true });
    const event = parsed.data;
    if (!events.some((e) => e.id === event.id)) {
      events.unshift({
        id: event.id,
        type: event.type,
        created: event.created,
        session_id: event.data.object.session_id,
        status: event.data.object.status,
        received_at: new Date().toISOString(),
      });
      events.length = Math.min(events.length, KEEP);
    }
    return c.json({ received: true });
  });

  app.get('/api/webhook-events', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ events });
  });

  const sandbox = (method: string, path: string, body?: unknown) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'X-API-Key': api.secretKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    async register(demoUrl: string): Promise<void> {
      const url = `${demoUrl}/webhooks`;
      const listed = webhookEndpointListSchema.safeParse(((await (await sandbox('GET', '/v1/webhooks')).json()) as { data?: unknown }).data);
      for (const old of listed.success ? listed.data.webhooks : []) {
        if (old.url === url) await sandbox('DELETE', `/v1/webhooks/${old.id}`);
      }
      const response = await sandbox('POST', '/v1/webhooks', { url, events: ['*'] });
      const created = createdWebhookEndpointSchema.safeParse(((await response.json()) as { data?: unknown }).data);
      if (!created.success) throw new Error(`The demo could not register its webhook endpoint (${response.status})`);
      signingSecret = created.data.secret;
    },
  };
}
