/**
 * The OpenAPI document as a merchant's generated client uses it: `openapi-typescript` turns the
 * document a sandbox serves (`GET /v1/openapi.json`) into types, a file calling every operation
 * through `openapi-fetch` must compile under `tsc --strict` (query numbers as numbers: `page: 2`,
 * `limit: 10`), and those calls, run against a real sandbox through `prism proxy --errors`, must
 * meet no violation of the document in either direction (a request or an answer that breaks it is
 * refused by the proxy). Loopback only; nothing is installed.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { compileProject, documentProject, startPrism, type DocumentProject } from './support/generated-clients.js';

/** What every call reports: the operation it made and the answer's status and violations header. */
interface CallRecord {
  operationId: string;
  status: number;
  violations: string | null;
}

/**
 * The merchant's file: one call per operation of the document, written against the generated
 * `paths` only (no cast, no `any`), in an order where each call has what it needs.
 */
const CALLS = `import createClient from 'openapi-fetch';
import type { paths } from './openapi.js';

export interface CallRecord {
  operationId: string;
  status: number;
  violations: string | null;
}

export async function callEveryOperation(
  baseUrl: string,
  keys: { secret: string; publishable: string },
): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  const record = (operationId: string, response: Response): void => {
    records.push({ operationId, status: response.status, violations: response.headers.get('sl-violations') });
  };
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': keys.secret } });
  const browser = createClient<paths>({ baseUrl, headers: { 'X-API-Key': keys.publishable } });

  const quote = await browser.POST('/v1/onramp/quote', {
    body: { fiat_amount: 10_000, fiat_currency: 'USD', crypto_currency: 'ETH', network: 'base' },
  });
  record('createQuote', quote.response);
  const crypto: string | undefined = quote.data?.data.crypto_amount;

  const created = await client.POST('/v1/onramp', {
    body: {
      wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      crypto_currency: 'USDC',
      fiat_amount: 25_000,
      fiat_currency: 'EUR',
      network: 'polygon',
      customer_email: 'buyer@example.com',
      metadata: { order_id: 'order_1042', items: 2, gift: false, note: null },
      return_url: 'https://shop.example/orders/1042',
    },
  });
  record('createSession', created.response);
  if (!created.data) throw new Error('no session: ' + JSON.stringify(created.error));
  const { session_id, client_secret } = created.data.data;

  const retrieved = await browser.GET('/v1/onramp', {
    params: { query: { session_id }, header: { 'X-Client-Secret': client_secret } },
  });
  record('retrieveSession', retrieved.response);
  const redirect: string | undefined = retrieved.data?.data.redirect_url;

  const advanced = await client.POST('/v1/test_helpers/onramp/advance', { body: { session_id, to: 'processing' } });
  record('advanceTestSession', advanced.response);
  const status: 'pending' | 'processing' | 'completed' | 'failed' | 'expired' | undefined = advanced.data?.data.status;

  const firstPage = await client.GET('/v1/transactions', {
    params: { query: { page: 1, limit: 10, status: 'processing', crypto_currency: 'USDC', from: '2020-01-01' } },
  });
  record('listTransactions', firstPage.response);
  const secondPage = await client.GET('/v1/transactions', { params: { query: { page: 2, limit: 10 } } });
  record('listTransactions', secondPage.response);
  const total: number | undefined = secondPage.data?.data.pagination.total;
  const transactionId = firstPage.data?.data.transactions[0]?.id;
  if (transactionId === undefined) throw new Error('no transaction listed');

  const transaction = await client.GET('/v1/transactions/{id}', { params: { path: { id: transactionId } } });
  record('retrieveTransaction', transaction.response);
  const cents: number | undefined = transaction.data?.data.fees.platform_fee;

  const key = await client.POST('/v1/keys', {
    body: { name: 'Reporting', environment: 'test', permissions: ['transactions:read'], type: 'secret' },
  });
  record('createApiKey', key.response);
  if (!key.data) throw new Error('no key: ' + JSON.stringify(key.error));
  const keyList = await client.GET('/v1/keys');
  record('listApiKeys', keyList.response);
  const revoked = await client.DELETE('/v1/keys/{id}', { params: { path: { id: key.data.data.id } } });
  record('revokeApiKey', revoked.response);

  const endpoint = await client.POST('/v1/webhooks', {
    body: { url: 'https://shop.example/hooks/onramp', events: ['onramp.session.completed', '*'] },
  });
  record('createWebhookEndpoint', endpoint.response);
  if (!endpoint.data) throw new Error('no endpoint: ' + JSON.stringify(endpoint.error));
  const endpointId = endpoint.data.data.id;
  const secret: string = endpoint.data.data.secret;
  const endpoints = await client.GET('/v1/webhooks');
  record('listWebhookEndpoints', endpoints.response);
  const deliveries = await client.GET('/v1/webhooks/{id}/deliveries', {
    params: { path: { id: endpointId }, query: { limit: 10 } },
  });
  record('listWebhookDeliveries', deliveries.response);
  const deleted = await client.DELETE('/v1/webhooks/{id}', { params: { path: { id: endpointId } } });
  record('deleteWebhookEndpoint', deleted.response);
  const gone: true | undefined = deleted.data?.data.deleted;

  // Typed reads of the answers, so the compiler checks the generated answer types too.
  void [crypto, redirect, status, total, cents, secret, gone];
  return records;
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: false,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
  },
  files: ['calls.ts'],
};

describe('clients generated from the OpenAPI document', { timeout: 90_000 }, () => {
  let sandbox: SandboxHandle;
  let dir: string;
  let operationIds: string[];
  let prism: ChildProcess | undefined;
  let project: DocumentProject | undefined;

  before(async () => {
    project = await documentProject('openapi-clients-');
    ({ sandbox, dir, operationIds } = project);
    const { document } = project;
    writeFileSync(join(dir, 'openapi.d.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(join(dir, 'calls.ts'), CALLS);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  });

  after(async () => {
    prism?.kill();
    await project?.close();
  });

  it('openapi-typescript types compile a call of every operation under tsc --strict', async () => {
    await compileProject(dir);
  });

  it('openapi-fetch calls every operation through prism proxy --errors with no violation', async () => {
    const started = await startPrism(join(dir, 'openapi.json'), sandbox.apiUrl);
    prism = started.process;
    const calls = (await import(pathToFileURL(join(dir, 'calls.ts')).href)) as {
      callEveryOperation(baseUrl: string, keys: { secret: string; publishable: string }): Promise<CallRecord[]>;
    };
    assert.ok(sandbox.keys, 'a fresh sandbox returns its keys');
    const records = await calls.callEveryOperation(started.url, sandbox.keys.test);
    for (const { operationId, status, violations } of records) {
      assert.equal(violations, null, `${operationId}: prism reports ${violations}`);
      assert.ok(status >= 200 && status < 300, `${operationId} answered ${status}`);
    }
    assert.deepEqual(new Set(records.map((entry) => entry.operationId)), new Set(operationIds));
  });
});
