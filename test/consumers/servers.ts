/**
 * What a consumer app runs against: the sandbox (in-process, in-memory database), and the app's own
 * server: `next start` for the Next.js app, `node build` for the SvelteKit app, `node dist/server.js` for the plain
 * Node server, or, for a Vite app, a small merchant server that serves
 * the built files and creates sessions with the secret key (`POST /api/session`), as any merchant
 * backend does. Everything listens on loopback.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { type SandboxHandle, type StartSandboxOptions, startSandbox } from '../../demo/onramp-api/index.js';
import { freePort } from '../support/free-port.js';
import { type ConsumerAppName, appDir } from './apps.js';

export const ORDER = {
  wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_currency: 'ETH',
  network: 'ethereum',
  fiat_amount: 5000,
  fiat_currency: 'USD',
} as const;

/** A sandbox on free ports with an in-memory database; `options` override (e.g. its secret-key `rateLimit`). */
export function startTestSandbox(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ db: ':memory:', port: 0, checkoutPort: 0, deliveryMs: 800, log: () => {}, ...options });
}

export function keysOf(sandbox: SandboxHandle): { secret: string; publishable: string } {
  if (!sandbox.keys) throw new Error('the sandbox made no keys');
  return sandbox.keys.test;
}

/** Forces a session transition through the sandbox's test helper. */
export async function advance(sandbox: SandboxHandle, sessionId: string, to: string): Promise<void> {
  const answer = await fetch(`${sandbox.apiUrl}/v1/test_helpers/onramp/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': keysOf(sandbox).secret },
    body: JSON.stringify({ session_id: sessionId, to }),
  });
  if (!answer.ok) throw new Error(`advance to ${to}: ${answer.status} ${await answer.text()}`);
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** The onramp settings a merchant's server reads from its environment (and the shop's own origin, if known). */
function onrampEnv(sandbox: SandboxHandle, shopOrigin?: string): Record<string, string> {
  const { secret, publishable } = keysOf(sandbox);
  return {
    ONRAMP_API_BASE: sandbox.apiUrl,
    ONRAMP_CHECKOUT_ORIGIN: sandbox.checkoutUrl,
    ONRAMP_SECRET_KEY: secret,
    ONRAMP_PUBLISHABLE_KEY: publishable,
    ...(shopOrigin ? { SHOP_ORIGIN: shopOrigin } : {}),
  };
}

/** A built app's own server process on `port`, up once `/` answers (bounded: a broken build fails with its output). */
async function startAppProcess(
  app: ConsumerAppName,
  command: string,
  args: string[],
  port: number,
  env: Record<string, string>,
): Promise<AppServer> {
  const child: ChildProcess = spawn(command, args, {
    cwd: appDir(app),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (process.env.CONSUMERS_DEBUG) (child.stdout?.pipe(process.stderr), child.stderr?.pipe(process.stderr));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}):\n${output}`);
    const answer = await fetch(`${url}/`).catch(() => null);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error(`${command} ${args.join(' ')} did not answer within 60 s:\n${output}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    close: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/** `next start` of the built Next.js app, with the onramp settings in its environment. */
export async function startNextApp(sandbox: SandboxHandle): Promise<AppServer> {
  const port = await freePort();
  return startAppProcess('next-app', 'npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], port, {
    NEXT_TELEMETRY_DISABLED: '1',
    ...onrampEnv(sandbox, `http://127.0.0.1:${port}`),
  });
}

/** `node build` of the SvelteKit app (adapter-node), with the onramp settings in its environment. */
export async function startSvelteKitApp(sandbox: SandboxHandle): Promise<AppServer> {
  const port = await freePort();
  return startAppProcess('sveltekit', process.execPath, ['build'], port, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...onrampEnv(sandbox),
  });
}

/**
 * A merchant server that reads `HOST` and `PORT` (`node <entry>`): the plain Node server, Hono and h3
 * (`dist/server.js`), Astro's standalone Node adapter (`dist/server/entry.mjs`). Its `POST /api/order`
 * is the order handler, its `/` answers once it is up.
 */
async function startNodeApp(sandbox: SandboxHandle, app: ConsumerAppName, entry: string): Promise<AppServer> {
  const port = await freePort();
  return startAppProcess(app, process.execPath, [entry], port, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...onrampEnv(sandbox, `http://127.0.0.1:${port}`),
  });
}

/** The plain Node merchant server (`node dist/server.js`): its `POST /api/order` is the order handler. */
export const startNodeServer = (sandbox: SandboxHandle): Promise<AppServer> =>
  startNodeApp(sandbox, 'node-server', 'dist/server.js');
/** The Hono app on `@hono/node-server`. */
export const startHonoNode = (sandbox: SandboxHandle): Promise<AppServer> =>
  startNodeApp(sandbox, 'hono-node', 'dist/server.js');
/** The h3 app on node:http (h3's `toNodeListener`, as Nitro's Node server runs it). */
export const startH3Node = (sandbox: SandboxHandle): Promise<AppServer> =>
  startNodeApp(sandbox, 'h3-node', 'dist/server.js');
/** The Astro app on its Node adapter's own server (standalone). */
export const startAstroNode = (sandbox: SandboxHandle): Promise<AppServer> =>
  startNodeApp(sandbox, 'astro-node', 'dist/server/entry.mjs');

/**
 * The apps that mount the order handler, and how each tells visitors apart: the connection's address
 * (`socket`: a test sends from 127.0.0.N), or `X-Real-IP` as the Next.js app's proxy would set it
 * (a route handler has no address).
 */
export const ORDER_APPS = {
  'node-server': { start: startNodeServer, built: 'dist/server.js', visitor: 'socket' },
  'next-app': { start: startNextApp, built: '.next/BUILD_ID', visitor: 'x-real-ip' },
  'hono-node': { start: startHonoNode, built: 'dist/server.js', visitor: 'socket' },
  'h3-node': { start: startH3Node, built: 'dist/server.js', visitor: 'socket' },
  'astro-node': { start: startAstroNode, built: 'dist/server/entry.mjs', visitor: 'socket' },
} as const satisfies Partial<
  Record<
    ConsumerAppName,
    { start: (sandbox: SandboxHandle) => Promise<AppServer>; built: string; visitor: 'socket' | 'x-real-ip' }
  >
>;
export type OrderAppName = keyof typeof ORDER_APPS;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The merchant's server of a Vite app: its `dist/` and `POST /api/session`. */
export async function startMerchantServer(sandbox: SandboxHandle, app: 'vite-react' | 'vite-vue'): Promise<AppServer> {
  const root = join(appDir(app), 'dist');
  const { secret, publishable } = keysOf(sandbox);
  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/api/session' && request.method === 'POST') {
      const created = await fetch(`${sandbox.apiUrl}/v1/onramp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': secret },
        body: JSON.stringify(ORDER),
      });
      const body = (await created.json()) as { data: Record<string, unknown> };
      response.writeHead(created.ok ? 200 : 502, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          publishableKey: publishable,
          apiBase: sandbox.apiUrl,
          checkoutOrigin: sandbox.checkoutUrl,
          session: { ...body.data, ...ORDER },
        }),
      );
      return;
    }
    // The starters' favicon was left out of the apps; a browser asks for one anyway.
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) return void response.writeHead(404).end();
    try {
      const content = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(content);
    } catch {
      response.writeHead(404).end();
    }
  };
  // A failure (the sandbox unreachable) answers 500 rather than leaving the request hanging.
  const server: Server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500).end(error instanceof Error ? error.message : 'failed');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
