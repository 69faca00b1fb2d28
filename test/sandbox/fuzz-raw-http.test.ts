/**
 * Fuzzing below HTTP (what the app never sees): raw bytes on the API port (unparsable request lines,
 * unreadable targets, oversized or malformed headers, conflicting framing, garbage) are answered with
 * the JSON error envelope and a `Request-Id`, never a 500 or a stack trace.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { errorEnvelopeSchema } from '../../src/contract/write/envelope.js';
import { STACK, logged, sendRaw, useFuzzSandbox } from './support/fuzz-sandbox.js';

useFuzzSandbox();

describe('fuzzing below HTTP (what the app never sees)', () => {
  it('answers unparsable requests, unreadable targets and oversized headers with the envelope and a Request-Id', async () => {
    logged.length = 0;
    const lineEnd = fc.constantFrom('\r\n', '\n');
    const rawRequest = fc.oneof(
      // A generated request line: any method token, any bytes as the target, any version.
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'FOO', 'G E T', ''),
          fc.oneof(
            fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
            fc.constantFrom(
              '*',
              '/v1/\u00e9',
              '/v1/keys',
              'http://evil.example/v1/keys',
              '//',
              '/%',
              '/v1/onramp?session_id=\u00ff',
            ),
          ),
          fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 extra', ''),
          lineEnd,
        )
        .map(([m, target, version, nl]) =>
          Buffer.from(`${m} ${target} ${version}${nl}Host: x${nl}Connection: close${nl}${nl}`, 'latin1'),
        ),
      // Headers over the limit, or malformed ones.
      fc
        .tuple(fc.integer({ min: 17_000, max: 40_000 }), fc.constantFrom('X-API-Key', 'X-Junk', 'Idempotency-Key'))
        .map(([n, name]) =>
          Buffer.from(`GET /v1/keys HTTP/1.1\r\nHost: x\r\n${name}: ${'a'.repeat(n)}\r\nConnection: close\r\n\r\n`),
        ),
      fc
        .uint8Array({ minLength: 1, maxLength: 30 })
        .map((b) =>
          Buffer.concat([
            Buffer.from('GET /v1/keys HTTP/1.1\r\nHost: x\r\nX-API-Key: '),
            Buffer.from(b),
            Buffer.from('\r\nConnection: close\r\n\r\n'),
          ]),
        ),
      // Conflicting framing, and plain garbage.
      fc.constant(
        Buffer.from(
          'POST /v1/onramp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nhello',
        ),
      ),
      fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .map((b) => Buffer.concat([Buffer.from(b), Buffer.from('\r\n\r\n')])),
    );
    await fc.assert(
      fc.asyncProperty(rawRequest, async (bytes) => {
        const answer = await sendRaw(bytes);
        const where = `${JSON.stringify(bytes.toString('latin1').slice(0, 120))} -> ${answer.slice(0, 300)}`;
        if (answer === '') return; // The server may close a connection that never formed a request.
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        assert.ok(status >= 200 && status < 600 && status !== 500, where);
        assert.match(head, /\r\nrequest-id: req_[A-Za-z0-9]+\r\n/i, where);
        assert.match(head, /\r\ncontent-type: application\/json/i, where);
        assert.doesNotMatch(body, STACK, where);
        const chunked = /transfer-encoding: chunked/i.test(head);
        const json = chunked ? body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n$|\r\n$/gi, '') : body;
        const parsed: unknown = JSON.parse(Buffer.from(json, 'latin1').toString('utf8'));
        if (status >= 400) assert.ok(z.safeParse(errorEnvelopeSchema, parsed).success, where);
      }),
      { numRuns: 60 },
    );
    assert.deepEqual(logged, [], 'no internal error was logged');
  });
});
