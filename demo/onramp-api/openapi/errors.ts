/** What each error code means, for the document's descriptions and its error examples. */
import type { ErrorCode } from '../../../src/contract/write/envelope.js';

export const ERROR_MEANINGS: Readonly<Record<ErrorCode, { when: string; example: string; param?: string }>> = {
  VALIDATION_ERROR: {
    when: 'A field is missing or malformed (`param` names it), or the request itself cannot be read.',
    example: 'fiat_currency must be one of USD, EUR, GBP',
    param: 'fiat_currency',
  },
  INVALID_WALLET_ADDRESS: {
    when: 'The wallet address is not `0x` and 40 hex digits, or fails its EIP-55 checksum.',
    example: 'wallet_address must be 0x followed by 40 hexadecimal digits',
    param: 'wallet_address',
  },
  UNSUPPORTED_NETWORK: {
    when: 'The asset is not delivered on that network.',
    example: 'ETH is not available on polygon; use one of ethereum, base',
    param: 'network',
  },
  AMOUNT_OUT_OF_RANGE: {
    when: '`fiat_amount` is outside 1000 to 1000000 minor units.',
    example: 'fiat_amount must be between 1000 and 1000000 (10.00 to 10,000.00 of the currency); got 500',
    param: 'fiat_amount',
  },
  INVALID_JSON: { when: 'The body is empty or not JSON.', example: 'The request body is not valid JSON' },
  MISSING_API_KEY: { when: 'No `X-API-Key` header.', example: 'No API key: send your key in the X-API-Key header' },
  INVALID_API_KEY: { when: 'The key is unknown or revoked.', example: 'The API key is invalid or has been revoked' },
  INSUFFICIENT_PERMISSIONS: {
    when: 'The key lacks the permission, is a publishable key where a secret one is needed, or asks to grant more than it holds.',
    example: 'This key lacks the onramp:create permission',
  },
  NOT_FOUND: {
    when: 'No such object for this account and mode (another account’s object is not found either).',
    example: 'No session ors_Q7wN3kLp9XvB2mRt5ZyC8dHf',
    param: 'session_id',
  },
  KEY_MODE_MISMATCH: {
    when: 'A publishable key of one mode (live, test) presented the client secret of a session of the same account in the other mode. Without the matching secret, or for another account, it is `NOT_FOUND`.',
    example: 'This session is in test mode; the key is live.',
    param: 'session_id',
  },
  METHOD_NOT_ALLOWED: {
    when: 'The path exists but not with this method; `Allow` lists the methods.',
    example: 'PUT is not allowed on /v1/keys; use GET, HEAD, POST',
  },
  IDEMPOTENCY_CONFLICT: {
    when: 'The `Idempotency-Key` was already used with another body.',
    example: 'This Idempotency-Key was already used with a different request body',
    param: 'Idempotency-Key',
  },
  SESSION_NOT_PAYABLE: {
    when: 'The session is no longer awaiting payment (hosted checkout).',
    example: 'This session cannot be paid',
  },
  INVALID_TRANSITION: {
    when: 'The session cannot move to that state from its current one.',
    example: 'A completed session cannot move to failed; completed is final',
    param: 'to',
  },
  LIMIT_REACHED: {
    when: 'A hosted-demo account holds at most so many sessions, keys or webhook endpoints.',
    example: 'A demo account holds at most 200 sessions; this one has reached it',
  },
  PAYLOAD_TOO_LARGE: {
    when: 'The body is larger than its limit (64 KiB), or the headers than theirs.',
    example: 'The request body is larger than 65536 bytes',
  },
  RATE_LIMITED: {
    when: 'Too many requests; wait `Retry-After` seconds.',
    example: 'Too many test requests for this account; retry in 1 s',
  },
  INTERNAL_ERROR: {
    when: 'Something failed on the server; retrying is safe with an `Idempotency-Key`.',
    example: 'Something went wrong on our side; try again',
  },
};
