/**
 * The summary as the buyer reads it: the session fetched from the client secret or given as a
 * property, the countdowns on the server clock, and the quote refreshed when it expires.
 */
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { createdSession } from '../../../test/support/fake-onramp-api.js';
import {
  PK_TEST,
  SESSION_ID,
  SECRET,
  API,
  CHECKOUT,
  WALLET,
  T0,
  MIN,
  iso,
  hanging,
  flush,
  part,
  text,
  mount,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout>', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

  describe('the order', () => {
    it('fetches the session from the client secret alone and shows the whole order', async () => {
      fakeTime();
      const el = await mount();
      expect(h.api.gets).to.have.length(1);
      const request = h.api.gets[0]!;
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
      h.fetchStub.callsFake((input: RequestInfo | URL, init?: RequestInit) => {
        const el = document.querySelector('onramp-checkout');
        renderedBeforeFirstRequest ??= Boolean(el?.shadowRoot?.querySelector('[part~="crypto-amount"]'));
        return h.api.fetch(input, init);
      });
      const session = { ...createdSession(), redirect_url: h.api.redirectUrl };
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
      expect(h.events.of('onramp-ready')).to.have.length(1);
      await flush(el);
      // Polling starts only after that first render.
      expect(renderedBeforeFirstRequest).to.equal(true);
      expect(h.api.gets).to.have.length(1);
    });

    it('ignores a `session` property for another session', async () => {
      fakeTime();
      const other = {
        session_id: 'ors_zzzzzzzzzzzzzzzzzzzz',
        client_secret: 'x',
        redirect_url: h.api.redirectUrl,
        expires_at: iso(T0),
        estimated_crypto_amount: '1',
        fees: { platform_fee: 1, network_fee: 1, processing_fee: 1, total_fee: 3 },
        exchange_rate: 1,
        quote_expires_at: iso(T0),
      };
      h.api.nextGets.push(hanging().handler);
      const el = await fixture<OnrampCheckout>(
        html`<onramp-checkout publishable-key=${PK_TEST} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT} .session=${other}></onramp-checkout>`,
      );
      expect(el.status).to.equal('loading');
      expect(el.getAttribute('status')).to.equal('loading');
    });
  });

  describe('countdowns', () => {
    it('count down in mm:ss and switch to expired states', async () => {
      fakeTime();
      h.api.quoteExpiresAt = T0 + 90_000;
      h.api.expiresAt = T0 + 2 * MIN;
      h.api.nextQuotes.push(hanging().handler); // the refresh stays in flight: the quote line keeps saying so
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
      expect(text(part(el, 'session-countdown'))).to.be.oneOf([
        'Session expires in 00:28',
        'Session expires in 00:29',
        'Session expires in 00:30',
      ]);
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
        expect(text(part(el, 'quote-countdown'))).to.be.oneOf([
          'Price valid for 04:01',
          'Price valid for 04:00',
          'Price valid for 03:59',
        ]);
        expect(text(part(el, 'session-countdown'))).to.be.oneOf([
          'Session expires in 29:01',
          'Session expires in 29:00',
          'Session expires in 28:59',
        ]);
        expect(h.events.of('onramp-quote-expired')).to.have.length(0);
      });
    }
  });

  describe('quote refresh', () => {
    it('on expiry: onramp-quote-expired, POST /v1/onramp/quote with the session order, new figures, onramp-quote-refreshed', async () => {
      fakeTime(10 * MIN);
      h.api.quoteExpiresAt = T0 + 10_000;
      const el = await mount();
      expect(h.api.posts).to.have.length(0);
      await advance(10_000, el);
      expect(h.events.of('onramp-quote-expired')).to.have.length(1);
      expect(h.api.posts).to.have.length(1);
      const request = h.api.posts[0]!;
      expect(request.url.href).to.equal(`${API}/v1/onramp/quote`);
      expect(request.body).to.deep.equal({
        fiat_amount: 10000,
        fiat_currency: 'USD',
        crypto_currency: 'ETH',
        network: 'ethereum',
      });
      expect(request.headers).to.include({ 'X-API-Key': PK_TEST, 'Content-Type': 'application/json' });

      const refreshed = h.events.of('onramp-quote-refreshed');
      expect(refreshed).to.have.length(1);
      expect(refreshed[0]!.detail.quote).to.deep.include({ cryptoAmount: '0.031', exchangeRate: 3000.5 });
      expect(refreshed[0]!.detail.quote.fees).to.deep.equal({
        platform: '1.6',
        network: '2.4',
        processing: '3.3',
        total: '7.3',
      });
      expect(text(part(el, 'crypto-amount'))).to.contain('0.031 ETH');
      expect(text(part(el, 'rate'))).to.contain('1 ETH = $3,000.50');
      expect(text(part(el, 'fees'))).to.contain('Total fees $7.30');
      expect(text(part(el, 'quote-countdown'))).to.match(/^Price updated\. Price valid for 0[45]:\d\d$/);

      // Later polls carry the server's older quote: the fresh one stays.
      await advance(6000, el);
      expect(text(part(el, 'crypto-amount'))).to.contain('0.031 ETH');
      expect(h.api.posts).to.have.length(1);
    });

    it('a failed refresh says so and retries by itself', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0);
      h.api.quoteExpiresAt = T0 + 5000;
      h.api.nextQuotes.push(() => h.api.error(503, 'INTERNAL_ERROR'));
      const el = await mount();
      await advance(5000, el);
      expect(h.api.posts).to.have.length(1);
      const errors = h.events.of('onramp-error');
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['QUOTE_REFRESH_FAILED']);
      expect(errors[0]!.detail.recoverable).to.equal(true);
      expect(text(part(el, 'error'))).to.contain('could not be refreshed');
      await advance(2000, el);
      expect(h.api.posts).to.have.length(2);
      expect(h.events.of('onramp-quote-refreshed')).to.have.length(1);
    });
  });
});
