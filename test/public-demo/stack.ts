/**
 * The public demo as docs/hosting.md runs it, on this machine: the settings of
 * `deploy/onramp-demo.env` with `*.localhost` names standing in for the domain (Chromium resolves
 * them to loopback by itself) and free loopback ports; the demo process as the systemd unit starts
 * it (`node --import tsx demo/shop/server/main.ts`); Caddy with `deploy/Caddyfile`, reading the same
 * settings, serving https with its own local CA on loopback only. Nothing else is touched.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface HostedStack {
  /** https://shop.localhost:<port>, https://api.shop.localhost:<port>, https://checkout.shop.localhost:<port> */
  shop: string;
  api: string;
  checkout: string;
  /** Caddy's https port and the demo's own listening port (loopback). */
  httpsPort: number;
  demoPort: number;
  /** The sandbox's database file (a test reads it to prove what was deleted). */
  dbPath: string;
  close(): Promise<void>;
}

/** `KEY=value` lines, as systemd's EnvironmentFile reads them (comments and blank lines skipped). */
function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

function caddyBinary(): string {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return 'caddy';
  } catch {
    throw new Error('caddy is not installed: apt-get install caddy (.ci/run installs it)');
  }
}

/** Keeps reading `child`'s output (a full pipe would stall it), the last 16 kB of it for errors. */
function tail(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** Resolves when `child` has printed `text`; rejects if it exits first. */
function waitForOutput(child: ChildProcess, output: () => string, text: string, what: string): Promise<void> {
  return new Promise((done, fail) => {
    const look = () => {
      if (output().includes(text)) done();
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => fail(new Error(`${what} exited (${code}) before it was ready:\n${output()}`)));
  });
}

/**
 * A request over Caddy's TLS naming `host` (SNI and Host), accepting Caddy's local CA: Node cannot
 * resolve `*.localhost` names as Chromium does, so it connects to loopback and names the host.
 */
export function httpsCall(
  port: number,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        servername: host.split(':')[0],
        rejectUnauthorized: false,
        headers: { Host: host, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

export async function startHostedStack(options: { accountTtlSeconds: number }): Promise<HostedStack> {
  const caddy = caddyBinary();
  const dir = mkdtempSync(join(tmpdir(), 'onramp-hosted-'));
  const [httpsPort, httpPort, demoPort, apiPort, checkoutPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  // The deployment's own settings, the domain replaced by *.localhost names on Caddy's test port.
  const settings = readEnvFile(join(ROOT, 'deploy/onramp-demo.env'));
  for (const name of ['DEMO_PUBLIC_URL', 'SANDBOX_PUBLIC_URL', 'CHECKOUT_PUBLIC_URL']) {
    settings[name] = `${settings[name]!.replace('demo.example.com', 'shop.localhost')}:${httpsPort}`;
  }
  Object.assign(settings, {
    DEMO_PORT: String(demoPort),
    PORT: String(apiPort),
    CHECKOUT_PORT: String(checkoutPort),
    DEMO_ACCOUNT_TTL: String(options.accountTtlSeconds),
    SANDBOX_DB: join(dir, 'hosted.db'),
  });
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...settings };
  const demo = spawn(process.execPath, ['--import', 'tsx', 'demo/shop/server/main.ts'], {
    cwd: ROOT,
    env: base,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proxyEnv = {
    ...base,
    XDG_DATA_HOME: join(dir, 'caddy-data'),
    XDG_CONFIG_HOME: join(dir, 'caddy-config'),
    // Test-only global options: loopback ports, Caddy's local CA kept out of the system's trust store, no admin API.
    CADDY_EXTRA_OPTIONS: [
      'admin off',
      'skip_install_trust',
      'default_bind 127.0.0.1',
      `http_port ${httpPort}`,
      `https_port ${httpsPort}`,
    ].join('\n'),
  };
  const startProxy = () => {
    const child = spawn(caddy, ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: ROOT,
      env: proxyEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { child, output: tail(child) };
  };
  const demoOutput = tail(demo);
  let proxy = startProxy();
  const close = async () => {
    await Promise.all([stop(proxy.child), stop(demo)]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOutput(demo, demoOutput, 'Test cards:', 'the demo');
    const shopHost = new URL(settings.DEMO_PUBLIC_URL!).host;
    const apiHost = new URL(settings.SANDBOX_PUBLIC_URL!).host;
    // Files make no visitor account; the API's health needs no key.
    const ready = async () =>
      (await httpsCall(httpsPort, shopHost, 'GET', '/favicon.ico')).status === 204 &&
      (await httpsCall(httpsPort, apiHost, 'GET', '/health')).status === 200;
    // Caddy 2.6 cleans its storage as it starts, beside obtaining the first certificates: the
    // cleaner can read a certificate whose key is still being written, delete it as broken and
    // retry that name a minute later (seen in CI: "Deleting … because key is empty", then "will
    // retry"). A new Caddy on the same storage keeps the certificates that were whole and obtains
    // the lost one again, so the stack starts it once more rather than wait the minute out.
    for (let attempt = 1; ; attempt++) {
      const current = proxy;
      const lostCertificate = () => current.output().includes('"will retry"');
      await until(async () => lostCertificate() || (await ready()), 'Caddy in front of the shop and the API');
      if (!lostCertificate() || (await ready().catch(() => false))) break;
      if (attempt === 3) throw new Error('Caddy lost a certificate as it started, three times');
      await stop(current.child);
      proxy = startProxy();
    }
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n--- demo:\n${demoOutput()}\n--- caddy:\n${proxy.output()}`, {
      cause: error,
    });
  }
  return {
    shop: settings.DEMO_PUBLIC_URL!,
    api: settings.SANDBOX_PUBLIC_URL!,
    checkout: settings.CHECKOUT_PUBLIC_URL!,
    httpsPort,
    demoPort,
    dbPath: settings.SANDBOX_DB!,
    close,
  };
}
