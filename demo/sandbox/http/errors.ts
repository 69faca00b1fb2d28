/** The API's error type and docs/design.md's error envelope. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorEnvelope } from '../../../src/contract/index.js';
import { ERROR_STATUS } from '../../../src/contract/index.js';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { param?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function errorBody(code: ErrorCode, message: string, requestId: string, param?: string): string {
  const envelope: ErrorEnvelope = {
    success: false,
    error: { code, message, ...(param === undefined ? {} : { param }), request_id: requestId },
  };
  return JSON.stringify(envelope);
}

/** Answers an error as the envelope; `requestId` comes from the request-id middleware. */
export function sendError(c: Context, error: ApiError, requestId: string): Response {
  return c.body(errorBody(error.code, error.message, requestId, error.param), error.status as ContentfulStatusCode, {
    'Content-Type': JSON_CONTENT_TYPE,
    ...error.headers,
  });
}

/** `{success: true, data}` as JSON text. */
export function successBody(data: unknown): string {
  return JSON.stringify({ success: true, data });
}

export function sendData(c: Context, data: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(successBody(data), status, { 'Content-Type': JSON_CONTENT_TYPE });
}
