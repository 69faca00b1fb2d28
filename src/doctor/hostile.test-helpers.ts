/**
 * For the hostile-page tests: loopback servers that count what reaches them (connections, the most
 * open at once, requests by path), the doctor run in-process with the bytes it writes, and a watch
 * on every outgoing socket of this process (so a test can say that a host was never connected to).
 */
import { mock } from 'node:test';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { main } from './main.js';
import type { DiagnoseOptions } from './doctor.js';

/** What a counting server saw. */
export interface Counts {
  connections: number;
  /** The most sockets open at the same time. */
  maxOpen: number;
  open: number;
  requests: number;
  /** Requests by path (without the query). */
  paths: Map<string, number>;
  /** `Host` headers, in order. */
  hosts: string[];
}

/** A loopback HTTP server that counts. */
export interface CountingServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  counts: Counts;
  close(): Promise<void>;
}

/** A handler; one that never answers stalls the request until the client gives up. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Starts a counting server on 127.0.0.1 with `handler`. */
export async function countingServer(handler: Handler): Promise<CountingServer> {
  const counts: Counts = { connections: 0, maxOpen: 0, open: 0, requests: 0, paths: new Map(), hosts: [] };
  const server = createServer((request, response) => {
    counts.requests++;
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.paths.set(path, (counts.paths.get(path) ?? 0) + 1);
    counts.hosts.push(request.headers.host ?? '');
    handler(request, response);
  });
  server.on('connection', (socket) => {
    counts.connections++;
    counts.open++;
    counts.maxOpen = Math.max(counts.maxOpen, counts.open);
    let closed = false;
    // The first sign that the client is gone: it may come before 'close' in the loop's turn.
    const gone = () => {
      if (closed) return;
      closed = true;
      counts.open--;
    };
    socket.once('end', gone).once('error', gone).once('close', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering `pages` by path (200 with its headers), 404 elsewhere. */
export function pagesHandler(pages: Record<string, { headers?: Record<string, string>; body: string }>): Handler {
  return (request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    if (!page) response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    else response.writeHead(200, page.headers ?? { 'Content-Type': 'text/html' }).end(page.body);
  };
}

/** The doctor in-process: its exit status and the bytes it wrote to each stream. */
export async function runDoctor(
  args: string[],
  options: DiagnoseOptions = {},
): Promise<{ status: number; stdout: string; stderr: string; bytes: Buffer }> {
  const out: Buffer[] = [];
  let stderr = '';
  const status = await main(
    args,
    { stdout: (text) => out.push(Buffer.from(text, 'utf8')), stderr: (text) => (stderr += text) },
    options,
  );
  const bytes = Buffer.concat(out);
  return { status, stdout: bytes.toString('utf8'), stderr, bytes };
}

/**
 * Records the `host` of every socket this process connects, while `body` runs (the doctor connects
 * by host name with its own pinned lookup: the name is what it was asked to reach).
 */
export async function watchingConnects<T>(body: () => Promise<T>): Promise<{ result: T; hosts: string[] }> {
  const hosts: string[] = [];
  const original = Socket.prototype.connect;
  const spy = mock.method(Socket.prototype, 'connect', function (this: Socket, ...args: unknown[]) {
    // `net.connect` hands over its normalized arguments as one array: `[options, callback]`.
    const [first] = args;
    const options: unknown = Array.isArray(first) ? first[0] : first;
    if (typeof options === 'object' && options !== null && 'host' in options) hosts.push(String(options.host));
    return Reflect.apply(original, this, args) as Socket;
  });
  try {
    return { result: await body(), hosts };
  } finally {
    spy.mock.restore();
  }
}
