/** The sandbox's two HTTP servers on Node: listening (port 0 picks a free port) and closing. */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { watchRemoteAddresses } from '../http-common/client-address.js';
import { answerClientError, unreadableRequestResponse } from './http/node-errors.js';

export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export function listen(servers: Server[], fetch: Fetch, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => resolve(info.port)) as Server;
    watchRemoteAddresses(server);
    servers.push(server);
    server.once('error', reject);
  });
}

/** The API server: also requests the app never sees (unparsable HTTP, unreadable URLs) get the envelope. */
export function listenApi(servers: Server[], fetch: Fetch, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const listener = getRequestListener(fetch, { hostname, errorHandler: unreadableRequestResponse });
    // The listener answers its own failures (errorHandler), so its promise is not awaited.
    const server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
    server.on('clientError', answerClientError);
    watchRemoteAddresses(server);
    servers.push(server);
    server.once('error', reject);
    server.listen(port, hostname, () => resolve((server.address() as AddressInfo).port));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
