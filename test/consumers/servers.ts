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
import { type SandboxHandle, startSandbox } from '../../demo/onramp-api/index.js';
import { freePort } from '../support/free-port.js';
import { appDir } from './apps.js';

export const ORDER = {
  wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_currency: 'ETH',
  network: 'ethereum',
  fiat_amount: 5000,
  fiat_currency: 'USD',
} as const;

export function startTestSandbox(): Promise<SandboxHandle> {
  return startSandbox({ db: ':memory:', port: 0, checkoutPort: 0, deliveryMs: 800, log: () => {} });
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

/** The onramp settings a merchant's server reads from its environment. */
function onrampEnv(sandbox: SandboxHandle): Record<string, string> {
  const { secret, publishable } = keysOf(sandbox);
  return {
    ONRAMP_API_BASE: sandbox.apiUrl,
    ONRAMP_CHECKOUT_ORIGIN: sandbox.checkoutUrl,
    ONRAMP_SECRET_KEY: secret,
    ONRAMP_PUBLISHABLE_KEY: publishable,
  };
}

/** A built app's own server process on `port`, up once `/` answers (bounded: a broken build fails with its output). */
async function startAppProcess(
  app: 'next-app' | 'sveltekit' | 'node-server',
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
    ...onrampEnv(sandbox),
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

/** The plain Node merchant server (`node dist/server.js`): its `POST /api/order` is the order handler. */
export async function startNodeServer(sandbox: SandboxHandle): Promise<AppServer> {
  const port = await freePort();
  return startAppProcess('node-server', process.execPath, ['dist/server.js'], port, {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...onrampEnv(sandbox),
  });
}

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
