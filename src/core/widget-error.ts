import { en, type Messages } from '../i18n/messages.js';

/**
 * The errors the widget reports: a stable `code`, a readable `message`, whether the widget
 * recovers by itself, and the server's request id when there was one. The message is English here;
 * the element shows and reports it in the buyer's language.
 */
export type OnrampErrorCode =
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

/** An error's message in a catalogue, with the developer's detail (English) after it. */
export function errorMessage(error: Pick<OnrampError, 'code' | 'detail'>, messages: Messages = en): string {
  const text = messages[`error.${error.code}`];
  return error.detail ? `${text} (${error.detail})` : text;
}

export interface OnrampError {
  code: OnrampErrorCode;
  message: string;
  /** True when the widget keeps trying by itself (network trouble, 5xx, 429, a bad response). */
  recoverable: boolean;
  requestId?: string;
  /** What exactly is wrong, for developers (not translated). */
  detail?: string;
}

const RECOVERABLE: ReadonlySet<OnrampErrorCode> = new Set<OnrampErrorCode>([
  'MALFORMED_RESPONSE',
  'TIMEOUT',
  'OFFLINE',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'QUOTE_REFRESH_FAILED',
]);

export function widgetError(code: OnrampErrorCode, extra: { requestId?: string; detail?: string } = {}): OnrampError {
  const error: OnrampError = {
    code,
    message: errorMessage({ code, detail: extra.detail }),
    recoverable: RECOVERABLE.has(code),
  };
  if (extra.requestId) error.requestId = extra.requestId;
  if (extra.detail) error.detail = extra.detail;
  return error;
}
