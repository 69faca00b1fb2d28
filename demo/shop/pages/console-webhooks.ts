/**
 * The console's webhooks panel: the account's endpoints with their latest deliveries (event,
 * outcome of each attempt), adding one (its signing secret shown once) and deleting one. The shop's
 * own receiver is marked and kept. Refusals (a private address; in the public demo anything but the
 * demo's receiver) are shown as the API words them.
 */
import * as z from 'zod/mini';
import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  type WebhookDelivery,
} from '../../../src/contract/write/webhook.js';
import { $, dateTime, el, formText, request, showError } from './console-dom.js';

const consoleWebhookSchema = z.object({
  ...webhookEndpointSchema.shape,
  protected: z.boolean(),
  deliveries: z.array(webhookDeliverySchema),
});
type ConsoleWebhook = z.infer<typeof consoleWebhookSchema>;

/** "created: 200" or "completed: could not connect, then 500". */
function deliveryText(delivery: WebhookDelivery): string {
  const outcomes = delivery.attempts.map((attempt) =>
    attempt.status_code === null ? (attempt.error ?? 'no answer') : String(attempt.status_code),
  );
  return `${delivery.event_type.replace('onramp.session.', '')}: ${outcomes.length ? outcomes.join(', then ') : delivery.status}`;
}

export function startWebhooksPanel(): void {
  const form = $('#webhook-form', HTMLFormElement);
  const body = $('#webhooks-table tbody', HTMLTableSectionElement);
  const error = $('#webhook-error');
  const created = $('#webhook-created');
  const createdSecret = $('#webhook-created-secret');

  const row = (endpoint: ConsoleWebhook): HTMLTableRowElement => {
    const tr = el('tr');
    tr.dataset.id = endpoint.id;
    const deliveries = el('td');
    const list = el('ul', undefined, 'deliveries');
    list.append(...endpoint.deliveries.map((delivery) => el('li', deliveryText(delivery))));
    deliveries.append(endpoint.deliveries.length ? list : el('span', 'none yet', 'muted'));
    const actions = el('td', undefined, 'actions');
    if (endpoint.protected) actions.append(el('span', 'this shop receives here', 'muted'));
    else {
      const remove = el('button', 'Delete', 'danger');
      remove.type = 'button';
      remove.addEventListener('click', () => void removeEndpoint(endpoint.id));
      actions.append(remove);
    }
    tr.append(
      el('td', endpoint.url, 'mono'),
      el('td', endpoint.events.join(', ')),
      el('td', dateTime(endpoint.created_at)),
      deliveries,
      actions,
    );
    return tr;
  };

  const load = async (): Promise<void> => {
    const reply = await request('GET', '/api/console/webhooks');
    const parsed = z.object({ webhooks: z.array(consoleWebhookSchema) }).safeParse(reply.data);
    if (reply.error || !parsed.success) {
      showError(
        error,
        reply.error ? `${reply.error.code}: ${reply.error.message}` : 'The webhook list could not be read',
      );
      return;
    }
    body.replaceChildren(...parsed.data.webhooks.map(row));
  };

  const removeEndpoint = async (id: string): Promise<void> => {
    const reply = await request('DELETE', `/api/console/webhooks/${encodeURIComponent(id)}`);
    showError(error, reply.error ? `${reply.error.code}: ${reply.error.message}` : null);
    await load();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = formText(new FormData(form), 'url').trim();
    void (async () => {
      const reply = await request('POST', '/api/console/webhooks', { url, events: ['*'] });
      const parsed = createdWebhookEndpointSchema.safeParse(reply.data);
      if (reply.error || !parsed.success) {
        created.hidden = true;
        showError(
          error,
          reply.error ? `${reply.error.code}: ${reply.error.message}` : 'The endpoint could not be read',
        );
        return;
      }
      showError(error, null);
      createdSecret.textContent = parsed.data.secret;
      created.hidden = false;
      await load();
    })();
  });
  void load();
}
