/** An error answer the API sends (`ErrorAnswer`), as docs/design.md's error envelope (`demo/http-common/envelope.ts`). */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../../src/contract/write/envelope.js';
import { ERROR_STATUS } from '../../../src/contract/write/envelope.js';
import { JSON_CONTENT_TYPE, errorBody, successBody } from '../../http-common/envelope.js';

export class ErrorAnswer extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { param?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ErrorAnswer';
    this.code = code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Answers an error as the envelope; `requestId` comes from the request-id middleware. */
export function sendError(c: Context, error: ErrorAnswer, requestId: string): Response {
  return c.body(errorBody(error.code, error.message, requestId, error.param), error.status as ContentfulStatusCode, {
    'Content-Type': JSON_CONTENT_TYPE,
    ...error.headers,
  });
}

export function sendData(c: Context, data: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(successBody(data), status, { 'Content-Type': JSON_CONTENT_TYPE });
}
