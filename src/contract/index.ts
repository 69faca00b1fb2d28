/** The API contract shared by the widget and the sandbox: catalogue, credentials, money, schemas. */
export * from './catalog.js';
export * from './credentials.js';
export * from './money.js';
export * from './schemas/primitives.js';
export * from './schemas/request-fields.js';
export * from './schemas/fees.js';
export * from './schemas/quote.js';
export * from './schemas/quote-request.js';
export * from './schemas/session.js';
export * from './schemas/session-request.js';
export * from './schemas/transaction.js';
export * from './schemas/api-key.js';
export * from './schemas/envelope.js';
export * from './schemas/test-helpers.js';
export * from './schemas/checkout-message.js';
export * from './schemas/webhook.js';
