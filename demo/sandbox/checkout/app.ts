/** Placeholder; replaced by the hosted checkout. */
import { Hono } from 'hono';
import type { SandboxDeps } from '../deps.js';

export function createCheckoutApp(_deps: SandboxDeps): Hono {
  return new Hono();
}
