/** Shared helpers of the sandbox tests: start a server, call it, check envelopes against the contract. */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { errorEnvelopeSchema, successEnvelope } from '../../src/contract/write/envelope.js';
import type { HostResolver } from '../../demo/onramp-api/domain/webhook-targets.js';
import { type SandboxHandle, type StartSandboxOptions, startSandbox } from '../../demo/onramp-api/index.js';
import { DocumentValidator } from '../openapi/validator.js';

/** The EIP-55 example address (mixed case, valid checksum). */
export const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const WALLET_2 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestSandbox {
  sandbox: SandboxHandle;
  keys: NonNullable<SandboxHandle['keys']>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

/**
 * The webhook resolver of test sandboxes: `localhost` is 127.0.0.1 and every other name fails, so a
 * test's endpoint such as https://shop.example/hooks sends no DNS query and opens no socket.
 */
export const loopbackOnlyResolver: HostResolver = async (hostname) => {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** Every test sandbox: free ports, an in-memory database, no keys file, no log. */
export const TEST_SANDBOX_BASE = {
  port: 0,
  checkoutPort: 0,
  db: ':memory:',
  keysFile: null,
  log: () => {},
} as const satisfies StartSandboxOptions;

/**
 * Every answer `call` gets is checked against the OpenAPI document (status and body), so what the
 * sandbox answers and what the document says stay one thing (docs/design.md).
 */
const documentValidator = new DocumentValidator();

/** API URLs of sandboxes in spec-shapes mode: they imitate another server, not this document. */
const undocumentedApis = new Set<string>();

export async function startTestSandbox(options: StartSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    ...TEST_SANDBOX_BASE,
    rateLimit: { burst: 1e6, perSecond: 1e6 },
    callerLimits: {
      publishableAddress: { burst: 1e6, perSecond: 1e6 },
      publishableSession: { burst: 1e6, perSecond: 1e6 },
      failedAuth: { burst: 1e6, perSecond: 1e6 },
    },
    webhookResolver: loopbackOnlyResolver,
    ...options,
  });
  assert.ok(sandbox.keys, 'a fresh sandbox returns its keys');
  if (sandbox.shapes === 'spec') undocumentedApis.add(sandbox.apiUrl);
  const keys = sandbox.keys;
  return {
    sandbox,
    keys,
    call: (method, path, options = {}) => call(sandbox.apiUrl, method, path, { key: keys.test.secret, ...options }),
    close: () => sandbox.close(),
  };
}

/**
 * A sandbox (re)started on a database file a test already used, as after a crash or a deploy: the
 * test settings (free ports, no keys file, no log, loopback-only webhooks) and nothing checked of
 * its keys, which only the first start on a database makes.
 */
export function startOnDatabase(db: string, options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ ...TEST_SANDBOX_BASE, webhookResolver: loopbackOnlyResolver, db, ...options });
}

/** A sandbox on a file database (WAL, as the real process) in a fresh temporary folder, removed on close. */
export async function startFileTestSandbox(
  prefix: string,
  options: StartSandboxOptions = {},
  file = 'sandbox.db',
): Promise<TestSandbox & { dir: string; dbPath: string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dbPath = join(dir, file);
  const t = await startTestSandbox({ db: dbPath, ...options });
  return {
    ...t,
    dir,
    dbPath,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!undocumentedApis.has(baseUrl)) {
    const problems = documentValidator.check(method, path, response.status, json);
    if (problems)
      assert.fail(
        `the answer to ${method} ${path} disagrees with the OpenAPI document:\n${problems.join('\n')}\n${text.slice(0, 2000)}`,
      );
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Asserts a success envelope whose data matches `schema`; returns the data. */
export function expectData<S extends z.ZodMiniType>(reply: Reply, schema: S, status = 200): z.infer<S> {
  assert.equal(reply.status, status, `expected ${status}, got ${reply.status}: ${reply.text}`);
  assert.match(reply.headers.get('Request-Id') ?? '', /^req_/);
  assert.match(reply.headers.get('Content-Type') ?? '', /^application\/json/);
  const parsed = z.safeParse(successEnvelope(schema), reply.json);
  assert.ok(
    parsed.success,
    `response does not match the contract: ${reply.text}\n${JSON.stringify(parsed.error?.issues)}`,
  );
  return (parsed.data as { data: z.infer<S> }).data;
}

/** Asserts docs/design.md's error envelope with this status, code and (when given) param. */
export function expectError(reply: Reply, status: number, code: string, param?: string): void {
  assert.equal(reply.status, status, `expected ${status} ${code}, got ${reply.status}: ${reply.text}`);
  const parsed = z.safeParse(errorEnvelopeSchema, reply.json);
  assert.ok(parsed.success, `not an error envelope: ${reply.text}`);
  assert.equal(parsed.data.error.code, code, reply.text);
  if (param !== undefined) assert.equal(parsed.data.error.param, param, reply.text);
  assert.ok(parsed.data.error.message.length > 0);
  assert.equal(parsed.data.error.request_id, reply.headers.get('Request-Id'));
}

export const sessionBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  wallet_address: WALLET,
  crypto_currency: 'ETH',
  fiat_amount: 10000,
  fiat_currency: 'USD',
  ...overrides,
});

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface SandboxProcess {
  child: ChildProcess;
  /** Everything the process printed up to the moment it was ready. */
  output: string;
  apiUrl: string;
  checkoutUrl: string;
  /** Settles with the exit signal or code. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts the real process (`demo/onramp-api/main.ts`) on free ports with the given environment and
 * resolves once it prints where it listens.
 */
export function spawnSandboxProcess(env: Record<string, string>): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/onramp-api/main.ts'], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, PORT: '0', CHECKOUT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const apiUrl = /Onramp sandbox API\s+(\S+)/.exec(output)?.[1];
      const checkoutUrl = /Hosted checkout\s+(\S+)/.exec(output)?.[1];
      if (apiUrl && checkoutUrl && output.includes('Test cards')) {
        clearTimeout(timer);
        resolve({ child, output, apiUrl, checkoutUrl, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${String(code)}:\n${output}`));
    });
  });
}
