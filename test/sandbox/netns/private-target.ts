/**
 * Runs inside its own network namespace (see webhook-netns.test.ts), where 10.0.0.1 is an address
 * of this namespace's loopback device and nothing leaves the machine. A listener on every address
 * counts connections; the sandbox's resolver says `localhost` is 10.0.0.1 (DNS changed to a
 * private address). One endpoint at `http://localhost:P` must get no connection at all; a control
 * endpoint at `http://127.0.0.1:P` must get its delivery (so the count is known to work).
 * Prints a JSON summary and exits 0 when both hold.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createdSessionSchema } from '../../../src/contract/write/session.js';
import { createdWebhookEndpointSchema, webhookDeliveryListSchema } from '../../../src/contract/write/webhook.js';
import type { HostResolver } from '../../../demo/onramp-api/domain/webhook-targets.js';
import { expectData, sessionBody, startTestSandbox, waitFor } from '../helpers.js';

const reached: string[] = [];
const listener = createServer((_req, res) => res.writeHead(200).end('ok'));
listener.on('connection', (socket) => reached.push(String(socket.localAddress)));
await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
const port = (listener.address() as AddressInfo).port;

const asked: string[] = [];
const webhookResolver: HostResolver = async (hostname) => {
  asked.push(hostname);
  return [{ address: '10.0.0.1', family: 4 }];
};
const t = await startTestSandbox({ webhookResolver, webhookMaxAttempts: 1 });
let ok: boolean;
try {
  const body = (url: string) => ({ body: { url, events: ['onramp.session.created'] } });
  const privateHook = expectData(
    await t.call('POST', '/v1/webhooks', body(`http://localhost:${port}/hooks`)),
    createdWebhookEndpointSchema,
    201,
  );
  const control = expectData(
    await t.call('POST', '/v1/webhooks', body(`http://127.0.0.1:${port}/control`)),
    createdWebhookEndpointSchema,
    201,
  );
  expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
  const settled = async (id: string) =>
    waitFor(async () => {
      const [d] = expectData(
        await t.call('GET', `/v1/webhooks/${id}/deliveries`),
        webhookDeliveryListSchema,
      ).deliveries;
      return d && d.status !== 'pending' ? d : undefined;
    });
  const refused = await settled(privateHook.id);
  const delivered = await settled(control.id);
  const summary = {
    refused: refused.attempts.map((a) => a.error ?? a.status_code),
    delivered: delivered.attempts.map((a) => a.error ?? a.status_code),
    asked,
    reached,
  };
  console.log(JSON.stringify(summary));
  ok =
    summary.refused.join() === 'could not connect' &&
    summary.delivered.join() === '200' &&
    asked.join() === 'localhost' &&
    reached.join() === '127.0.0.1';
} finally {
  await t.close();
  listener.close();
  listener.closeAllConnections();
}
process.exit(ok ? 0 : 1);
