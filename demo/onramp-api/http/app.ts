/**
 * The API app: request ids, CORS for the browser endpoints, body limit, routes, and an error
 * envelope for everything that is not a success (unknown routes, wrong methods, crashes included).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxDeps } from '../deps.js';
import { keyRoutes } from '../routes/keys.js';
import { onrampRoutes } from '../routes/onramp.js';
import { OPENAPI_PATH, openApiRoutes } from '../routes/openapi.js';
import { quoteRoutes } from '../routes/quote.js';
import { testHelperRoutes } from '../routes/test-helpers.js';
import { transactionRoutes } from '../routes/transactions.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { keyBeforeBody } from './auth.js';
import { isAllowedOrigin } from '../../http-common/index.js';
import { cors } from './cors.js';
import { ErrorAnswer, sendData, sendError } from './errors.js';
import { requestId } from './request-id.js';
import type { ApiEnv } from './types.js';

/** Every known path with the methods it answers (for 405 and its `Allow` header). */
export const API_PATHS: Readonly<Record<string, readonly string[]>> = {
  '/v1/onramp': ['GET', 'HEAD', 'POST', 'OPTIONS'],
  '/v1/onramp/quote': ['POST', 'OPTIONS'],
  '/v1/transactions': ['GET', 'HEAD'],
  '/v1/transactions/:id': ['GET', 'HEAD'],
  '/v1/keys': ['GET', 'HEAD', 'POST'],
  '/v1/keys/:id': ['DELETE'],
  '/v1/webhooks': ['GET', 'HEAD', 'POST'],
  '/v1/webhooks/:id': ['DELETE'],
  '/v1/webhooks/:id/deliveries': ['GET', 'HEAD'],
  '/v1/test_helpers/onramp/advance': ['POST'],
  [OPENAPI_PATH]: ['GET', 'HEAD'],
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
  onrampRoutes(app, deps);
  quoteRoutes(app, deps);
  transactionRoutes(app, deps);
  keyRoutes(app, deps);
  webhookRoutes(app, deps);
  testHelperRoutes(app, deps);

  for (const [path, methods] of Object.entries(API_PATHS)) {
    app.all(path, (c) => {
      throw new ErrorAnswer(
        'METHOD_NOT_ALLOWED',
        `${c.req.method} is not allowed on ${c.req.path}; use ${methods.join(', ')}`,
        {
          headers: { Allow: methods.join(', ') },
        },
      );
    });
  }

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
