/**
 * What the tests of clients generated from the OpenAPI document share (`openapi-clients*.test.ts`): a
 * sandbox serving the document, the merchant's project folder it is written into, and
 * `prism proxy --errors` in front of the sandbox. Loopback only.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type SandboxHandle, startSandbox } from '../../../demo/onramp-api/index.js';
import { freePort } from '../../support/free-port.js';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

export interface DocumentProject {
  sandbox: SandboxHandle;
  /** The merchant's project: its own folder, the packages it installed (`node_modules`), `openapi.json`. */
  dir: string;
  /** The document as the sandbox serves it. */
  document: { paths: Record<string, Record<string, { operationId?: string }>> };
  /** Every operation of the document. */
  operationIds: string[];
  close(): Promise<void>;
}

/** A sandbox in memory and a project folder holding the document it serves. */
export async function documentProject(prefix: string): Promise<DocumentProject> {
  const sandbox = await startSandbox({
    port: 0,
    checkoutPort: 0,
    db: ':memory:',
    keysFile: null,
    log: () => {},
    webhookResolver: async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    },
  });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const response = await fetch(`${sandbox.apiUrl}/v1/openapi.json`);
  assert.equal(response.status, 200);
  const document = (await response.json()) as DocumentProject['document'];
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
  const operationIds = Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])),
  );
  return {
    sandbox,
    dir,
    document,
    operationIds,
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `prism proxy --errors` in front of `upstream`, resolved once it answers. */
export async function startPrism(document: string, upstream: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const prism = spawn(
    process.execPath,
    [
      join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'proxy',
      document,
      upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  prism.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  prism.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!output.includes('Prism is listening')) {
    if (prism.exitCode !== null) throw new Error(`prism exited (${prism.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`prism did not start within 30 s:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { url, process: prism };
}

/** `tsc -p <dir>/tsconfig.json` with the project's TypeScript 5 (what a merchant's editor runs); fails with its output. */
export async function compileProject(dir: string): Promise<void> {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const { stdout } = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]).catch((error: unknown) => {
    const { stdout: out = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    assert.fail(`tsc --strict failed:\n${out}${stderr}`);
  });
  assert.equal(stdout.trim(), '');
}
