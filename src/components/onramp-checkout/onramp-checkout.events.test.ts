/**
 * The events a merchant listens to (detail, bubbling, composed), the reflected `status` attribute,
 * and the final screens the buyer sees.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import {
  PK_TEST,
  PK_LIVE,
  SESSION_ID,
  SECRET,
  API,
  WALLET,
  TX_HASH,
  T0,
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

  describe('events', () => {
    it('fire with the documented detail, bubbling and composed, through a whole purchase', async () => {
      fakeTime();
      h.api.quoteExpiresAt = T0 + 2000;
      const el = await mount();
      await advance(2000, el); // quote expired and refreshed
      h.api.status = 'processing';
      await advance(3000, el);
      h.api.status = 'completed';
      await advance(1000, el);

      const ready = h.events.of('onramp-ready');
      expect(ready).to.have.length(1);
      expect(ready[0]!.detail.session).to.deep.include({
        sessionId: SESSION_ID,
        status: 'pending',
        fiatAmount: 10000,
        walletAddress: WALLET,
      });

      const changes = h.events
        .of('onramp-status-change')
        .map((e) => [e.detail.previousStatus, e.detail.status, e.detail.session?.status]);
      expect(changes).to.deep.equal([
        ['loading', 'pending', 'pending'],
        ['pending', 'processing', 'processing'],
        ['processing', 'completed', 'completed'],
      ]);

      const expired = h.events.of('onramp-quote-expired');
      expect(expired).to.have.length(1);
      expect(expired[0]!.detail.session?.sessionId).to.equal(SESSION_ID);
      expect(h.events.of('onramp-quote-refreshed')[0]!.detail.quote.cryptoAmount).to.equal('0.031');

      const completed = h.events.of('onramp-completed');
      expect(completed).to.have.length(1);
      expect(completed[0]!.detail.session).to.deep.include({ status: 'completed', txHash: TX_HASH });

      const order = h.events.log.map((e) => e.type);
      expect(order).to.deep.equal([
        'onramp-ready',
        'onramp-status-change',
        'onramp-quote-expired',
        'onramp-quote-refreshed',
        'onramp-price-change',
        'onramp-status-change',
        'onramp-status-change',
        'onramp-completed',
      ]);
      for (const event of h.events.log) {
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
      h.api.nextGets.push(slow.handler);
      const el = await mount();
      expect(el.getAttribute('status')).to.equal('loading');
      slow.resolve(h.api.respond(200, { success: true, data: h.api.statusView() }));
      await flush(el);
      expect(el.getAttribute('status')).to.equal('pending');
      h.api.status = 'processing';
      await advance(3000, el);
      expect(el.getAttribute('status')).to.equal('processing');
      h.api.status = 'failed';
      await advance(1000, el);
      expect(el.getAttribute('status')).to.equal('failed');
      expect(h.events.of('onramp-failed')[0]!.detail.session.status).to.equal('failed');
    });
  });

  describe('final screens', () => {
    it('completed: amount, network and tx_hash linked to the explorer', async () => {
      fakeTime();
      h.api.status = 'completed';
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
      h.api.status = 'completed';
      const el = await mount({ key: PK_LIVE });
      expect((part(el, 'tx-link') as HTMLAnchorElement).href).to.equal(`https://etherscan.io/tx/${TX_HASH}`);
    });

    it('failed: says what the buyer can do next', async () => {
      fakeTime();
      h.api.status = 'failed';
      const el = await mount();
      expect(text(part(el, 'result'))).to.contain('Payment failed');
      expect(text(part(el, 'result'))).to.contain('try another card');
      expect(h.events.of('onramp-failed')).to.have.length(1);
    });

    it('expired: tells the buyer to start again, fires onramp-expired', async () => {
      fakeTime();
      h.api.status = 'expired';
      const el = await mount();
      expect(text(part(el, 'result'))).to.contain('This checkout expired');
      expect(text(part(el, 'result'))).to.contain('start a new purchase');
      const expired = h.events.of('onramp-expired');
      expect(expired).to.have.length(1);
      expect(expired[0]!.detail.session.status).to.equal('expired');
    });

    it('at the session deadline it asks the server at once, and shows expired', async () => {
      fakeTime();
      h.api.expiresAt = T0 + 10_500;
      const el = await mount();
      await advance(9000, el);
      const count = h.api.gets.length;
      h.api.status = 'expired';
      await advance(2500, el); // the read lands 1.2 s after the deadline
      expect(h.api.gets.length).to.equal(count + 1);
      expect(el.status).to.equal('expired');
      expect(h.events.of('onramp-expired')).to.have.length(1);
    });
  });
});
