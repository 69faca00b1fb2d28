/**
 * A sandbox with guest accounts, as the public demo runs it (docs/design.md "The public demo"), for
 * the hosted-*.test.ts suites: the demo's origin, its webhook receiver (recording what it is sent,
 * in-process), and guest accounts made each from an address of its own.
 */
import assert from 'node:assert/strict';
import {
  type GuestAccountsOptions,
  type StartSandboxOptions,
  type GuestAccount,
  startSandbox,
} from '../../../demo/onramp-api/index.js';
import { TEST_SANDBOX_BASE } from '../helpers.js';

/** The prefix every guest account's webhook endpoint must have: the demo's receiver. */
export const RECEIVER = 'https://shop.example/webhooks/';
/** The demo's own origin, the only one CORS answers. */
export const DEMO_ORIGIN = 'https://shop.example';

/** A request the demo's receiver was sent. */
export interface Received {
  url: string;
  host: string | null;
  signature: string | null;
  body: string;
}

/**
 * Starts a sandbox with guest accounts (they live a minute unless `guests` says otherwise) whose receiver records
 * every delivery in `received`; `visitor()` makes a visitor account in-process.
 */
export async function startHosted(guests: Partial<GuestAccountsOptions> = {}, options: StartSandboxOptions = {}) {
  const received: Received[] = [];
  const sandbox = await startSandbox({
    ...TEST_SANDBOX_BASE,
    corsOrigins: [DEMO_ORIGIN],
    merchantOrigins: [DEMO_ORIGIN],
    ...options,
    guests: {
      accountTtlMs: 60_000,
      webhookReceiver: {
        prefix: RECEIVER,
        fetch: async (request) => {
          received.push({
            url: request.url,
            host: request.headers.get('Host'),
            signature: request.headers.get('Onramp-Signature'),
            body: await request.text(),
          });
          return new Response('{"received":true}', { status: 200 });
        },
      },
      ...guests,
    },
  });
  let next = 0;
  // Each from an address of its own (new accounts are limited per address).
  const visitor = (address = `198.51.100.${(next += 1)}`): GuestAccount => {
    const made = sandbox.guests!.create(address);
    assert.ok(made.ok, 'a visitor account is made');
    return made.account;
  };
  return { sandbox, received, visitor };
}

/** A call from a client at `address`, as the demo's server (a trusted loopback proxy) forwards it. */
export const from = (address: string) => ({ 'X-Forwarded-For': address });
