import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import { defineOnrampCheckout, TAG_NAME } from '../../define.js';
import { OnrampCheckout } from './onramp-checkout.js';
import type { SessionStatus } from '../../contract/catalog.js';
import { createdSession } from '../../../test/support/fake-onramp-api.js';
import { PK_TEST, PK_LIVE, SESSION_ID, SECRET, API, CHECKOUT, WALLET, TX_HASH, T0, MIN, FAKED, iso, FakeApi, hanging, recordEvents, flush, part, text, fakePopup, checkoutMessage, post, mount, navigateStub, clickPaySync, clickPay } from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout>', () => {
  let api: FakeApi;
  let fetchStub: sinon.SinonStub;
  let events: ReturnType<typeof recordEvents>;
  let clock: sinon.SinonFakeTimers | null;

  /** Fakes time; device clock = server clock - skew. */
  function fakeTime(skewMs = 0): sinon.SinonFakeTimers {
    api.skewMs = skewMs;
    clock = sinon.useFakeTimers({ now: T0 - skewMs, toFake: FAKED });
    return clock;
  }

  async function advance(ms: number, el?: OnrampCheckout): Promise<void> {
    await clock!.tickAsync(ms);
    await flush(el);
  }

  beforeEach(() => {
    api = new FakeApi();
    fetchStub = sinon.stub(window, 'fetch').callsFake(api.fetch);
    events = recordEvents();
    clock = null;
  });

  afterEach(() => {
    fixtureCleanup();
    events.stop();
    clock?.restore();
    sinon.restore();
    delete (document as { hidden?: boolean }).hidden;
    delete (navigator as { onLine?: boolean }).onLine;
  });

  describe('the order', () => {
    it('fetches the session from the client secret alone and shows the whole order', async () => {
      fakeTime();
      const el = await mount();
      expect(api.gets).to.have.length(1);
      const request = api.gets[0]!;
      expect(request.url.href).to.equal(`${API}/v1/onramp?session_id=${SESSION_ID}`);
      expect(request.headers).to.include({ 'X-API-Key': PK_TEST, 'X-Client-Secret': SECRET });

      expect(el.status).to.equal('pending');
      expect(el.getAttribute('status')).to.equal('pending');
      expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
      expect(text(part(el, 'rate'))).to.contain('1 ETH = $3,150.42');
      const fees = text(part(el, 'fees'));
      expect(fees).to.contain('Platform fee $1.50');
      expect(fees).to.contain('Network fee $2.50');
      expect(fees).to.contain('Processing fee $3.20');
      expect(fees).to.contain('Total fees $7.20');
      const quote = text(part(el, 'quote'));
      expect(quote).to.contain('You pay $100.00');
      expect(quote).to.contain('Network Ethereum');
      expect(quote).to.contain('0x71C7…976F');
      expect(quote).not.to.contain(WALLET);
      expect(text(part(el, 'pay-button'))).to.equal('Pay $100.00');
      expect(text(el.shadowRoot!.querySelector('h2'))).to.equal('Buy ETH');
    });

    it('renders the `session` property at once, with no request before that render', async () => {
      fakeTime();
      let renderedBeforeFirstRequest: boolean | null = null;
      fetchStub.callsFake((input: RequestInfo | URL, init?: RequestInit) => {
        const el = document.querySelector('onramp-checkout');
        renderedBeforeFirstRequest ??= Boolean(el?.shadowRoot?.querySelector('[part~="crypto-amount"]'));
        return api.fetch(input, init);
      });
      const session = { ...createdSession(), redirect_url: api.redirectUrl };
      const el = await fixture<OnrampCheckout>(html`<onramp-checkout
        publishable-key=${PK_TEST}
        client-secret=${SECRET}
        api-base=${API}
        checkout-origin=${CHECKOUT}
        locale="en-US"
        .session=${session}
      ></onramp-checkout>`);
      expect(el.status).to.equal('pending');
      expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
      expect(text(part(el, 'rate'))).to.contain('1 ETH = $3,150.42');
      expect(text(part(el, 'fees'))).to.contain('Total fees $7.20');
      expect(text(part(el, 'quote'))).to.contain('0x71C7…976F');
      expect(text(part(el, 'quote-countdown'))).to.contain('05:00');
      expect(events.of('onramp-ready')).to.have.length(1);
      await flush(el);
      // Polling starts only after that first render.
      expect(renderedBeforeFirstRequest).to.equal(true);
      expect(api.gets).to.have.length(1);
    });

    it('ignores a `session` property for another session', async () => {
      fakeTime();
      const other = { session_id: 'ors_zzzzzzzzzzzzzzzzzzzz', client_secret: 'x', redirect_url: api.redirectUrl, expires_at: iso(T0), estimated_crypto_amount: '1', fees: { platform_fee: 1, network_fee: 1, processing_fee: 1, total_fee: 3 }, exchange_rate: 1, quote_expires_at: iso(T0) };
      api.nextGets.push(hanging().handler);
      const el = await fixture<OnrampCheckout>(html`<onramp-checkout publishable-key=${PK_TEST} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT} .session=${other}></onramp-checkout>`);
      expect(el.status).to.equal('loading');
      expect(el.getAttribute('status')).to.equal('loading');
    });
  });

  describe('countdowns', () => {
    it('count down in mm:ss and switch to expired states', async () => {
      fakeTime();
      api.quoteExpiresAt = T0 + 90_000;
      api.expiresAt = T0 + 2 * MIN;
      api.nextQuotes.push(hanging().handler); // the refresh stays in flight: the quote line keeps saying so
      const el = await mount();
      expect(text(part(el, 'quote-countdown'))).to.equal('Price valid for 01:30');
      expect(text(part(el, 'session-countdown'))).to.equal('Session expires in 02:00');
      await advance(1000, el);
      expect(text(part(el, 'quote-countdown'))).to.equal('Price valid for 01:29');
      expect(text(part(el, 'session-countdown'))).to.equal('Session expires in 01:59');
      // The server clock is estimated to within a second (Date headers have 1 s resolution; on a busy
      // machine a response can land a fake tick late), so each check stands a second clear of its edge.
      await advance(90_000, el);
      expect(text(part(el, 'quote-countdown'))).to.equal('Price expired. Getting a new quote…');
      expect(part(el, 'quote-countdown')!.classList.contains('expired')).to.equal(true);
      expect(text(part(el, 'session-countdown'))).to.be.oneOf(['Session expires in 00:28', 'Session expires in 00:29', 'Session expires in 00:30']);
      await advance(30_000, el);
      expect(text(part(el, 'session-countdown'))).to.equal('Session expired');
      expect((part(el, 'pay-button') as HTMLButtonElement).disabled).to.equal(true);
    });

    for (const [label, skew] of [
      ['10 minutes behind', 10 * MIN],
      ['10 minutes ahead', -10 * MIN],
    ] as const) {
      it(`run on the server clock with the device clock ${label}`, async () => {
        fakeTime(skew);
        const el = await mount();
        expect(text(part(el, 'quote-countdown'))).to.equal('Price valid for 05:00');
        expect(text(part(el, 'session-countdown'))).to.equal('Session expires in 30:00');
        await advance(MIN, el);
        // Within a second of the truth (04:00): the Date header's resolution, and on a busy machine a
        // response read a fake tick late widens the estimate; ten minutes of skew would show as 10:00.
        expect(text(part(el, 'quote-countdown'))).to.be.oneOf(['Price valid for 04:01', 'Price valid for 04:00', 'Price valid for 03:59']);
        expect(text(part(el, 'session-countdown'))).to.be.oneOf(['Session expires in 29:01', 'Session expires in 29:00', 'Session expires in 28:59']);
        expect(events.of('onramp-quote-expired')).to.have.length(0);
      });
    }
  });

  describe('quote refresh', () => {
    it('on expiry: onramp-quote-expired, POST /v1/onramp/quote with the session order, new figures, onramp-quote-refreshed', async () => {
      fakeTime(10 * MIN);
      api.quoteExpiresAt = T0 + 10_000;
      const el = await mount();
      expect(api.posts).to.have.length(0);
      await advance(10_000, el);
      expect(events.of('onramp-quote-expired')).to.have.length(1);
      expect(api.posts).to.have.length(1);
      const request = api.posts[0]!;
      expect(request.url.href).to.equal(`${API}/v1/onramp/quote`);
      expect(request.body).to.deep.equal({ fiat_amount: 10000, fiat_currency: 'USD', crypto_currency: 'ETH', network: 'ethereum' });
      expect(request.headers).to.include({ 'X-API-Key': PK_TEST, 'Content-Type': 'application/json' });

      const refreshed = events.of('onramp-quote-refreshed');
      expect(refreshed).to.have.length(1);
      expect(refreshed[0]!.detail.quote).to.deep.include({ cryptoAmount: '0.031', exchangeRate: 3000.5 });
      expect(refreshed[0]!.detail.quote.fees).to.deep.equal({ platform: '1.6', network: '2.4', processing: '3.3', total: '7.3' });
      expect(text(part(el, 'crypto-amount'))).to.contain('0.031 ETH');
      expect(text(part(el, 'rate'))).to.contain('1 ETH = $3,000.50');
      expect(text(part(el, 'fees'))).to.contain('Total fees $7.30');
      expect(text(part(el, 'quote-countdown'))).to.match(/^Price updated\. Price valid for 0[45]:\d\d$/);

      // Later polls carry the server's older quote: the fresh one stays.
      await advance(6000, el);
      expect(text(part(el, 'crypto-amount'))).to.contain('0.031 ETH');
      expect(api.posts).to.have.length(1);
    });

    it('a failed refresh says so and retries by itself', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      api.quoteExpiresAt = T0 + 5000;
      api.nextQuotes.push(() => api.error(503, 'INTERNAL_ERROR'));
      const el = await mount();
      await advance(5000, el);
      expect(api.posts).to.have.length(1);
      const errors = events.of('onramp-error');
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['QUOTE_REFRESH_FAILED']);
      expect(errors[0]!.detail.recoverable).to.equal(true);
      expect(text(part(el, 'error'))).to.contain('could not be refreshed');
      await advance(2000, el);
      expect(api.posts).to.have.length(2);
      expect(events.of('onramp-quote-refreshed')).to.have.length(1);
    });
  });

  describe('polling', () => {
    it('reads 3 s after the first read, then 15 s later (the idle wait grows), and every 1 s while processing', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0); // idle waits have no jitter; kept so nothing here is random
      const el = await mount();
      expect(api.gets).to.have.length(1);
      await advance(2999, el);
      expect(api.gets).to.have.length(1);
      await advance(1, el);
      expect(api.gets).to.have.length(2);
      api.status = 'processing';
      await advance(15_000, el);
      expect(api.gets).to.have.length(3);
      expect(el.status).to.equal('processing');
      await advance(1000, el);
      expect(api.gets).to.have.length(4);
      await advance(1000, el);
      expect(api.gets).to.have.length(5);
    });

    it('keeps at most one request in flight, and polls right after it when asked meanwhile', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector('iframe')!;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow); // a hint: polls at once
      await flush(el); // that poll is answered before the slow one is set up
      const slow = hanging();
      api.nextGets.push(slow.handler);
      await advance(3000, el);
      const before = api.gets.length;
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await advance(10_000, el);
      expect(api.gets.length).to.equal(before);
      slow.resolve(api.respond(200, { success: true, data: api.statusView() }));
      await flush(el);
      await advance(0, el);
      expect(api.gets.length).to.equal(before + 1);
    });

    it('polls at once on `submitted` from the checkout frame; ignores a wrong origin, source or session', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector<HTMLIFrameElement>('[part~="checkout-frame"]')!;
      expect(frame).to.exist;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow);
      await flush(el);
      const before = api.gets.length;

      post(checkoutMessage('submitted'), 'https://evil.test', frame.contentWindow);
      post(checkoutMessage('submitted'), 'https://checkout.example.test.evil.test', frame.contentWindow);
      post(checkoutMessage('submitted'), CHECKOUT, window);
      post(checkoutMessage('submitted'), CHECKOUT, null);
      post({ ...checkoutMessage('submitted'), session_id: 'ors_zzzzzzzzzzzzzzzzzzzz' }, CHECKOUT, frame.contentWindow);
      post('submitted', CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(api.gets.length).to.equal(before);

      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(api.gets.length).to.equal(before + 1);
    });

    it('pauses while the tab is hidden and resumes at once when visible', async () => {
      fakeTime();
      const el = await mount();
      let hidden = true;
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange'));
      await advance(30_000, el);
      expect(api.gets).to.have.length(1);
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
      await flush(el);
      expect(api.gets).to.have.length(2);
      await advance(3000, el);
      expect(api.gets).to.have.length(3);
    });

    it('says so when the connection drops, and clears it when it returns', async () => {
      fakeTime();
      const el = await mount();
      let online = false;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event('offline'));
      await flush(el);
      const errors = events.of('onramp-error');
      expect(errors.map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([['OFFLINE', true]]);
      expect(text(part(el, 'error'))).to.contain('You are offline');
      expect(el.status).to.equal('pending');
      expect(part(el, 'quote')).to.exist;
      online = true;
      window.dispatchEvent(new Event('online'));
      await flush(el);
      expect(part(el, 'error')).to.equal(null);
    });

    it('mounted offline: says so instead of loading forever', async () => {
      fakeTime();
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      const el = await mount();
      expect(fetchStub.callCount).to.equal(0);
      expect(el.status).to.equal('loading');
      expect(events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['OFFLINE']);
      expect(text(part(el, 'error'))).to.contain('You are offline');
    });

    it('pauses while offline and resumes on `online`', async () => {
      fakeTime();
      const el = await mount();
      let online = false;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      await advance(30_000, el);
      expect(api.gets).to.have.length(1);
      online = true;
      window.dispatchEvent(new Event('online'));
      await flush(el);
      expect(api.gets).to.have.length(2);
    });

    it('backs off on 5xx (exponential, jittered), reports a recoverable error, recovers', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0); // the lower bound of the jitter: half the step
      const el = await mount();
      api.nextGets.push(
        () => api.error(503, 'INTERNAL_ERROR'),
        () => api.error(500, 'INTERNAL_ERROR'),
        () => api.error(502, 'INTERNAL_ERROR'),
      );
      await advance(3000, el); // poll 2: 503 -> wait 500
      expect(api.gets).to.have.length(2);
      expect(el.status).to.equal('pending');
      expect(text(part(el, 'error'))).to.contain('had a problem');
      await advance(499, el);
      expect(api.gets).to.have.length(2);
      await advance(1, el); // poll 3: 500 -> wait 1000
      expect(api.gets).to.have.length(3);
      await advance(999, el);
      expect(api.gets).to.have.length(3);
      await advance(1, el); // poll 4: 502 -> wait 2000
      expect(api.gets).to.have.length(4);
      await advance(1999, el);
      expect(api.gets).to.have.length(4);
      await advance(1, el); // poll 5: ok -> the idle wait goes on growing: 15 s
      expect(api.gets).to.have.length(5);
      expect(part(el, 'error')).to.equal(null);
      await advance(15_000, el);
      expect(api.gets).to.have.length(6);
      const errors = events.of('onramp-error');
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR']);
      expect(errors.every((e) => e.detail.recoverable)).to.equal(true);
      expect(errors[0]!.detail.requestId).to.equal('req_body_503');
    });

    it('backs off on network errors too', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      const el = await mount();
      api.nextGets.push(() => Promise.reject(new TypeError('Failed to fetch')));
      await advance(3000, el);
      expect(events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['NETWORK_ERROR']);
      await advance(499, el);
      expect(api.gets).to.have.length(2);
      await advance(1, el);
      expect(api.gets).to.have.length(3);
    });

    it('obeys Retry-After on 429, even when the checkout asks for a poll meanwhile', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector('iframe')!;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow); // a hint: polls at once
      await flush(el);
      expect(api.gets).to.have.length(2);
      api.nextGets.push(() => api.error(429, 'RATE_LIMITED', { 'Retry-After': '20' }));
      await advance(2000, el); // the checkout is open: a read every 2 s
      expect(api.gets).to.have.length(3);
      expect(events.of('onramp-error').map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([['RATE_LIMITED', true]]);
      await advance(10_000, el);
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(api.gets).to.have.length(3);
      await advance(9_999, el);
      expect(api.gets).to.have.length(3);
      await advance(1, el);
      expect(api.gets).to.have.length(4);
    });

    it('obeys Retry-After given as an HTTP date (server clock)', async () => {
      fakeTime(10 * MIN);
      const el = await mount();
      api.nextGets.push(() => api.error(429, 'RATE_LIMITED', { 'Retry-After': new Date(api.serverNow() + 15_000).toUTCString() }));
      await advance(3000, el);
      expect(api.gets).to.have.length(2);
      await advance(14_000, el);
      expect(api.gets).to.have.length(2);
      await advance(1000, el);
      expect(api.gets).to.have.length(3);
    });

    for (const status of ['completed', 'failed', 'expired'] as const) {
      it(`stops for good at ${status}`, async () => {
        fakeTime();
        const el = await mount();
        api.status = status === 'completed' ? 'processing' : 'pending';
        await advance(3000, el);
        api.status = status;
        await advance(15_000, el);
        expect(el.status).to.equal(status);
        const count = api.gets.length;
        await advance(5 * MIN, el);
        expect(api.gets.length).to.equal(count);
        expect(clock!.countTimers()).to.equal(0);
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
        api.nextGets.push(() => api.error(status, code));
        await advance(3000, el);
        expect(el.status).to.equal('error');
        expect(el.getAttribute('status')).to.equal('error');
        const errors = events.of('onramp-error');
        expect(errors).to.have.length(1);
        expect(errors[0]!.detail).to.deep.equal({ code: errorCode, message: errors[0]!.detail.message, recoverable: false, requestId: `req_body_${status}` });
        expect(text(part(el, 'error'))).to.contain(errors[0]!.detail.message);
        expect(text(part(el, 'error'))).to.contain(`req_body_${status}`);
        expect(part(el, 'quote')).to.equal(null);
        await advance(5 * MIN, el);
        expect(api.gets).to.have.length(2);
      });
    }

    it('a first answer of 401 leaves the loading state for error', async () => {
      fakeTime();
      api.nextGets.push(() => api.error(401, 'INVALID_API_KEY'));
      const el = await mount();
      expect(el.status).to.equal('error');
      expect(events.of('onramp-status-change').map((e) => [e.detail.previousStatus, e.detail.status])).to.deep.equal([['loading', 'error']]);
      expect(events.of('onramp-ready')).to.have.length(0);
    });

    it('a malformed answer is a recoverable error, retried', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      api.nextGets.push(() => api.respond(200, '<html>oops</html>', { 'Content-Type': 'text/html' }));
      const el = await mount();
      expect(el.status).to.equal('loading');
      expect(events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['MALFORMED_RESPONSE']);
      expect(text(part(el, 'error'))).to.contain('unexpected response');
      await advance(500, el);
      expect(el.status).to.equal('pending');
    });

    it('stops when removed, cancelling the request in flight', async () => {
      fakeTime();
      const el = await mount();
      const slow = hanging();
      api.nextGets.push(slow.handler);
      await advance(3000, el);
      expect(api.gets).to.have.length(2);
      el.remove();
      expect(slow.signal()?.aborted).to.equal(true);
      await advance(5 * MIN);
      expect(api.gets).to.have.length(2);
      expect(clock!.countTimers()).to.equal(0);
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
      const start = api.gets.length;
      await advance(30_000, el);
      expect(api.gets.length - start).to.equal(2); // after 3 and 18 s (two pollers: 4)
      expect(el.status).to.equal('pending');
    });
  });

  describe('events', () => {
    it('fire with the documented detail, bubbling and composed, through a whole purchase', async () => {
      fakeTime();
      api.quoteExpiresAt = T0 + 2000;
      const el = await mount();
      await advance(2000, el); // quote expired and refreshed
      api.status = 'processing';
      await advance(3000, el);
      api.status = 'completed';
      await advance(1000, el);

      const ready = events.of('onramp-ready');
      expect(ready).to.have.length(1);
      expect(ready[0]!.detail.session).to.deep.include({ sessionId: SESSION_ID, status: 'pending', fiatAmount: 10000, walletAddress: WALLET });

      const changes = events.of('onramp-status-change').map((e) => [e.detail.previousStatus, e.detail.status, e.detail.session?.status]);
      expect(changes).to.deep.equal([
        ['loading', 'pending', 'pending'],
        ['pending', 'processing', 'processing'],
        ['processing', 'completed', 'completed'],
      ]);

      const expired = events.of('onramp-quote-expired');
      expect(expired).to.have.length(1);
      expect(expired[0]!.detail.session?.sessionId).to.equal(SESSION_ID);
      expect(events.of('onramp-quote-refreshed')[0]!.detail.quote.cryptoAmount).to.equal('0.031');

      const completed = events.of('onramp-completed');
      expect(completed).to.have.length(1);
      expect(completed[0]!.detail.session).to.deep.include({ status: 'completed', txHash: TX_HASH });

      const order = events.log.map((e) => e.type);
      expect(order).to.deep.equal([
        'onramp-ready',
        'onramp-status-change',
        'onramp-quote-expired',
        'onramp-quote-refreshed',
        'onramp-status-change',
        'onramp-status-change',
        'onramp-completed',
      ]);
      for (const event of events.log) {
        expect(event.bubbles, event.type).to.equal(true);
        expect(event.composed, event.type).to.equal(true);
        expect(event.cancelable, event.type).to.equal(false);
      }
    });

    it('reach a listener outside a shadow root the element lives in', async () => {
      fakeTime();
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const seen: string[] = [];
      host.addEventListener('onramp-ready', (e) => seen.push(e.type));
      const el = document.createElement('onramp-checkout');
      el.publishableKey = PK_TEST;
      el.clientSecret = SECRET;
      el.apiBase = API;
      root.append(el);
      await flush(el);
      await flush(el);
      expect(seen).to.deep.equal(['onramp-ready']);
    });

    it('`status` reflects loading, pending, processing and final states', async () => {
      fakeTime();
      const slow = hanging();
      api.nextGets.push(slow.handler);
      const el = await mount();
      expect(el.getAttribute('status')).to.equal('loading');
      slow.resolve(api.respond(200, { success: true, data: api.statusView() }));
      await flush(el);
      expect(el.getAttribute('status')).to.equal('pending');
      api.status = 'processing';
      await advance(3000, el);
      expect(el.getAttribute('status')).to.equal('processing');
      api.status = 'failed';
      await advance(1000, el);
      expect(el.getAttribute('status')).to.equal('failed');
      expect(events.of('onramp-failed')[0]!.detail.session.status).to.equal('failed');
    });
  });

  describe('final screens', () => {
    it('completed: amount, network and tx_hash linked to the explorer', async () => {
      fakeTime();
      api.status = 'completed';
      const el = await mount();
      const result = part(el, 'result')!;
      expect(text(result)).to.contain('Purchase complete');
      expect(text(result)).to.contain('0.02946 ETH delivered on Ethereum to 0x71C7…976F');
      const link = part(el, 'tx-link') as HTMLAnchorElement;
      expect(link.href).to.equal(`https://sepolia.etherscan.io/tx/${TX_HASH}`);
      expect(link.rel).to.contain('noopener');
      expect(part(el, 'pay-button')).to.equal(null);
      expect(part(el, 'quote-countdown')).to.equal(null);
    });

    it('completed with a live key links the mainnet explorer', async () => {
      fakeTime();
      api.status = 'completed';
      const el = await mount({ key: PK_LIVE });
      expect((part(el, 'tx-link') as HTMLAnchorElement).href).to.equal(`https://etherscan.io/tx/${TX_HASH}`);
    });

    it('failed: says what the buyer can do next', async () => {
      fakeTime();
      api.status = 'failed';
      const el = await mount();
      expect(text(part(el, 'result'))).to.contain('Payment failed');
      expect(text(part(el, 'result'))).to.contain('try another card');
      expect(events.of('onramp-failed')).to.have.length(1);
    });

    it('expired: tells the buyer to start again, fires onramp-expired', async () => {
      fakeTime();
      api.status = 'expired';
      const el = await mount();
      expect(text(part(el, 'result'))).to.contain('This checkout expired');
      expect(text(part(el, 'result'))).to.contain('start a new purchase');
      const expired = events.of('onramp-expired');
      expect(expired).to.have.length(1);
      expect(expired[0]!.detail.session.status).to.equal('expired');
    });

    it('at the session deadline it asks the server at once, and shows expired', async () => {
      fakeTime();
      api.expiresAt = T0 + 10_500;
      const el = await mount();
      await advance(9000, el);
      const count = api.gets.length;
      api.status = 'expired';
      await advance(2000, el); // the read lands 250 ms after the deadline
      expect(api.gets.length).to.equal(count + 1);
      expect(el.status).to.equal('expired');
      expect(events.of('onramp-expired')).to.have.length(1);
    });
  });

  describe('keys and configuration', () => {
    it('shows a test badge for a _test_ key, none for a live key', async () => {
      fakeTime();
      const test = await mount();
      expect(text(part(test, 'test-badge'))).to.equal('Test mode');
      const live = await mount({ key: PK_LIVE });
      expect(part(live, 'test-badge')).to.equal(null);
    });

    for (const [label, key, secret, code] of [
      ['a secret test key', 'onramp_test_sk_abcdefghijklmnop1234', SECRET, 'SECRET_KEY_REFUSED'],
      ['a secret live key', 'onramp_live_sk_abcdefghijklmnop1234', SECRET, 'SECRET_KEY_REFUSED'],
      ['a padded secret key', ' onramp_live_sk_abcdefghijklmnop1234 ', SECRET, 'SECRET_KEY_REFUSED'],
      ['a malformed key', 'pk_test_123', SECRET, 'INVALID_PUBLISHABLE_KEY'],
      ['an empty key', '', SECRET, 'INVALID_PUBLISHABLE_KEY'],
      ['a malformed client secret', PK_TEST, 'ors_abc_secret_', 'INVALID_CLIENT_SECRET'],
      ['an empty client secret', PK_TEST, '', 'INVALID_CLIENT_SECRET'],
    ] as const) {
      it(`refuses ${label} with no request and an onramp-error ${code}`, async () => {
        fakeTime();
        const el = await mount({ key, secret });
        await advance(MIN, el);
        expect(fetchStub.callCount).to.equal(0);
        expect(el.status).to.equal('error');
        const errors = events.of('onramp-error');
        expect(errors).to.have.length(1);
        expect(errors[0]!.detail).to.deep.equal({ code, message: errors[0]!.detail.message, recoverable: false });
        expect(text(part(el, 'error'))).to.equal(errors[0]!.detail.message);
        expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      });
    }

    it('a secret key is refused even when set as a property after mount, and the poller stops', async () => {
      fakeTime();
      const el = await mount();
      el.publishableKey = 'onramp_test_sk_abcdefghijklmnop1234';
      await flush(el);
      const count = api.gets.length;
      await advance(MIN, el);
      expect(api.gets.length).to.equal(count);
      expect(events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['SECRET_KEY_REFUSED']);
      expect(part(el, 'quote')).to.equal(null);
    });

    it("reads the attribute spellings a framework's server writes (publishableKey=… lower-cased by the parser)", async () => {
      // React renders `publishableKey={pk}` on the server as an attribute of that name; the HTML
      // parser (and setAttribute) lower-case it, and React's hydration then sets no property.
      fakeTime();
      const redirect = `${CHECKOUT}/pay/${SESSION_ID}?t=tok_fromattribute1`;
      const el = await fixture<OnrampCheckout>(html`<onramp-checkout publishableKey=${PK_TEST} clientSecret=${SECRET} apiBase=${API} checkoutOrigin=${CHECKOUT} redirectUrl=${redirect} locale="en-US"></onramp-checkout>`);
      await flush(el);
      expect(el.getAttributeNames()).to.include.members(['publishablekey', 'clientsecret', 'apibase', 'checkoutorigin', 'redirecturl']);
      expect([el.publishableKey, el.clientSecret, el.apiBase, el.checkoutOrigin, el.redirectUrl]).to.deep.equal([PK_TEST, SECRET, API, CHECKOUT, redirect]);
      expect(api.gets).to.have.length(1);
      expect(api.gets[0]!.url.origin).to.equal(new URL(API).origin);
      expect(api.gets[0]!.url.searchParams.get('session_id')).to.equal(SESSION_ID);
      expect(el.status).to.equal('pending');
      expect(part(el, 'quote')).to.exist;
    });

    it('refuses an api-base that is not https', async () => {
      fakeTime();
      const el = await fixture<OnrampCheckout>(html`<onramp-checkout publishable-key=${PK_TEST} client-secret=${SECRET} api-base="http://api.example.test"></onramp-checkout>`);
      await flush(el);
      expect(fetchStub.callCount).to.equal(0);
      expect(events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['INVALID_CONFIGURATION']);
    });
  });

  describe('paying and the fallback chain', () => {
    let open: sinon.SinonStub;
    let navigate: sinon.SinonStub;

    beforeEach(() => {
      open = sinon.stub(window, 'open');
      navigate = navigateStub();
    });

    it('embedded: the hosted checkout in an iframe with embed_origin; `ready` keeps it there', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = part(el, 'checkout-frame') as HTMLIFrameElement;
      expect(frame).to.exist;
      const src = new URL(frame.src);
      expect(src.origin + src.pathname).to.equal(`${CHECKOUT}/pay/${SESSION_ID}`);
      expect(src.searchParams.get('t')).to.equal('tok_abcdefghijklmnop');
      expect(src.searchParams.get('embed_origin')).to.equal(window.location.origin);
      expect(frame.getAttribute('title')).to.equal('Secure payment');
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow);
      post(checkoutMessage('resize', { height: 700 }), CHECKOUT, frame.contentWindow);
      await advance(10_000, el);
      expect(part(el, 'checkout-frame')).to.exist;
      expect((part(el, 'checkout-frame') as HTMLIFrameElement).height).to.equal('700');
      expect(events.of('onramp-fallback')).to.have.length(0);
      expect(open.callCount).to.equal(0);
    });

    it('embedded without `ready`: onramp-fallback (frame-timeout, cancelable), then the popup', async () => {
      fakeTime();
      const popup = fakePopup();
      open.returns(popup.window);
      const el = await mount();
      clickPaySync(el);
      clock!.tick(4000); // synchronously, before the frame can load anything
      await flush(el);
      const fallbacks = events.of('onramp-fallback');
      expect(fallbacks).to.have.length(1);
      expect(fallbacks[0]!.detail.reason).to.equal('frame-timeout');
      expect(fallbacks[0]!.cancelable).to.equal(true);
      expect(fallbacks[0]!.bubbles && fallbacks[0]!.composed).to.equal(true);
      const url = new URL(fallbacks[0]!.detail.url);
      expect(url.origin).to.equal(CHECKOUT);
      expect(url.searchParams.get('embed_origin')).to.equal(window.location.origin);
      expect(open.callCount).to.equal(1);
      expect(open.firstCall.args[0]).to.equal(fallbacks[0]!.detail.url);
      expect(part(el, 'checkout-frame')).to.equal(null);
      expect(text(el.shadowRoot!.querySelector('.base'))).to.contain('secure window');
      expect(navigate.callCount).to.equal(0);

      // The popup's messages count; a closed popup means "poll now".
      const before = api.gets.length;
      post(checkoutMessage('submitted'), CHECKOUT, window);
      await flush(el);
      expect(api.gets.length).to.equal(before);
      post(checkoutMessage('submitted'), CHECKOUT, popup.window);
      await flush(el);
      expect(api.gets.length).to.equal(before + 1);
      popup.close();
      expect(popup.window.closed).to.equal(true);
      await advance(500, el);
      expect(api.gets.length).to.equal(before + 2);
    });

    it('embedded without `ready`, fallback cancelled: a visible link, no popup, no navigation', async () => {
      fakeTime();
      document.addEventListener('onramp-fallback', (e) => e.preventDefault(), { once: true });
      const el = await mount();
      clickPaySync(el);
      clock!.tick(4000);
      await flush(el);
      expect(open.callCount).to.equal(0);
      expect(navigate.callCount).to.equal(0);
      const link = part(el, 'fallback-link') as HTMLAnchorElement;
      expect(link).to.exist;
      expect(new URL(link.href).searchParams.get('embed_origin')).to.equal(window.location.origin);
    });

    it('popup mode: opened synchronously in the click', async () => {
      fakeTime();
      open.returns({ closed: false } as Window);
      const el = await mount({ mode: 'popup' });
      clickPaySync(el);
      expect(open.callCount).to.equal(1);
      expect(open.firstCall.args[0]).to.contain(`${CHECKOUT}/pay/${SESSION_ID}`);
      expect(open.firstCall.args[2]).to.contain('popup');
    });

    it('popup blocked: onramp-fallback (popup-blocked), the fallback link, then navigation', async () => {
      fakeTime();
      open.returns(null);
      const el = await mount({ mode: 'popup' });
      clickPaySync(el);
      await flush(el);
      const fallbacks = events.of('onramp-fallback');
      expect(fallbacks.map((e) => e.detail.reason)).to.deep.equal(['popup-blocked']);
      expect(part(el, 'fallback-link')).to.exist;
      expect(navigate.callCount).to.equal(1);
      expect(navigate.firstCall.args[0]).to.equal(fallbacks[0]!.detail.url);
    });

    it('popup blocked and the fallback cancelled: the link only', async () => {
      fakeTime();
      open.returns(null);
      document.addEventListener('onramp-fallback', (e) => e.preventDefault(), { once: true });
      const el = await mount({ mode: 'popup' });
      clickPaySync(el);
      await flush(el);
      expect(part(el, 'fallback-link')).to.exist;
      expect(navigate.callCount).to.equal(0);
    });

    it('the whole chain: frame timeout -> popup blocked -> link and navigation', async () => {
      fakeTime();
      open.returns(null);
      const el = await mount();
      clickPaySync(el);
      clock!.tick(4000);
      await flush(el);
      expect(events.of('onramp-fallback').map((e) => e.detail.reason)).to.deep.equal(['frame-timeout', 'popup-blocked']);
      expect(open.callCount).to.equal(1);
      expect(part(el, 'fallback-link')).to.exist;
      expect(navigate.callCount).to.equal(1);
    });

    it('redirect mode navigates to redirect_url', async () => {
      fakeTime();
      const el = await mount({ mode: 'redirect' });
      clickPaySync(el);
      expect(navigate.callCount).to.equal(1);
      expect(navigate.firstCall.args[0]).to.equal(api.redirectUrl);
      expect(open.callCount).to.equal(0);
    });

    for (const unsafe of [
      'javascript:alert(1)',
      'https://checkout.example.evil/pay/x',
      'https://checkout.example.test@evil.test/pay/x',
      'http://checkout.example.test/pay/x',
      '//evil.test/pay/x',
    ]) {
      it(`an unsafe redirect_url (${unsafe}) is an onramp-error and nothing opens`, async () => {
        fakeTime();
        api.redirectUrl = unsafe;
        for (const mode of ['embedded', 'popup', 'redirect']) {
          fixtureCleanup();
          events.log.length = 0;
          const el = await mount({ mode });
          clickPaySync(el);
          clock!.tick(5000);
          await flush(el);
          expect(events.of('onramp-error').map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([['UNSAFE_REDIRECT_URL', false]]);
          expect(part(el, 'checkout-frame')).to.equal(null);
          expect(part(el, 'fallback-link')).to.equal(null);
        }
        expect(open.callCount).to.equal(0);
        expect(navigate.callCount).to.equal(0);
      });
    }
  });

  describe('registration', () => {
    it('defining twice is harmless', async () => {
      expect(customElements.get(TAG_NAME)).to.equal(OnrampCheckout);
      expect(() => defineOnrampCheckout()).not.to.throw();
      expect(() => defineOnrampCheckout(customElements)).not.to.throw();
      await import('../../define.js');
      expect(customElements.get(TAG_NAME)).to.equal(OnrampCheckout);
      expect(document.createElement(TAG_NAME)).to.be.instanceOf(OnrampCheckout);
      expect(() => defineOnrampCheckout(undefined)).not.to.throw();
    });
  });
});
