/**
 * `onramp-checkout/server`: for the merchant's server only (it takes a secret key). A typed client
 * of the API, the webhook signature check, and the order handler behind the widget's `session-url`.
 */
export {
  createOnrampClient,
  type OnrampClient,
  type OnrampClientOptions,
  type TransactionListParams,
  type CallOptions,
} from './client.js';
export { OnrampApiError, type ClientErrorCode } from './error.js';
export {
  verifyWebhookSignature,
  computeWebhookSignature,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  type OnrampWebhookVerifyOptions,
  type OnrampWebhookFailure,
  type OnrampWebhookResult,
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the old name stays exported for one minor release
  type VerifyWebhookSignatureOptions,
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the old name stays exported for one minor release
  type WebhookSignatureFailure,
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the old name stays exported for one minor release
  type WebhookSignatureResult,
} from '../webhooks/verify-signature.js';
export type { CreatedSession, SessionStatusView } from '../contract/write/session.js';
export type { CreateSessionRequest } from '../contract/write/session-request.js';
export type { Quote } from '../contract/write/quote.js';
export type { QuoteRequest } from '../contract/write/quote-request.js';
export type { Transaction, TransactionList, TransactionListItem } from '../contract/write/transaction.js';
export type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../contract/write/api-key.js';
export type {
  CreateWebhookEndpointRequest,
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '../contract/write/webhook.js';
export {
  createOrderHandler,
  type OrderHandler,
  type OrderHandlerOptions,
  type OrderHandlerContext,
  type OrderAnswerData,
  type BucketOptions,
  type OrderMetadata,
} from './order-handler.js';
export { OrderRefusedError, OrderCeilingError, ORDER_ERROR_STATUS, type OrderErrorCode } from './order-errors.js';
export { toNodeListener, type NodeRequestLike, type NodeResponseLike } from './node-listener.js';
export type { OrderRules, CheckedOrder } from './order-rules.js';
export type { VisitorLimitOptions } from './visitor-limits.js';
