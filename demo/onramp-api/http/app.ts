/**
 * The API app: request ids, CORS for the browser endpoints, body limit, routes, and an error
 * envelope for everything that is not a success (unknown routes, wrong methods, crashes included).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxDeps } from '../deps.js';
import { keyHandlers } from '../routes/keys.js';
import { onrampHandlers } from '../routes/onramp.js';
import { openApiRoutes } from '../routes/openapi.js';
import { quoteHandlers } from '../routes/quote.js';
import { testHelperHandlers } from '../routes/test-helpers.js';
import { transactionHandlers } from '../routes/transactions.js';
import { webhookHandlers } from '../routes/webhooks.js';
import { keyBeforeBody } from './auth.js';
import { isAllowedOrigin } from '../../http-common/index.js';
import { cors } from './cors.js';
import { ErrorAnswer, sendData, sendError } from './errors.js';
import { type OperationHandlers, registerOperations } from './operation-routes.js';
import { requestId } from './request-id.js';
import type { ApiEnv } from './types.js';

/** The handler of every operation of the contract (`src/contract/operations.ts`), from the route files. */
const HANDLERS: OperationHandlers = {
  ...onrampHandlers,
  ...quoteHandlers,
  ...transactionHandlers,
  ...keyHandlers,
  ...webhookHandlers,
  ...testHelperHandlers,
};

export function createApiApp(deps: SandboxDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    // The server's clock, the one its timestamps use (injectable in tests and the bench): clients set
    // their countdowns by it.
    c.res.headers.set('Date', new Date(deps.clock.now()).toUTCString());
  });
  app.use('*', cors(deps.corsOrigins ? (origin) => isAllowedOrigin(origin, deps.corsOrigins ?? []) : undefined));
  app.use('*', keyBeforeBody(deps));
  app.use(
    '*',
    bodyLimit({
      maxSize: deps.bodyLimitBytes,
      onError: () => {
        throw new ErrorAnswer('PAYLOAD_TOO_LARGE', `The request body is larger than ${deps.bodyLimitBytes} bytes`);
      },
    }),
  );

  app.get('/', (c) => sendData(c, { service: 'onramp sandbox', checkout_url: deps.checkoutUrl }));
  app.get('/health', (c) => sendData(c, { status: 'ok' }));

  openApiRoutes(app, deps);
  registerOperations(app, deps, HANDLERS);

  app.notFound((c) =>
    sendError(c, new ErrorAnswer('NOT_FOUND', `No route ${c.req.method} ${c.req.path}`), c.get('requestId')),
  );
  app.onError((error, c) => {
    const requestIdValue = c.get('requestId');
    if (error instanceof ErrorAnswer) return sendError(c, error, requestIdValue);
    deps.log(
      `[sandbox] ${requestIdValue} internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return sendError(
      c,
      new ErrorAnswer('INTERNAL_ERROR', 'Something went wrong on our side; try again'),
      requestIdValue,
    );
  });
  return app;
}
