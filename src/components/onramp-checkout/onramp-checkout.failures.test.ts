/**
 * When reads fail: backoff on 5xx and network errors, `Retry-After` obeyed, a first 401, malformed
 * answers retried, and the poller stopped on removal (one poller after React StrictMode's remount).
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import {
  API,
  CHECKOUT,
  MIN,
  hanging,
  flush,
  part,
  text,
  checkoutMessage,
  post,
  mount,
  clickPay,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout>', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

  describe('polling failures', () => {
    it('backs off on 5xx (exponential, jittered), reports a recoverable error, recovers', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0); // the lower bound of the jitter: half the step
      const el = await mount();
      h.api.nextGets.push(
        () => h.api.error(503, 'INTERNAL_ERROR'),
        () => h.api.error(500, 'INTERNAL_ERROR'),
        () => h.api.error(502, 'INTERNAL_ERROR'),
      );
      await advance(3000, el); // poll 2: 503 -> wait 500
      expect(h.api.gets).to.have.length(2);
      expect(el.status).to.equal('pending');
      expect(text(part(el, 'error'))).to.contain('not answering');
      await advance(499, el);
      expect(h.api.gets).to.have.length(2);
      await advance(1, el); // poll 3: 500 -> wait 1000
      expect(h.api.gets).to.have.length(3);
      await advance(999, el);
      expect(h.api.gets).to.have.length(3);
      await advance(1, el); // poll 4: 502 -> wait 2000
      expect(h.api.gets).to.have.length(4);
      await advance(1999, el);
      expect(h.api.gets).to.have.length(4);
      await advance(1, el); // poll 5: ok -> the idle wait goes on growing: 15 s
      expect(h.api.gets).to.have.length(5);
      expect(part(el, 'error')).to.equal(null);
      await advance(15_000, el);
      expect(h.api.gets).to.have.length(6);
      const errors = h.events.of('onramp-error');
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR']);
      expect(errors.every((e) => e.detail.recoverable)).to.equal(true);
      expect(errors[0]!.detail.requestId).to.equal('req_body_503');
    });

    it('backs off on network errors too', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      const el = await mount();
      h.api.nextGets.push(() => Promise.reject(new TypeError('Failed to fetch')));
      await advance(3000, el);
      expect(h.events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['NETWORK_ERROR']);
      await advance(499, el);
      expect(h.api.gets).to.have.length(2);
      await advance(1, el);
      expect(h.api.gets).to.have.length(3);
    });

    it('obeys Retry-After on 429, even when the checkout asks for a poll meanwhile', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector('iframe')!;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow); // a hint: polls at once
      await flush(el);
      expect(h.api.gets).to.have.length(2);
      h.api.nextGets.push(() => h.api.error(429, 'RATE_LIMITED', { 'Retry-After': '20' }));
      await advance(2000, el); // the checkout is open: a read every 2 s
      expect(h.api.gets).to.have.length(3);
      expect(h.events.of('onramp-error').map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([
        ['RATE_LIMITED', true],
      ]);
      await advance(10_000, el);
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(h.api.gets).to.have.length(3);
      await advance(9_999, el);
      expect(h.api.gets).to.have.length(3);
      await advance(1, el);
      expect(h.api.gets).to.have.length(4);
    });

    it('obeys Retry-After given as an HTTP date (server clock)', async () => {
      fakeTime(10 * MIN);
      const el = await mount();
      h.api.nextGets.push(() =>
        h.api.error(429, 'RATE_LIMITED', { 'Retry-After': new Date(h.api.serverNow() + 15_000).toUTCString() }),
      );
      await advance(3000, el);
      expect(h.api.gets).to.have.length(2);
      await advance(14_000, el);
      expect(h.api.gets).to.have.length(2);
      await advance(1000, el);
      expect(h.api.gets).to.have.length(3);
    });

    for (const status of ['completed', 'failed', 'expired'] as const) {
      it(`stops for good at ${status}`, async () => {
        fakeTime();
        const el = await mount();
        h.api.status = status === 'completed' ? 'processing' : 'pending';
        await advance(3000, el);
        h.api.status = status;
        await advance(15_000, el);
        expect(el.status).to.equal(status);
        const count = h.api.gets.length;
        await advance(5 * MIN, el);
        expect(h.api.gets.length).to.equal(count);
        expect(h.clock!.countTimers()).to.equal(0);
      });
    }

    for (const [status, code, errorCode] of [
      [401, 'INVALID_API_KEY', 'UNAUTHORIZED'],
      [403, 'INSUFFICIENT_PERMISSIONS', 'FORBIDDEN'],
      [404, 'NOT_FOUND', 'SESSION_NOT_FOUND'],
    ] as const) {
      it(`stops for good on ${status}, with a fatal ${errorCode}`, async () => {
        fakeTime();
        const el = await mount();
        h.api.nextGets.push(() => h.api.error(status, code));
        await advance(3000, el);
        expect(el.status).to.equal('error');
        expect(el.getAttribute('status')).to.equal('error');
        const errors = h.events.of('onramp-error');
        expect(errors).to.have.length(1);
        expect(errors[0]!.detail).to.include({
          code: errorCode,
          recoverable: false,
          requestId: `req_body_${status}`,
        });
        // The merchant's diagnosis beside the buyer's message: the API asked, and what to change.
        expect(errors[0]!.detail.cause).to.contain(new URL(API).origin);
        expect(errors[0]!.detail.fix).to.be.a('string').and.not.equal('');
        expect(text(part(el, 'error'))).to.contain(errors[0]!.detail.message);
        expect(text(part(el, 'error'))).to.contain(`req_body_${status}`);
        expect(part(el, 'quote')).to.equal(null);
        await advance(5 * MIN, el);
        expect(h.api.gets).to.have.length(2);
      });
    }

    it('a first answer of 401 leaves the loading state for error', async () => {
      fakeTime();
      h.api.nextGets.push(() => h.api.error(401, 'INVALID_API_KEY'));
      const el = await mount();
      expect(el.status).to.equal('error');
      expect(h.events.of('onramp-status-change').map((e) => [e.detail.previousStatus, e.detail.status])).to.deep.equal([
        ['loading', 'error'],
      ]);
      expect(h.events.of('onramp-ready')).to.have.length(0);
    });

    it('a malformed answer is a recoverable error, retried', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      h.api.nextGets.push(() => h.api.respond(200, { success: true, data: { session_id: 42 } }));
      const el = await mount();
      expect(el.status).to.equal('loading');
      expect(h.events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['MALFORMED_RESPONSE']);
      expect(text(part(el, 'error'))).to.contain('not answering');
      await advance(500, el);
      expect(el.status).to.equal('pending');
    });

    it('stops when removed, cancelling the request in flight', async () => {
      fakeTime();
      const el = await mount();
      const slow = hanging();
      h.api.nextGets.push(slow.handler);
      await advance(3000, el);
      expect(h.api.gets).to.have.length(2);
      el.remove();
      expect(slow.signal()?.aborted).to.equal(true);
      await advance(5 * MIN);
      expect(h.api.gets).to.have.length(2);
      expect(h.clock!.countTimers()).to.equal(0);
    });

    it('removed and re-added (React StrictMode) leaves one poller', async () => {
      fakeTime();
      const el = await mount();
      const parent = el.parentElement!;
      el.remove();
      parent.append(el);
      el.remove();
      parent.append(el);
      await flush(el);
      const start = h.api.gets.length;
      await advance(30_000, el);
      expect(h.api.gets.length - start).to.equal(2); // after 3 and 18 s (two pollers: 4)
      expect(el.status).to.equal('pending');
    });
  });
});
