/**
 * The OpenAPI document as a merchant's `@hey-api/openapi-ts` client uses it (issue #33; the
 * `openapi-typescript` + `openapi-fetch` client is `openapi-clients.test.ts`): hey-api 0.95 reads the
 * document a sandbox serves (`GET /v1/openapi.json`) and writes its fetch client, an SDK function per
 * operation and zod schemas that validate every request and answer at run time. A file calling every
 * operation through the SDK must compile under `tsc --strict` (query numbers as numbers: `page: 2`,
 * `limit: 10`); those calls, run against a real sandbox through `prism proxy --errors`, must meet no
 * violation of the document in either direction and no refusal by the zod validators, which must
 * themselves be live (`page: '2'` is refused before it is sent). Loopback only; nothing is installed.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createClient as generateClient } from '@hey-api/openapi-ts';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { compileProject, documentProject, startPrism, type DocumentProject } from './support/generated-clients.js';

/**
 * What every call reports: the operation it made, the answer's status and violations header, whether
 * its zod validators ran and accepted the request and the answer, and its error if it failed.
 */
interface CallRecord {
  operationId: string;
  status: number;
  violations: string | null;
  validated: boolean;
  error: string | null;
}

/**
 * The merchant's file: one call per operation through the generated SDK (`client/index.js`) and
 * fetch client (`client/client/index.js`), no cast, no `any`, in an order where each call has what it
 * needs. A request interceptor runs after the zod request validator, so a request seen there passed
 * it and carries the response validator too; a call that then resolves with data passed the
 * response validator (a refusal by either rejects the call).
 */
const CALLS = `import { createClient, createConfig, type ResolvedRequestOptions } from './client/client/index.js';
import {
  advanceTestSession,
  createApiKey,
  createQuote,
  createSession,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listApiKeys,
  listTransactions,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retrieveSession,
  retrieveTransaction,
  revokeApiKey,
} from './client/index.js';

export interface CallRecord {
  operationId: string;
  status: number;
  violations: string | null;
  validated: boolean;
  error: string | null;
}

export async function callEveryOperation(
  baseUrl: string,
  keys: { secret: string; publishable: string },
): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  const validatedRequests = new WeakSet<Request>();
  const markValidated = (request: Request, options: ResolvedRequestOptions): Request => {
    if (options.requestValidator && options.responseValidator) validatedRequests.add(request);
    return request;
  };
  const record = (
    operationId: string,
    result: { data?: unknown; error?: unknown; request: Request; response: Response },
  ): void => {
    records.push({
      operationId,
      status: result.response.status,
      violations: result.response.headers.get('sl-violations'),
      validated: validatedRequests.has(result.request) && result.data !== undefined,
      error: result.error === undefined ? null : JSON.stringify(result.error),
    });
  };
  const client = createClient(createConfig({ baseUrl, auth: () => keys.secret }));
  const browser = createClient(createConfig({ baseUrl, auth: () => keys.publishable }));
  client.interceptors.request.use(markValidated);
  browser.interceptors.request.use(markValidated);

  const quote = await createQuote({
    client: browser,
    body: { fiat_amount: 10_000, fiat_currency: 'USD', crypto_currency: 'ETH', network: 'base' },
  });
  record('createQuote', quote);
  const crypto: string | undefined = quote.data?.data.crypto_amount;

  const created = await createSession({
    client,
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
  record('createSession', created);
  if (!created.data) throw new Error('no session: ' + JSON.stringify(created.error));
  const { session_id, client_secret } = created.data.data;

  const retrieved = await retrieveSession({
    client: browser,
    query: { session_id },
    headers: { 'X-Client-Secret': client_secret },
  });
  record('retrieveSession', retrieved);
  const redirect: string | undefined = retrieved.data?.data.redirect_url;

  const advanced = await advanceTestSession({ client, body: { session_id, to: 'processing' } });
  record('advanceTestSession', advanced);
  const status: 'pending' | 'processing' | 'completed' | 'failed' | 'expired' | undefined = advanced.data?.data.status;

  const firstPage = await listTransactions({
    client,
    query: { page: 1, limit: 10, status: 'processing', crypto_currency: 'USDC', from: '2020-01-01' },
  });
  record('listTransactions', firstPage);
  const secondPage = await listTransactions({ client, query: { page: 2, limit: 10 } });
  record('listTransactions', secondPage);
  const total: number | undefined = secondPage.data?.data.pagination.total;
  const transactionId = firstPage.data?.data.transactions[0]?.id;
  if (transactionId === undefined) throw new Error('no transaction listed');

  const transaction = await retrieveTransaction({ client, path: { id: transactionId } });
  record('retrieveTransaction', transaction);
  const cents: number | undefined = transaction.data?.data.fees.platform_fee;

  const key = await createApiKey({
    client,
    body: { name: 'Reporting', environment: 'test', permissions: ['transactions:read'], type: 'secret' },
  });
  record('createApiKey', key);
  if (!key.data) throw new Error('no key: ' + JSON.stringify(key.error));
  record('listApiKeys', await listApiKeys({ client }));
  record('revokeApiKey', await revokeApiKey({ client, path: { id: key.data.data.id } }));

  const endpoint = await createWebhookEndpoint({
    client,
    body: { url: 'https://shop.example/hooks/onramp', events: ['onramp.session.completed', '*'] },
  });
  record('createWebhookEndpoint', endpoint);
  if (!endpoint.data) throw new Error('no endpoint: ' + JSON.stringify(endpoint.error));
  const endpointId = endpoint.data.data.id;
  const secret: string = endpoint.data.data.secret;
  record('listWebhookEndpoints', await listWebhookEndpoints({ client }));
  record('listWebhookDeliveries', await listWebhookDeliveries({ client, path: { id: endpointId }, query: { limit: 10 } }));
  const deleted = await deleteWebhookEndpoint({ client, path: { id: endpointId } });
  record('deleteWebhookEndpoint', deleted);
  const gone: true | undefined = deleted.data?.data.deleted;

  // Typed reads of the answers, so the compiler checks the generated answer types too.
  void [crypto, redirect, status, total, cents, secret, gone];
  return records;
}
`;

