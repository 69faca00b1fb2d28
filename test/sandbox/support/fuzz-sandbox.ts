/**
 * The fuzz suites' sandbox and checks: a test sandbox with real objects in it (so generated requests
 * also hit the found-object paths) and its log captured; requests sent through node:http so paths
 * reach the server as written (`..`, `//`, raw Latin-1 bytes, no normalising), or as raw bytes on a
 * socket; and the property every answer must have.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { after, before } from 'node:test';
import * as z from 'zod/mini';
import { createdSessionSchema } from '../../../src/contract/write/session.js';
import { errorEnvelopeSchema } from '../../../src/contract/write/envelope.js';
import { OPENAPI_PATH } from '../../../demo/onramp-api/routes/openapi.js';
import { DocumentValidator } from '../../openapi/validator.js';
import { type TestSandbox, expectData, sessionBody, startTestSandbox } from '../helpers.js';

/** The sandbox being fuzzed (a live binding: set before the file's tests, by `useFuzzSandbox`). */
export let t: TestSandbox;
/** Every line the sandbox logged: an internal error shows up here. */
export const logged: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
/** Real objects, so generated requests also hit the found-object paths. */
export const real = { sessionId: '', clientSecret: '', transactionId: '', revokedKey: '' };

/** Starts the sandbox and makes the real objects before the calling file's tests; closes it after them. */
export function useFuzzSandbox(): void {
  before(async () => {
    t = await startTestSandbox({ log: (line) => logged.push(line) });
    const s = expectData(await t.call('POST', '/v1/onramp', { body: sessionBody() }), createdSessionSchema, 201);
    real.sessionId = s.session_id;
    real.clientSecret = s.client_secret;
    real.transactionId = (
      (await t.call('GET', `/v1/onramp?session_id=${s.session_id}`)).json as { data: { id: string } }
    ).data.id;
    const revoked = (await t.call('POST', '/v1/keys', { body: { name: 'revoked', environment: 'test' } })).json as {
      data: { id: string; key: string };
    };
    await t.call('DELETE', `/v1/keys/${revoked.data.id}`);
    real.revokedKey = revoked.data.key;
  });
  after(async () => {
    agent.destroy();
    await t.close();
  });
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** Sends one request through node:http and reads the whole answer. */
export function send(req: FuzzRequest): Promise<RawReply> {
  const url = new URL(t.sandbox.apiUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    const r = request(
      { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** Writes raw bytes to the API port and returns what comes back until the server closes. */
export function sendRaw(bytes: Buffer): Promise<string> {
  const url = new URL(t.sandbox.apiUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

/** A stack trace or a file path. */
export const STACK = /\n\s+at |\bat [^\s]+ \(|\.(ts|js|mjs|cjs):\d+|\/work\/|node_modules|file:\/\/|Error: /;

const documentValidator = new DocumentValidator();

/** `path` with its dot segments resolved (as the server's URL parser does), else as it is. */
function routedPath(path: string): string {
  try {
    const url = new URL(`http://sandbox.invalid${path}`);
    return url.pathname + url.search;
  } catch {
    return path;
  }
}

export function checkReply(req: FuzzRequest, reply: RawReply): void {
  const where = `${req.method} ${req.path.slice(0, 200)} -> ${reply.status} ${reply.body.slice(0, 300)}`;
  assert.ok(reply.status >= 200 && reply.status < 600, where);
  assert.notEqual(reply.status, 500, where);
  const requestId = reply.headers['request-id'];
  assert.ok(typeof requestId === 'string' && /^req_[A-Za-z0-9]+$/.test(requestId), `Request-Id missing: ${where}`);
  assert.doesNotMatch(reply.body, STACK, `stack trace or path in the body: ${where}`);
  assert.doesNotMatch(reply.body, /<html|<!doctype|<body/i, `HTML in the body: ${where}`);
  const type = String(reply.headers['content-type'] ?? '');
  assert.doesNotMatch(type, /html/i, where);
  // HEAD answers and CORS preflights (204) carry no body; everything else is a JSON envelope.
  if (req.method === 'HEAD' || reply.status === 204) {
    assert.equal(reply.body, '', where);
    return;
  }
  assert.match(type, /^application\/json/, where);
  const json: unknown = JSON.parse(reply.body);
  // The path as the server routes it: `.` and `..` segments resolved, as every URL parser does
  // (a generated `/v1/webhooks/./deliveries` is `/v1/webhooks/deliveries`, not `{id}` = ".").
  const problems = documentValidator.check(req.method, routedPath(req.path), reply.status, json);
  assert.equal(problems ?? null, null, `disagrees with the OpenAPI document: ${where}\n${problems?.join('\n')}`);
  // The OpenAPI document is the one answer that is not an envelope.
  if (reply.status === 200 && req.path.split('?')[0] === OPENAPI_PATH) {
    assert.equal((json as { openapi?: unknown }).openapi, '3.1.1', where);
    return;
  }
  if (reply.status >= 400) {
    const parsed = z.safeParse(errorEnvelopeSchema, json);
    assert.ok(parsed.success, `not the error envelope: ${where}`);
    assert.equal(parsed.data.error.request_id, requestId, where);
    assert.ok(parsed.data.error.message.length > 0, where);
  } else {
    assert.ok(reply.status < 300, where);
    const parsed = z.safeParse(z.object({ success: z.literal(true), data: z.unknown() }), json);
    assert.ok(parsed.success, `not a success envelope: ${where}`);
  }
}
