/**
 * `npm start`'s settings from environment variables (docs/hosting.md lists them): the
 * sandbox's own (`loadConfig`), then the demo's. A bad value stops the start with a message naming
 * its variable (`ConfigError`).
 *
 * - `DEMO_PORT` (8080), `PORT` (8787), `CHECKOUT_PORT` (8788): the three servers' ports;
 * - `DEMO_LISTEN_HOST`: the address all three listen on (default 127.0.0.1; `0.0.0.0` for all);
 * - `DEMO_PUBLIC_URL`, `SANDBOX_PUBLIC_URL`, `CHECKOUT_PUBLIC_URL`: where browsers reach them behind
 *   a proxy; pages, `redirect_url`, CORS, `frame-ancestors`, CSP and the console's guard follow;
 * - `DEMO_HOSTED=1`: the public demo (needs the three public URLs, https, three origins);
 * - `DEMO_ACCOUNT_TTL`: seconds a visitor's account lives in the public demo (default 3600).
 */
import { isIP } from 'node:net';
import { ConfigError, intVar, loadConfig, publicUrlVar } from '../../onramp-api/index.js';
import type { StartDemoOptions } from './demo-server.js';

export const DEFAULT_ACCOUNT_TTL_SECONDS = 3600;
/** Where the public demo keeps its data unless `SANDBOX_DB` says: never the local demo's database (it has live keys). */
const HOSTED_DB = '.sandbox-data/hosted.db';

function hostedVar(env: NodeJS.ProcessEnv): boolean {
  const raw = env.DEMO_HOSTED?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`DEMO_HOSTED must be 1 (hosted) or 0; got "${env.DEMO_HOSTED}"`);
}

function listenHostVar(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.DEMO_LISTEN_HOST?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (isIP(raw) === 0 && raw !== 'localhost') {
    throw new ConfigError(
      `DEMO_LISTEN_HOST must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0; got "${raw}"`,
    );
  }
  return raw;
}

export function loadDemoSettings(env: NodeJS.ProcessEnv = process.env): StartDemoOptions {
  const hosted = hostedVar(env);
  const sandbox = loadConfig(env);
  const listenHost = listenHostVar(env);
  if (listenHost !== undefined) sandbox.host = listenHost;
  const names = ['DEMO_PUBLIC_URL', 'SANDBOX_PUBLIC_URL', 'CHECKOUT_PUBLIC_URL'] as const;
  const urls = names.map((name) => publicUrlVar(env, name, hosted));
  const [publicUrl] = urls;
  const options: StartDemoOptions = { port: intVar(env, 'DEMO_PORT', 0, 65535) ?? 8080, sandbox };
  if (listenHost !== undefined) options.host = listenHost;
  if (publicUrl !== undefined) options.publicUrl = publicUrl;
  const ttl = intVar(env, 'DEMO_ACCOUNT_TTL', 1, 30 * 24 * 3600);
  if (ttl !== undefined && !hosted)
    throw new ConfigError('DEMO_ACCOUNT_TTL applies to the hosted demo only: set DEMO_HOSTED=1 too');
  if (!hosted) return options;

  urls.forEach((url, index) => {
    if (url === undefined)
      throw new ConfigError(
        `${names[index]} is required in the hosted demo (DEMO_HOSTED=1): the https URL browsers reach it at`,
      );
  });
  for (let a = 0; a < urls.length; a += 1) {
    for (let b = a + 1; b < urls.length; b += 1) {
      if (urls[a] === urls[b]) {
        throw new ConfigError(
          `${names[a]} and ${names[b]} must be different origins (the checkout and the API each on a host of their own); both are "${urls[a]}"`,
        );
      }
    }
  }
  if (!env.SANDBOX_DB?.trim()) sandbox.db = HOSTED_DB;
  // Visitors' keys are never written anywhere: each sees its own, in its own console.
  sandbox.keysFile = null;
  options.publicDemo = { accountTtlSeconds: ttl ?? DEFAULT_ACCOUNT_TTL_SECONDS };
  return options;
}
