/**
 * `/docs/api`: the readable API reference, built from the OpenAPI document at `npm run build`
 * (scripts/build/openapi.ts). Redoc renders markdown as HTML and styles through `<style>` elements, so
 * the page has a policy of its own instead of the shop's (which requires Trusted Types): scripts from
 * this origin only, no inline script, no eval, no connection but to this origin, no framing.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Env, Hono } from 'hono';
import { cdnFiles } from './cdn.js';

export const API_REFERENCE_PATH = '/docs/api';

export const API_REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Redoc (styled-components) writes its styles into <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The search index runs in a worker Redoc starts from a blob: URL.
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function apiReferenceRoutes<E extends Env>(app: Hono<E>, distFolder: string): void {
  const folder = resolve(distFolder, 'api-reference');
  app.get(API_REFERENCE_PATH, async (c) =>
    c.html(await readFile(resolve(folder, 'index.html'), 'utf8'), 200, {
      'Content-Security-Policy': API_REFERENCE_CSP,
    }),
  );
  app.get(`${API_REFERENCE_PATH}/*`, cdnFiles(folder, `${API_REFERENCE_PATH}/`));
}
