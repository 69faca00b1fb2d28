/**
 * What the `ApiClient` suites (`api-client.*.test.ts`) share: the credentials, a status view the
 * server would send, real `Response`s with server-clock `Date` headers, and a fresh client on a
 * stubbed fetch. Not a test file: the test runner runs `*.test.ts` only.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ApiClient, ApiRequestError } from './api-client.js';
import { ServerClock } from './server-clock.js';

export const PK = 'onramp_test_pk_abcdefghijklmnop1234';
export const SECRET = 'ors_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678';
export const SESSION_ID = 'ors_abcdefghijklmnop1234';
/** The server's time in every answer's `Date` header. */
export const SERVER = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A pending session as `GET /v1/onramp` returns it. */
export const statusView = {
  id: 'txn_abcdefghijklmnop1234',
  session_id: SESSION_ID,
  status: 'pending',
  wallet_address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  crypto_currency: 'ETH',
  crypto_amount: '0.030793650793650793',
  fiat_currency: 'USD',
  fiat_amount: 10000,
  network: 'ethereum',
  fees: { platform_fee: 1.5, network_fee: 1, processing_fee: 0.5 },
  metadata: {},
  created_at: '2025-01-15T12:00:00.000Z',
};

/** A real `Response` with JSON content, the server clock in `Date` and a `Request-Id` header. */
export function respond(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      Date: new Date(SERVER).toUTCString(),
      'Request-Id': 'req_header',
      ...headers,
    },
  });
}

/** An error body in the spec's envelope. */
export const errorBody = (code: string, message = 'nope') => ({
  success: false,
  error: { code, message, request_id: 'req_body' },
});

/** The `ApiRequestError` the promise rejects with; fails the test if it resolves or rejects otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiRequestError);
    return error as ApiRequestError;
  }
  throw new Error('expected a rejection');
}

/** The stubbed `fetch` a test client sends through. */
export type FetchStub = sinon.SinonStub<Parameters<typeof fetch>, ReturnType<typeof fetch>>;

/** A fresh client on a stubbed fetch and its own server clock, as each test starts with. */
export function newApiClient(): { fetchStub: FetchStub; serverClock: ServerClock; client: ApiClient } {
  const fetchStub = sinon.stub<Parameters<typeof fetch>, ReturnType<typeof fetch>>();
  const serverClock = new ServerClock();
  const client = new ApiClient({
    apiBase: 'https://api.example.test/',
    publishableKey: PK,
    clientSecret: SECRET,
    clock: serverClock,
    fetch: fetchStub,
  });
  return { fetchStub, serverClock, client };
}
