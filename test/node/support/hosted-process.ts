/**
 * The public demo in a process of its own (as systemd runs it, with its Node flags), for the tests that restart it or
 * load it: started on free loopback ports with a database file, stopped with SIGTERM; requests go
 * to its listening port with the public Host (node:http: fetch would not let a test set Host).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

export const PUBLIC = {
  shop: 'https://shop.example',
  api: 'https://api.example',
  checkout: 'https://checkout.example',
};

/**
 * Node's flags as the systemd unit gives them (its heap settings change how often V8 collects, so
 * a load test of another heap would measure another server).
 */
export const UNIT_NODE_FLAGS: readonly string[] = (() => {
  const unit = readFileSync(new URL('../../../deploy/onramp-demo.service', import.meta.url), 'utf8');
  const flags = /^ExecStart=\S*node((?: --[\w-]+=\S+)*) --import tsx /m.exec(unit)?.[1];
  if (flags === undefined) throw new Error('deploy/onramp-demo.service: no ExecStart=…node [flags] --import tsx …');
  return flags.trim().split(' ').filter(Boolean);
})();

export interface HostedProcess {
  child: ChildProcess;
  /** The demo's listening address. */
  url: string;
  /** The sandbox API's listening address, when the script prints it. */
  apiUrl: string | undefined;
  stop(): Promise<void>;
}

/** Starts `script` (default the real `demo/shop/server/main.ts`) in hosted mode on `db`; resolves once it listens. */
export function startHostedProcess(
  db: string,
  env: Record<string, string> = {},
  script = 'demo/shop/server/main.ts',
): Promise<HostedProcess> {
  const child = spawn(process.execPath, [...UNIT_NODE_FLAGS, '--import', 'tsx', script], {
    cwd: new URL('../../..', import.meta.url),
    env: {
      ...process.env,
      DEMO_HOSTED: '1',
      DEMO_PUBLIC_URL: PUBLIC.shop,
      SANDBOX_PUBLIC_URL: PUBLIC.api,
      CHECKOUT_PUBLIC_URL: PUBLIC.checkout,
      SANDBOX_DB: db,
      DEMO_PORT: '0',
      PORT: '0',
      CHECKOUT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the demo did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Listening on\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        child,
        url,
        apiUrl: /Sandbox API\s+(http:\/\/\S+)/.exec(output)?.[1],
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the demo exited:\n${output}`));
    });
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Bytes of the body as sent. */
  bytes: number;
}

/** One request to `base` (a listening address) with the public Host of the shop unless `host` says. */
export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
  host = 'shop.example',
): Promise<Answer> {
  const url = new URL(base);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        headers: { Host: host, ...(data === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: buffer.toString('utf8'),
            bytes: buffer.length,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A visitor at `address`: their first page view makes their account; then their cookie goes with every call. */
export async function newVisitor(base: string, address: string) {
  const page = await send(base, 'GET', '/', { 'X-Forwarded-For': address });
  if (page.status !== 200) throw new Error(`no account for ${address}: ${page.status} ${page.text.slice(0, 200)}`);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  return visitorWith(base, address, cookie);
}

/** The calls of a visitor whose cookie is `cookie` (GET as a page or a fetch; others as the console's JSON calls). */
export function visitorWith(base: string, address: string, cookie: string) {
  return {
    cookie,
    address,
    call: (method: string, path: string, body?: unknown) =>
      send(
        base,
        method,
        path,
        { Cookie: cookie, 'X-Forwarded-For': address, ...(method === 'GET' ? {} : { Origin: PUBLIC.shop }) },
        body,
      ),
  };
}
