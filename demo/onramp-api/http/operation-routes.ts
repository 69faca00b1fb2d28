/**
 * The API's routes, registered from the contract's operations (`src/contract/operations.ts`): each
 * operation's method, path, accepted keys and permission are read from its entry, and so are the
 * 405 answers and their `Allow` header, and which paths answer browsers (CORS). A route file gives only handlers, keyed by operation id; the
 * table's type asks for one handler per operation.
 */
import type { Context, Hono } from 'hono';
import { OPERATIONS, type Operation, type OperationId } from '../../../src/contract/operations.js';
import type { SandboxDeps } from '../deps.js';
import { type AccessRule, authenticate } from './auth.js';
import { ErrorAnswer } from './errors.js';
import type { ApiEnv } from './types.js';

/** What answers an operation once its key passed the operation's access rule (`c.get('apiKey')`). */
export type OperationHandler = (c: Context<ApiEnv>, deps: SandboxDeps) => Response | Promise<Response>;

/** One handler per operation of the contract. */
export type OperationHandlers = Readonly<Record<OperationId, OperationHandler>>;

/** A route file's share of the table: handlers of some operations, no other names. */
export type SomeOperationHandlers = Partial<OperationHandlers>;

/** Hono's path syntax (`/v1/keys/:id`) for the contract's path template (`/v1/keys/{id}`). */
export function honoPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/** A parameter of the operation's path (`{id}`): always there, since the route's path names it. */
export function pathParam(c: Context<ApiEnv>, name: string): string {
  const value = c.req.param(name);
  if (value === undefined) throw new Error(`No path parameter ${name} on ${c.req.path}`);
  return value;
}

/** Who may call an operation, from its entry's `keys` and `permission`. */
export function accessRule(operation: Operation): AccessRule {
  return {
    ...(operation.permission ? { permission: operation.permission } : {}),
    ...(operation.keys === 'secret+publishable' ? { publishable: true } : {}),
    ...(operation.keys === 'test-secret' ? { testSecretOnly: true } : {}),
  };
}

/**
 * Paths a page calls, with the methods it may use there: the operations a publishable key may call
 * (the only key a page holds). `cors.ts` answers CORS on these paths only.
 */
export const BROWSER_PATHS: Readonly<Record<string, string>> = browserPaths();

function browserPaths(): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const operation of OPERATIONS) {
    if (operation.keys !== 'secret+publishable') continue;
    const path = honoPath(operation.path);
    paths[path] = paths[path] === undefined ? operation.method : `${paths[path]}, ${operation.method}`;
  }
  return paths;
}

/** The order `Allow` lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

/**
 * Every operation's path (Hono syntax) with the methods it answers: the operations' own, HEAD with
 * GET (Hono answers it from the GET route), OPTIONS where browsers call (`cors.ts`).
 */
export function operationPaths(operations: readonly Operation[] = OPERATIONS): Map<string, string[]> {
  const paths = new Map<string, Set<string>>();
  for (const operation of operations) {
    const path = honoPath(operation.path);
    const methods = paths.get(path) ?? new Set<string>();
    methods.add(operation.method);
    if (operation.method === 'GET') methods.add('HEAD');
    if (BROWSER_PATHS[path] !== undefined) methods.add('OPTIONS');
    paths.set(path, methods);
  }
  return new Map(
    [...paths].map(([path, methods]) => [
      path,
      [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
    ]),
  );
}

/** 405 `METHOD_NOT_ALLOWED` with `Allow` for any other method on `path`; register after its routes. */
export function refuseOtherMethods(app: Hono<ApiEnv>, path: string, methods: readonly string[]): void {
  app.all(path, (c) => {
    throw new ErrorAnswer(
      'METHOD_NOT_ALLOWED',
      `${c.req.method} is not allowed on ${c.req.path}; use ${methods.join(', ')}`,
      { headers: { Allow: methods.join(', ') } },
    );
  });
}

/** Registers every operation (its access rule, then its handler), then the 405 answers of their paths. */
export function registerOperations(app: Hono<ApiEnv>, deps: SandboxDeps, handlers: OperationHandlers): void {
  for (const operation of OPERATIONS) {
    const handler = handlers[operation.id];
    app.on(operation.method, honoPath(operation.path), authenticate(deps, accessRule(operation)), (c) =>
      handler(c, deps),
    );
  }
  for (const [path, methods] of operationPaths()) refuseOtherMethods(app, path, methods);
}
