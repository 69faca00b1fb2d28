/**
 * The return leg's parameters: what the hosted checkout adds to `return_url`, and what a merchant's
 * return page reads back with `readOnrampReturn` (exported by the package).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { returnUrlWith } from '../../src/contract/return-params.js';
import { readOnrampReturn } from '../../src/return.js';

describe('the return parameters', () => {
  it('are added to the merchant’s own query, which is kept, and replace earlier values', () => {
    const url = new URL(
      returnUrlWith('https://shop.example/orders?ref=42&onramp_status=pending#top', 'ors_abc', 'completed'),
    );
    assert.equal(url.origin + url.pathname, 'https://shop.example/orders');
    assert.equal(url.searchParams.get('ref'), '42');
    assert.equal(url.searchParams.get('onramp_session_id'), 'ors_abc');
    assert.deepEqual(url.searchParams.getAll('onramp_status'), ['completed']);
    assert.equal(url.hash, '#top');
  });

  it('read back as a session id and a status hint, from a URL, a path or a query', () => {
    const expected = { sessionId: 'ors_Q8x', statusHint: 'failed' };
    assert.deepEqual(
      readOnrampReturn('https://shop.example/?onramp_session_id=ors_Q8x&onramp_status=failed'),
      expected,
    );
    assert.deepEqual(readOnrampReturn('/demo/redirect?onramp_session_id=ors_Q8x&onramp_status=failed'), expected);
    assert.deepEqual(readOnrampReturn(new URLSearchParams('onramp_session_id=ors_Q8x&onramp_status=failed')), expected);
    assert.deepEqual(readOnrampReturn(new URL('https://shop.example/?onramp_session_id=ors_Q8x')), {
      sessionId: 'ors_Q8x',
      statusHint: null,
    });
  });

  it('give nothing for a first visit or a malformed id, and no hint for an unknown status', () => {
    assert.equal(readOnrampReturn('https://shop.example/'), null);
    assert.equal(readOnrampReturn('https://shop.example/?onramp_session_id=../../x'), null);
    assert.equal(readOnrampReturn('https://shop.example/?onramp_session_id=ors_%3Cscript%3E'), null);
    assert.deepEqual(readOnrampReturn('https://shop.example/?onramp_session_id=ors_1&onramp_status=refunded'), {
      sessionId: 'ors_1',
      statusHint: null,
    });
  });
});
