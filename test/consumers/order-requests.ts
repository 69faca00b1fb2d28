/**
 * Orders as the order-handler tests send them to a consumer app (`node:http`, so a request can leave
 * from any address of 127.0.0.0/8 and carry any header), and the sandbox's own count of the sessions
 * the app created.
 */
import { request as httpRequest } from 'node:http';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { ORDER, keysOf } from './servers.js';

export interface OrderAnswer {
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
  sessionId: string | undefined;
}

export interface OrderOptions {
  /** The address the connection leaves from (the visitor of an app that reads the socket). */
  localAddress?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A POST of an order to `<url>/api/order`, from the page at `url` (one connection, closed after). */
export function postOrder(url: string, options: OrderOptions = {}): Promise<OrderAnswer> {
  const target = new URL('/api/order', url);
  const body = JSON.stringify(options.body ?? ORDER);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        timeout: 30_000,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Origin: new URL(url).origin,
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: { data?: { session_id?: string }; error?: { code?: string } } = {};
          try {
            json = JSON.parse(text) as typeof json;
          } catch {
            // Not the handler's envelope (a framework's own error page): no code.
          }
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            code: json.error?.code,
            retryAfter,
            sessionId: json.data?.session_id,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${target.href} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A call of the merchant's own server with its secret key, straight to the sandbox: its status and JSON. */
export async function merchantCall(sandbox: SandboxHandle, path: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.apiUrl}${path}`, { headers: { 'X-API-Key': keysOf(sandbox).secret } });
  return { status: response.status, json: await response.json() };
}

/** How many sessions the sandbox holds for the merchant (`GET /v1/transactions`' total). */
export async function sessionTotal(sandbox: SandboxHandle): Promise<number> {
  const { status, json } = await merchantCall(sandbox, '/v1/transactions?limit=1');
  if (status !== 200) throw new Error(`GET /v1/transactions: ${status} ${JSON.stringify(json)}`);
  return (json as { data: { pagination: { total: number } } }).data.pagination.total;
}

/**
 * The total once it holds still: two reads in a row, each a round trip to the sandbox, agree
 * (bounded: at most 50 reads).
 */
export async function settledTotal(sandbox: SandboxHandle): Promise<number> {
  let last = await sessionTotal(sandbox);
  for (let reads = 1; reads < 50; reads += 1) {
    const next = await sessionTotal(sandbox);
    if (next === last) return next;
    last = next;
  }
  throw new Error(`the session count did not settle (last ${last})`);
}
