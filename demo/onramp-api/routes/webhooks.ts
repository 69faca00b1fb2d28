/**
 * `/v1/webhooks`: create (the signing secret shown once), list, delete, and the delivery log of an
 * endpoint. Permission `webhooks:manage`; publishable keys are refused. An endpoint belongs to the
 * account and mode (test or live) of the key that created it.
 */
import type { KeyEnvironment } from '../../../src/contract/product.js';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_EVENT_TYPES,
  createWebhookEndpointRequestSchema,
} from '../../../src/contract/write/webhook.js';
import { webhookUrlProblem } from '../domain/webhook-targets.js';
import { deliveryAnswers, endpointAnswer } from '../domain/webhooks.js';
import { checkGuestCreation } from '../guest-accounts/creation-limits.js';
import { readJsonObject } from '../http/body.js';
import { ErrorAnswer, sendData } from '../http/errors.js';
import { type SomeOperationHandlers, pathParam } from '../http/operation-routes.js';
import { type FieldRule, message, parseWith } from '../http/validation.js';

const URL_MESSAGE = 'url must be an https URL on a public address; test mode also allows http or https on loopback';

const rules: Readonly<Record<string, FieldRule>> = {
  url: message(URL_MESSAGE),
  events: message(
    `events must be a non-empty array of ${WEBHOOK_EVENT_TYPES.join(', ')}, or ["${WEBHOOK_ALL_EVENTS}"] for all`,
  ),
};

export const DELIVERY_LOG_LIMIT_DEFAULT = 50;
export const DELIVERY_LOG_LIMIT_MAX = 100;

/**
 * docs/design.md's target policy (`webhook-targets.ts`); the delivery checks the resolved address again.
 * With guest accounts, their owner's receiver is the only target: nothing a guest names is reached.
 */
export function assertWebhookUrl(url: string, environment: KeyEnvironment, guestReceiverPrefix?: string): void {
  if (guestReceiverPrefix !== undefined) {
    if (url.startsWith(guestReceiverPrefix) && URL.canParse(url) && new URL(url).href === url) return;
    throw new ErrorAnswer(
      'VALIDATION_ERROR',
      `In the hosted demo, webhooks go only to the demo's own receiver (${guestReceiverPrefix}…); other addresses, loopback and private ones included, are refused`,
      { param: 'url' },
    );
  }
  const problem = webhookUrlProblem(url, environment);
  if (problem !== null) throw new ErrorAnswer('VALIDATION_ERROR', problem, { param: 'url' });
}

export const webhookHandlers = {
  createWebhookEndpoint: async (c, deps) => {
    const key = c.get('apiKey');
    const input = parseWith(createWebhookEndpointRequestSchema, await readJsonObject(c), rules);
    assertWebhookUrl(input.url, key.environment, deps.guests?.webhookPrefix);
    // Counted right before the insert, with no await between: parallel requests cannot overshoot.
    checkGuestCreation(c, deps, 'webhooks');
    const created = deps.webhookService.createEndpoint(key.accountId, key.environment, input.url, input.events);
    return sendData(c, created, 201);
  },

  listWebhookEndpoints: (c, deps) => {
    const key = c.get('apiKey');
    return sendData(c, { webhooks: deps.webhooks.listEndpoints(key.accountId, key.environment).map(endpointAnswer) });
  },

  deleteWebhookEndpoint: (c, deps) => {
    const key = c.get('apiKey');
    const id = pathParam(c, 'id');
    if (!deps.webhooks.deleteEndpoint(id, key.accountId, key.environment, deps.clock.now())) {
      throw new ErrorAnswer('NOT_FOUND', `No webhook endpoint ${id}`, { param: 'id' });
    }
    return sendData(c, { id, deleted: true });
  },

  listWebhookDeliveries: (c, deps) => {
    const key = c.get('apiKey');
    const id = pathParam(c, 'id');
    const limitText = c.req.query('limit');
    let limit = DELIVERY_LOG_LIMIT_DEFAULT;
    if (limitText !== undefined) {
      if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > DELIVERY_LOG_LIMIT_MAX) {
        throw new ErrorAnswer('VALIDATION_ERROR', `limit must be an integer between 1 and ${DELIVERY_LOG_LIMIT_MAX}`, {
          param: 'limit',
        });
      }
      limit = Number(limitText);
    }
    if (!deps.webhooks.findEndpoint(id, key.accountId, key.environment)) {
      throw new ErrorAnswer('NOT_FOUND', `No webhook endpoint ${id}`, { param: 'id' });
    }
    return sendData(c, { deliveries: deliveryAnswers(deps.webhooks, id, limit) });
  },
} satisfies SomeOperationHandlers;