/**
 * hey-api's project: `--strict` (as `openapi-clients.test.ts` has it, also `noUncheckedIndexedAccess`), but without `exactOptionalPropertyTypes` (hey-api 0.95's
 * own fetch client, copied into `client/client/` and `client/core/`, does not compile under it; the
 * files made from the document do) and with `dom.iterable`, which that client needs.
 * `skipLibCheck` spares checking zod's declarations, not the generated code.
 */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
    skipLibCheck: true,
    noUncheckedIndexedAccess: true,
  },
  files: ['calls.ts'],
};

describe('the @hey-api/openapi-ts client generated from the OpenAPI document', { timeout: 90_000 }, () => {
  let sandbox: SandboxHandle;
  let dir: string;
  let operationIds: string[];
  let prism: ChildProcess | undefined;
  let project: DocumentProject | undefined;

  before(async () => {
    project = await documentProject('openapi-clients-hey-api-');
    ({ sandbox, dir, operationIds } = project);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(dir, 'calls.ts'), CALLS);
    // hey-api reads the served document itself; the project's tsconfig (nodenext) makes it write `.js` imports.
    await generateClient({
      input: `${sandbox.apiUrl}/v1/openapi.json`,
      output: { path: join(dir, 'client'), tsConfigPath: join(dir, 'tsconfig.json') },
      logs: { level: 'silent', file: false },
      plugins: [
        '@hey-api/client-fetch',
        '@hey-api/typescript',
        'zod',
        { name: '@hey-api/sdk', validator: { request: 'zod', response: 'zod' } },
      ],
    });
  });

  after(async () => {
    prism?.kill();
    await project?.close();
  });

  it('the SDK (fetch client, zod) compiles a call of every operation under tsc --strict', async () => {
    await compileProject(dir);
  });

  it('the SDK calls every operation through prism proxy --errors, zod accepting each request and answer', async () => {
    const started = await startPrism(join(dir, 'openapi.json'), sandbox.apiUrl);
    prism = started.process;
    const calls = (await import(pathToFileURL(join(dir, 'calls.ts')).href)) as {
      callEveryOperation(baseUrl: string, keys: { secret: string; publishable: string }): Promise<CallRecord[]>;
    };
    assert.ok(sandbox.keys, 'a fresh sandbox returns its keys');
    const records = await calls.callEveryOperation(started.url, sandbox.keys.test);
    for (const { operationId, status, violations, validated, error } of records) {
      assert.equal(violations, null, `${operationId}: prism reports ${violations}`);
      assert.equal(error, null, `${operationId} answered ${status}: ${error}`);
      assert.ok(status >= 200 && status < 300, `${operationId} answered ${status}`);
      assert.ok(validated, `${operationId}: the zod validators did not both run and accept`);
    }
    assert.deepEqual(new Set(records.map((entry) => entry.operationId)), new Set(operationIds));
  });

  it("the SDK's zod validators are live: `page: '2'` is refused unsent, an answer with a string page refused", async () => {
    const sdk = (await import(pathToFileURL(join(dir, 'client/index.ts')).href)) as {
      listTransactions(options: { client: unknown; query: Record<string, unknown> }): Promise<unknown>;
    };
    const { createClient, createConfig } = (await import(pathToFileURL(join(dir, 'client/client/index.ts')).href)) as {
      createClient(config: unknown): unknown;
      createConfig(config: object): unknown;
    };
    assert.ok(sandbox.keys, 'a fresh sandbox returns its keys');
    const secret = sandbox.keys.test.secret;
    let sent = 0;
    const counting = createClient(
      createConfig({
        baseUrl: sandbox.apiUrl,
        auth: () => secret,
        fetch: (request: Request) => (sent++, fetch(request)),
      }),
    );
    await assert.rejects(sdk.listTransactions({ client: counting, query: { page: '2', limit: 10 } }), {
      name: 'ZodError',
    });
    assert.equal(sent, 0, 'a refused request is not sent');
    const tampering = createClient(
      createConfig({
        baseUrl: sandbox.apiUrl,
        auth: () => secret,
        fetch: async (request: Request) => {
          const answer = (await (await fetch(request)).json()) as { data: { pagination: { page: unknown } } };
          answer.data.pagination.page = String(answer.data.pagination.page);
          return Response.json(answer);
        },
      }),
    );
    await assert.rejects(sdk.listTransactions({ client: tampering, query: { page: 2, limit: 10 } }), {
      name: 'ZodError',
    });
  });
});
