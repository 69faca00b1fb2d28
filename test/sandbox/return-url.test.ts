/**
 * `return_url` (docs/design.md §10): https, http on loopback, or an app's own scheme with `//`;
 * never javascript:, data:, file:, blob:, vbscript:, about: or intent:. One list of cases
 * (support/return-url-cases.ts), and both readers of the rule checked on it: the contract's request
 * schema (what the OpenAPI document is generated from) and the API's answer. An allowed URL comes
 * back as the hosted checkout's way back, with the session's two parameters.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import { returnUrlWith } from '../../src/contract/return-params.js';
import { RETURN_URL_RULE, isAllowedReturnUrl } from '../../src/contract/write/return-url.js';
import { createSessionRequestSchema } from '../../src/contract/write/session-request.js';
import { createdSessionSchema } from '../../src/contract/write/session.js';
import { RETURN_URL_CASES } from './support/return-url-cases.js';
import { type TestSandbox, expectData, expectError, sessionBody, startTestSandbox } from './helpers.js';

let t: TestSandbox;
before(async () => {
  t = await startTestSandbox();
});
after(() => t.close());

const label = (url: string): string => JSON.stringify(url.length > 60 ? `${url.slice(0, 40)}…(${url.length})` : url);

/** The back link of a page of its own (pending: the only link out), entities decoded. */
const backLinkOf = (page: string): string | undefined =>
  /<a href="([^"]*)" data-back-link>/.exec(page)?.[1]?.replaceAll('&amp;', '&');

describe('return_url: the contract’s schema and the API keep one rule', () => {
  it('the list has both verdicts, every refused scheme and the length bound', () => {
    const urls = RETURN_URL_CASES.map((c) => c.url.toLowerCase());
    for (const scheme of ['javascript:', 'data:', 'file:', 'blob:', 'vbscript:', 'about:', 'intent:'])
      assert.ok(
        urls.some((url) => url.startsWith(scheme)),
        scheme,
      );
    assert.ok(RETURN_URL_CASES.some((c) => c.allowed && c.url.length === 2000));
    assert.ok(RETURN_URL_CASES.some((c) => !c.allowed && c.url.length === 2001));
  });

  for (const { url, allowed, why } of RETURN_URL_CASES) {
    it(`${label(url)}: ${allowed ? 'allowed' : 'refused'} (${why}), by the schema and by the API`, async () => {
      // The contract: the whole request, as the API parses it.
      const parsed = z.safeParse(createSessionRequestSchema, sessionBody({ return_url: url }));
      assert.equal(parsed.success, allowed, `the request schema on ${label(url)}`);
      // The predicate itself, on what the schema leaves of the value (white space trimmed).
      assert.equal(isAllowedReturnUrl(url.trim()), allowed, `isAllowedReturnUrl on ${label(url)}`);

      // The API.
      const reply = await t.call('POST', '/v1/onramp', { body: sessionBody({ return_url: url }) });
      if (!allowed) {
        expectError(reply, 400, 'VALIDATION_ERROR', 'return_url');
        const message = (reply.json as { error: { message: string } }).error.message;
        assert.equal(message, RETURN_URL_RULE);
        return;
      }
      const created = expectData(reply, createdSessionSchema, 201);
      // Echoed: the hosted checkout's back link is that URL with the session's two parameters.
      const page = await (await fetch(created.redirect_url)).text();
      assert.equal(backLinkOf(page), returnUrlWith(url, created.session_id, 'pending'));
    });
  }

  it('says what is allowed when it refuses', async () => {
    const reply = await t.call('POST', '/v1/onramp', { body: sessionBody({ return_url: 'javascript:alert(1)' }) });
    expectError(reply, 400, 'VALIDATION_ERROR', 'return_url');
    const message = (reply.json as { error: { message: string } }).error.message;
    for (const words of ['https', 'localhost', 'myapp://onramp/done', 'javascript:', 'intent:', '2000'])
      assert.ok(message.includes(words), `"${words}" in ${message}`);
  });
});
