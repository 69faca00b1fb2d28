/**
 * The document's examples beyond the named schemas' own: the webhook events and their signatures.
 * The examples' story (one order, its session, its quote, its transaction, a key and a webhook
 * endpoint) is src/contract/write/examples.ts; each named schema carries its example there.
 */
import { createHmac } from 'node:crypto';
import { EXAMPLE_WEBHOOK_SECRET, webhookEventExample } from '../../../src/contract/write/examples.js';

export {
  EXAMPLE_CHECKOUT_URL,
  EXAMPLE_CLIENT_SECRET,
  EXAMPLE_REDIRECT_URL,
  EXAMPLE_REQUEST_ID,
  EXAMPLE_SESSION_ID,
} from '../../../src/contract/write/examples.js';

/** The event a delivery of `type` carries: the session in the status the event names. */
export const exampleEvent = webhookEventExample;

/** The `Onramp-Signature` the example endpoint's secret gives the event's JSON text, signed when the event was created. */
export function exampleSignature(event: Record<string, unknown>): string {
  const t = Math.floor(Date.parse(String(event.created)) / 1000);
  return `t=${t},v1=${createHmac('sha256', EXAMPLE_WEBHOOK_SECRET)
    .update(`${t}.${JSON.stringify(event)}`)
    .digest('hex')}`;
}
