/**
 * The sandbox's public face: what the demo server (`demo/shop/server/`), the bench and the tests that
 * start a whole sandbox use. Everything else under `demo/onramp-api/` is its inside; the pieces it
 * shares with the demo server live in `demo/http-common/`.
 */
export { ConfigError, intVar, loadConfig, publicUrlVar } from './config.js';
export type { AccountPurgeHook } from './db/accounts.js';
export type { SandboxKeys } from './domain/keys.js';
export type { GuestQuotas, GuestAccountsOptions, GuestWebhookReceiver } from './guest-accounts/options.js';
export type { GuestAccount, GuestAccountResult, GuestAccounts } from './guest-accounts/accounts.js';
export type { SharedStore, StartSandboxOptions } from './options.js';
export { startSandbox, type SandboxHandle } from './server.js';
