/**
 * A loopback server answering each path with what a test put there (status, headers, body): the
 * pages the doctor reads in test/node/doctor.test.ts and test/consumers/doctor.test.ts, such as a
 * copy of the demo's script-tag page with one thing wrong, a JSON document, or an "API" that
 * answers HTML, or JSON without CORS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

export interface PageServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Answers `path` (without its query), for every method, with `answer`. */
  set(path: string, answer: Answer): void;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const answers = new Map<string, Answer>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const answer = answers.get(path);
    if (!answer) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(answer.status ?? 200, answer.headers ?? {}).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (path, answer) => answers.set(path, answer),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
