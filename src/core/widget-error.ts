/**
 * The errors the widget reports: a stable `code`, a readable `message`, whether the widget
 * recovers by itself, and the server's request id when there was one.
 */
export type WidgetErrorCode =
  | 'SECRET_KEY_REFUSED'
  | 'INVALID_PUBLISHABLE_KEY'
  | 'INVALID_CLIENT_SECRET'
  | 'INVALID_CONFIGURATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SESSION_NOT_FOUND'
  | 'BAD_REQUEST'
  | 'MALFORMED_RESPONSE'
  | 'TIMEOUT'
  | 'OFFLINE'
  | 'NETWORK_ERROR'
  | 'SERVER_ERROR'
  | 'RATE_LIMITED'
  | 'UNSAFE_REDIRECT_URL'
  | 'QUOTE_REFRESH_FAILED';

export interface WidgetError {
  code: WidgetErrorCode;
  message: string;
  /** True when the widget keeps trying by itself (network trouble, 5xx, 429, a bad response). */
  recoverable: boolean;
  requestId?: string;
}

const MESSAGES: Record<WidgetErrorCode, string> = {
  SECRET_KEY_REFUSED: 'A secret API key must never reach a browser: use a publishable key (…_pk_…) and rotate the secret one.',
  INVALID_PUBLISHABLE_KEY: 'The publishable key is missing or malformed.',
  INVALID_CLIENT_SECRET: 'The client secret is missing or malformed.',
  INVALID_CONFIGURATION: 'The checkout is misconfigured.',
  UNAUTHORIZED: 'The publishable key was rejected.',
  FORBIDDEN: 'The publishable key is not allowed to read this session.',
  SESSION_NOT_FOUND: 'This checkout session was not found.',
  BAD_REQUEST: 'The payment service refused the request.',
  MALFORMED_RESPONSE: 'The payment service sent an unexpected response. Retrying…',
  TIMEOUT: 'The payment service is taking too long. Retrying…',
  OFFLINE: 'You are offline. The checkout resumes when you are back online.',
  NETWORK_ERROR: 'The payment service could not be reached. Retrying…',
  SERVER_ERROR: 'The payment service had a problem. Retrying…',
  RATE_LIMITED: 'Too many requests. Retrying…',
  UNSAFE_REDIRECT_URL: 'The checkout link is not on the allowed checkout host.',
  QUOTE_REFRESH_FAILED: 'The price could not be refreshed. Retrying…',
};

const RECOVERABLE: ReadonlySet<WidgetErrorCode> = new Set<WidgetErrorCode>([
  'MALFORMED_RESPONSE',
  'TIMEOUT',
  'OFFLINE',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'QUOTE_REFRESH_FAILED',
]);

export function widgetError(code: WidgetErrorCode, extra: { requestId?: string; detail?: string } = {}): WidgetError {
  const message = extra.detail ? `${MESSAGES[code]} (${extra.detail})` : MESSAGES[code];
  const error: WidgetError = { code, message, recoverable: RECOVERABLE.has(code) };
  if (extra.requestId) error.requestId = extra.requestId;
  return error;
}
