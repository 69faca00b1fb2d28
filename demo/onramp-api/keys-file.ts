/** Secrets the sandbox keeps beside its database file: the first-start keys file and the seal key. */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SandboxKeys } from './domain/keys.js';

export function writeKeysFile(path: string, keys: SandboxKeys): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * The key sealing webhook signing secrets at rest, kept outside the database so the database file
 * alone reveals no secret: `<db>.seal-key` beside a file database (created once, mode 0600).
 */
export function loadSealKey(dbPath: string): string {
  if (dbPath === ':memory:') return randomBytes(32).toString('base64url');
  const path = `${dbPath}.seal-key`;
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return key;
}

export function readKeysFile(path: string): SandboxKeys | null {
  if (!existsSync(path)) return null;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxKeys>;
    return typeof value.test?.secret === 'string' && typeof value.live?.publishable === 'string'
      ? (value as SandboxKeys)
      : null;
  } catch {
    return null;
  }
}
