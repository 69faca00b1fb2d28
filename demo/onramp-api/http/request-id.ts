/** Gives every request an id, sent back as `Request-Id` on every response and in error bodies. */
import type { MiddlewareHandler } from 'hono';
import { newRequestId } from '../../http-common/ids.js';

export function requestId(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const id = newRequestId();
    c.set('requestId', id);
    await next();
    c.res.headers.set('Request-Id', id);
  };
}
