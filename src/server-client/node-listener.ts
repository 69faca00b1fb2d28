/**
 * `node:http`'s `(req, res)` around the order handler, for a plain Node server, Express or Fastify's
 * raw request. Written against the shapes it reads, so the server entry imports no `node:` module.
 */
import type { OrderHandler } from './order-handler.js';
import { errorBody, randomId } from './order-errors.js';

/** What `toNodeListener` reads of `node:http`'s `IncomingMessage` (no Node types needed). */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  socket?: {
    remoteAddress?: string | undefined;
    encrypted?: boolean | undefined;
    /** The `net.Server` that accepted the socket (Node sets it; not in its types). */
    server?: ConnectionSource | undefined;
  } | null;
}

/** What `toNodeListener` reads of the `net.Server` behind a socket. */
interface ConnectionSource {
  prependListener?(event: 'connection', listener: (socket: { remoteAddress?: string | undefined }) => void): unknown;
}

/** What `toNodeListener` writes of `node:http`'s `ServerResponse`. */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  end(body?: Uint8Array | string): unknown;
}

/** An answer of the listener's own, in the API's error envelope. */
const answer = (status: number, code: 'VALIDATION_ERROR' | 'INTERNAL_ERROR', message: string): Response =>
  new Response(JSON.stringify(errorBody(code, message, randomId('req_'))), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** Servers whose connections already have their address read as they arrive. */
const watched = new WeakSet<ConnectionSource>();

/**
 * Node reads a socket's peer address lazily, from the live connection: one reset before the
 * request is handled has none left. Reading it as each connection arrives keeps it (Node caches
 * it), so a client cannot shed its address by resetting; one the server never saw draws from the
 * handler's shared bucket.
 */
function watchConnections(server: ConnectionSource | undefined): void {
  if (!server?.prependListener || watched.has(server)) return;
  watched.add(server);
  server.prependListener('connection', (socket) => {
    // Reading the getter caches the address on the socket (Node's `_peername`).
    socket.remoteAddress?.toString();
  });
}

/**
 * The handler as a `node:http` listener, `(req, res)`: for `http.createServer`, Express
 * (`app.post('/api/order', toNodeListener(handleOrder))`, with no body parser before it) and
 * Fastify's raw request. The socket's address is the visitor's (`context.clientAddress`), read as
 * the connection arrives (from the first request on: the server is known then).
 */
export function toNodeListener(handler: OrderHandler): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  return async (req, res) => {
    const clientAddress = req.socket?.remoteAddress;
    watchConnections(req.socket?.server);
    let response: Response | undefined;
    let request: Request | undefined;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        // HTTP/2's `:authority` is the host the page asked for (the Origin check compares with it).
        if (name === ':authority' && typeof value === 'string' && !req.headers.host) headers.set('host', value);
        if (name.startsWith(':') || value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const url = new URL(
        req.url ?? '/',
        `${req.socket?.encrypted ? 'https' : 'http'}://${headers.get('host') ?? 'localhost'}`,
      );
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const iterator = hasBody ? req[Symbol.asyncIterator]() : null;
      const body = iterator
        ? new ReadableStream<Uint8Array>({
            // A body refused before its end releases the socket's stream.
            cancel: () => void iterator.return?.(),
            async pull(controller) {
              const next: IteratorResult<Uint8Array | string> = await iterator.next();
              if (next.done) controller.close();
              else
                controller.enqueue(typeof next.value === 'string' ? new TextEncoder().encode(next.value) : next.value);
            },
          })
        : null;
      // `duplex` is what a streamed body needs in Node's fetch; the DOM types do not know it yet.
      const init = { method, headers, body, duplex: 'half' } as RequestInit;
      request = new Request(url, init);
    } catch {
      response = answer(400, 'VALIDATION_ERROR', 'Malformed request');
    }
    if (request)
      try {
        response = await handler(request, { clientAddress });
      } catch (error) {
        // The handler answers its own errors; one that escapes it is the server's, not the request's.
        console.error('onramp-checkout/server order handler:', error);
        response = answer(500, 'INTERNAL_ERROR', 'The shop cannot take orders right now');
      }
    response ??= answer(500, 'INTERNAL_ERROR', 'The shop cannot take orders right now');
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
