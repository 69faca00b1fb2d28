/**
 * The sandbox's public face: what the demo server (`demo/server/`), the bench and the tests that
 * start a whole sandbox use. Everything else under `demo/sandbox/` is its inside; the pieces it
 * shares with the demo server live in `demo/http-common/`.
 */
export { ConfigError, intVar, loadConfig, publicUrlVar } from './config.js';
export type { SandboxKeys } from './domain/keys.js';
export type { HostedQuotas, HostedSandboxOptions, HostedWebhookReceiver } from './hosted/options.js';
export type { VisitorAccount, VisitorAccountResult, VisitorAccounts } from './hosted/visitor-accounts.js';
export type { StartSandboxOptions } from './options.js';
export { startSandbox, type HostedStore, type SandboxHandle } from './server.js';
