/** Sandbox settings from environment variables (listed in docs/sandbox-api.md, "Settings"). */
import type { StartSandboxOptions } from './options.js';
import { parseTrustedProxies } from '../http-common/client-address.js';
import { SANDBOX_SHAPES, type SandboxShapes } from './http/spec-shapes.js';

export class ConfigError extends Error {}

export function intVar(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; got "${raw}"`);
  }
  return Number(raw);
}

function numberVar(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new ConfigError(`${name} must be a number of at least ${min}; got "${raw}"`);
  return value;
}

function timeVar(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (Number.isNaN(ms)) throw new ConfigError(`${name} must be an ISO 8601 time or epoch milliseconds; got "${raw}"`);
  return ms;
}

const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:(\d{1,5}|\*))?$/i;

/**
 * A public URL (`DEMO_PUBLIC_URL`, `SANDBOX_PUBLIC_URL`, `CHECKOUT_PUBLIC_URL`): scheme, host and
 * optional port, nothing after; returned as its origin. `https` is required when `httpsOnly`.
 */
export function publicUrlVar(env: NodeJS.ProcessEnv, name: string, httpsOnly = false): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const bare =
    url !== null &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw new ConfigError(
      `${name} must be a URL such as https://demo.example.com (a scheme, a host and an optional port, nothing after); got "${raw}"`,
    );
  }
  if (httpsOnly && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an https URL in the hosted demo (DEMO_HOSTED=1); got "${raw}"`);
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StartSandboxOptions {
  const options: StartSandboxOptions = {
    port: intVar(env, 'PORT', 0, 65535) ?? 8787,
    checkoutPort: intVar(env, 'CHECKOUT_PORT', 0, 65535) ?? 8788,
    host: env.SANDBOX_HOST || '127.0.0.1',
    db: env.SANDBOX_DB || '.sandbox-data/sandbox.db',
    keysFile: env.SANDBOX_KEYS_FILE || '.sandbox-data/keys.json',
    brand: env.SANDBOX_BRAND || 'onramp',
    rateLimit: {
      burst: intVar(env, 'SANDBOX_RATE_LIMIT_BURST', 1, 1_000_000) ?? 100,
      perSecond: numberVar(env, 'SANDBOX_RATE_LIMIT_PER_SEC', 0.001) ?? 25,
    },
    deliveryMs: intVar(env, 'SANDBOX_DELIVERY_MS', 0, 3_600_000) ?? 3000,
  };
  const webhookRetryBaseMs = intVar(env, 'SANDBOX_WEBHOOK_RETRY_BASE_MS', 1, 3_600_000);
  if (webhookRetryBaseMs !== undefined) options.webhookRetryBaseMs = webhookRetryBaseMs;
  const webhookMaxAttempts = intVar(env, 'SANDBOX_WEBHOOK_MAX_ATTEMPTS', 1, 50);
  if (webhookMaxAttempts !== undefined) options.webhookMaxAttempts = webhookMaxAttempts;
  const webhookTimeoutMs = intVar(env, 'SANDBOX_WEBHOOK_TIMEOUT_MS', 100, 60_000);
  if (webhookTimeoutMs !== undefined) options.webhookTimeoutMs = webhookTimeoutMs;
  const sealKey = env.SANDBOX_SEAL_KEY?.trim();
  if (sealKey) {
    if (sealKey.length < 32) throw new ConfigError('SANDBOX_SEAL_KEY must be at least 32 characters');
    options.sealKey = sealKey;
  }
  if (!/^[a-z][a-z0-9]{0,31}$/.test(options.brand ?? '')) {
    throw new ConfigError(
      `SANDBOX_BRAND must be lower-case letters and digits, starting with a letter; got "${options.brand}"`,
    );
  }
  const origins = env.SANDBOX_MERCHANT_ORIGINS?.trim();
  if (origins) {
    const list = origins.split(/\s+/);
    const bad = list.find((origin) => !ORIGIN_PATTERN.test(origin));
    if (bad)
      throw new ConfigError(
        `SANDBOX_MERCHANT_ORIGINS entries must be origins like https://shop.example or http://localhost:*; got "${bad}"`,
      );
    options.merchantOrigins = list;
  }
  const shapes = env.SANDBOX_SHAPES?.trim();
  if (shapes) {
    if (!SANDBOX_SHAPES.includes(shapes as SandboxShapes))
      throw new ConfigError(`SANDBOX_SHAPES must be one of ${SANDBOX_SHAPES.join(', ')}; got "${shapes}"`);
    options.shapes = shapes as SandboxShapes;
  }
  const publicApiUrl = publicUrlVar(env, 'SANDBOX_PUBLIC_URL');
  if (publicApiUrl !== undefined) options.publicApiUrl = publicApiUrl;
  const publicCheckoutUrl = publicUrlVar(env, 'CHECKOUT_PUBLIC_URL');
  if (publicCheckoutUrl !== undefined) options.publicCheckoutUrl = publicCheckoutUrl;
  const priceTime = timeVar(env, 'SANDBOX_PRICE_TIME');
  if (priceTime !== undefined) options.priceTime = priceTime;
  if (env.TRUSTED_PROXIES?.trim()) {
    try {
      options.trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  return options;
}
