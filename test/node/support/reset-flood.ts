/**
 * The red team's reset: `count` connections to a loopback port, each sending `raw` (a whole HTTP
 * request) and reset (`socket.resetAndDestroy()`, a TCP RST) right after, while this process's
 * event loop is held busy. A worker thread sends them (its own loop) and this thread waits on it
 * with `Atomics.wait`: when the server here runs again, every connection has already been reset,
 * so Node finds no peer address for any of them, the case a busy server meets.
 */
import { Worker } from 'node:worker_threads';

const WORKER = `
const { workerData } = require('node:worker_threads');
const net = require('node:net');
const { port, count, raw, flag } = workerData;
const done = new Int32Array(flag);
let sent = 0;
const finish = () => { Atomics.store(done, 0, 1); Atomics.notify(done, 0); };
const timer = setTimeout(finish, 5000);
for (let i = 0; i < count; i += 1) {
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write(raw, () => {
      socket.resetAndDestroy();
      sent += 1;
      // A moment for the RSTs to reach the listening side before it runs again.
      if (sent === count) { clearTimeout(timer); setTimeout(finish, 50); }
    });
  });
  socket.on('error', () => {});
}
`;

/** Sends and resets `count` requests while this thread is blocked; resolves once the worker has ended. */
export async function resetFlood(port: number, count: number, raw: string): Promise<void> {
  const flag = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, { eval: true, workerData: { port, count, raw, flag } });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // Busy: nothing on this thread runs (no accept, no read) until every connection was reset.
  Atomics.wait(new Int32Array(flag), 0, 0, 6000);
  await worker.terminate();
  await ended;
}

/** A POST of `body` as JSON to `path`, as a browser on `origin` sends it (one connection, closed after). */
export function rawOrder(port: number, path: string, body: unknown, origin: string): string {
  const json = JSON.stringify(body);
  return [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Origin: ${origin}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/** Resolves when `check()` holds (polled each 10 ms), rejects after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
