/**
 * Every module of the contract's written shapes in one namespace, for the two readers that need
 * them all: the OpenAPI document finds the named schemas (`./named.ts`) among these exports
 * (demo/onramp-api/openapi/schemas.ts), and `SchemaName` (`../operations.ts`) is read off their
 * types. Not a barrel for anyone else: import the module that holds what you need. A new module of
 * shapes is one more line here.
 */
export * from './api-key.js';
export * from './envelope.js';
export * from './fees.js';
export * from './primitives.js';
export * from './quote-request.js';
export * from './quote.js';
export * from './request-fields.js';
export * from './session-request.js';
export * from './session.js';
export * from './test-helpers.js';
export * from './transaction.js';
export * from './webhook.js';
