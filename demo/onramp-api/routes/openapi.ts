/**
 * `GET /v1/openapi.json`: the API's OpenAPI 3.1 document, generated from the contract (no key, any
 * origin: it is public, and tools such as API explorers load it from their own pages). Built once;
 * `servers` names this sandbox's public URL.
 */
import type { Hono } from 'hono';
import { buildOpenApiDocument } from '../openapi/document.js';
import type { SandboxDeps } from '../deps.js';
import { JSON_CONTENT_TYPE } from '../../http-common/envelope.js';
import { refuseOtherMethods } from '../http/operation-routes.js';
import type { ApiEnv } from '../http/types.js';

export const OPENAPI_PATH = '/v1/openapi.json';

export function openApiRoutes(app: Hono<ApiEnv>, deps: SandboxDeps): void {
  let text: string | undefined;
  app.get(OPENAPI_PATH, (c) => {
    text ??= JSON.stringify(buildOpenApiDocument({ serverUrl: deps.apiUrl }));
    return c.body(text, 200, { 'Content-Type': JSON_CONTENT_TYPE, 'Access-Control-Allow-Origin': '*' });
  });
  refuseOtherMethods(app, OPENAPI_PATH, ['GET', 'HEAD']);
}
