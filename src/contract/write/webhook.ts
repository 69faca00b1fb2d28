/**
 * `/v1/webhooks`: endpoint creation (the signing secret shown once), the endpoint and list views,
 * the event every delivery carries, and the delivery log. docs/design.md's "Webhooks" paragraph decides
 * the shape; the spec shows none of it.
 */
import * as z from 'zod/mini';
import { keyEnvironmentSchema } from './api-key.js';
import { timestampSchema } from './primitives.js';
import { sessionStatusViewSchema } from './session.js';
import {
  createWebhookEndpointRequestExample,
  createdWebhookEndpointExample,
  deletedWebhookEndpointExample,
  webhookDeliveryListExample,
  webhookEndpointListExample,
  webhookEventExample,
} from './examples.js';
import { named } from './named.js';
import { WEBHOOK_EVENT_TYPES } from '../product.js';

/** The event kinds live in product.ts (examples.ts reads them there, without this module). */
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../product.js';

/** `events: ["*"]` subscribes to every kind, present and future. */
export const WEBHOOK_ALL_EVENTS = '*';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Onramp-Signature';

/** Receivers reject a signature timestamp further than this from their clock, seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export const webhookSubscriptionSchema = z.union([webhookEventTypeSchema, z.literal(WEBHOOK_ALL_EVENTS)]);

export const createWebhookEndpointRequestSchema = named(
  z.object({
    url: z.string().check(z.minLength(1), z.maxLength(2000)),
    events: z.array(webhookSubscriptionSchema).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length + 1)),
  }),
  { id: 'CreateWebhookEndpointRequest', example: createWebhookEndpointRequestExample },
);
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointRequestSchema>;

const webhookEndpointBase = {
  id: z.string(),
  url: z.string(),
  events: z.array(webhookSubscriptionSchema),
  /** Mode of the key that created it: only that mode's sessions are delivered to it. */
  environment: keyEnvironmentSchema,
  created_at: timestampSchema,
};

/** The creation response: the only place the signing secret (`whsec_…`) is returned. */
export const createdWebhookEndpointSchema = named(
  z.object({
    ...webhookEndpointBase,
    secret: z.string().check(z.regex(/^whsec_/)),
  }),
  { id: 'CreatedWebhookEndpoint', example: createdWebhookEndpointExample },
);
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object(webhookEndpointBase);
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = named(z.object({ webhooks: z.array(webhookEndpointSchema) }), {
  id: 'WebhookEndpointList',
  example: webhookEndpointListExample,
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const deletedWebhookEndpointSchema = named(z.object({ id: z.string(), deleted: z.literal(true) }), {
  id: 'DeletedWebhookEndpoint',
  example: deletedWebhookEndpointExample,
});

/** The body of every delivery. `id` is the same on every attempt and every endpoint. */
export const webhookEventSchema = named(
  z.object({
    id: z.string().check(z.regex(/^evt_[0-9A-Za-z]+$/)),
    type: webhookEventTypeSchema,
    created: timestampSchema,
    data: z.object({ object: sessionStatusViewSchema }),
  }),
  { id: 'WebhookEvent', example: webhookEventExample('onramp.session.completed') },
);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One HTTP attempt: when, how long, and the status code or the network error. */
export const webhookAttemptSchema = z.object({
  attempt: z.int().check(z.gte(1)),
  attempted_at: timestampSchema,
  duration_ms: z.int().check(z.gte(0)),
  status_code: z.nullable(z.int()),
  error: z.nullable(z.string()),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event to one endpoint, with every attempt so far. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  next_attempt_at: z.nullable(timestampSchema),
  created_at: timestampSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = named(z.object({ deliveries: z.array(webhookDeliverySchema) }), {
  id: 'WebhookDeliveryList',
  example: webhookDeliveryListExample,
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
