/**
 * Paying: the hosted checkout embedded, in a popup or by navigation, and the fallback chain between
 * them (frame timeout, popup blocked, cancelable `onramp-fallback`).
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import {
  SESSION_ID,
  CHECKOUT,
  flush,
  part,
  text,
  fakePopup,
  checkoutMessage,
  post,
  mount,
  navigateStub,
  clickPaySync,
  clickPay,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout>', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

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
      expect(h.events.of('onramp-fallback')).to.have.length(0);
      expect(open.callCount).to.equal(0);
    });

    it('embedded without `ready`: onramp-fallback (frame-timeout, cancelable), then the popup', async () => {
      fakeTime();
      const popup = fakePopup();
      open.returns(popup.window);
      const el = await mount();
      clickPaySync(el);
      h.clock!.tick(4000); // synchronously, before the frame can load anything
      await flush(el);
      const fallbacks = h.events.of('onramp-fallback');
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
      const before = h.api.gets.length;
      post(checkoutMessage('submitted'), CHECKOUT, window);
      await flush(el);
      expect(h.api.gets.length).to.equal(before);
      post(checkoutMessage('submitted'), CHECKOUT, popup.window);
      await flush(el);
      expect(h.api.gets.length).to.equal(before + 1);
      popup.close();
      expect(popup.window.closed).to.equal(true);
      await advance(500, el);
      expect(h.api.gets.length).to.equal(before + 2);
    });

    it('embedded without `ready`, fallback cancelled: a visible link, no popup, no navigation', async () => {
      fakeTime();
      document.addEventListener('onramp-fallback', (e) => e.preventDefault(), { once: true });
      const el = await mount();
      clickPaySync(el);
      h.clock!.tick(4000);
      await flush(el);
      expect(open.callCount).to.equal(0);
      expect(navigate.callCount).to.equal(0);
      const link = part(el, 'fallback-link') as HTMLAnchorElement;
      expect(link).to.exist;
      expect(new URL(link.href).searchParams.get('embed_origin')).to.equal(window.location.origin);
    });

    it('popup mode: opened synchronously in the click', async () => {
      fakeTime();
      open.returns({ closed: false });
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
      const fallbacks = h.events.of('onramp-fallback');
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
      h.clock!.tick(4000);
      await flush(el);
      expect(h.events.of('onramp-fallback').map((e) => e.detail.reason)).to.deep.equal([
        'frame-timeout',
        'popup-blocked',
      ]);
      expect(open.callCount).to.equal(1);
      expect(part(el, 'fallback-link')).to.exist;
      expect(navigate.callCount).to.equal(1);
    });

    it('redirect mode navigates to redirect_url, in the buyer’s language', async () => {
      fakeTime();
      clickPaySync(await mount({ mode: 'redirect' }));
      expect(navigate.callCount).to.equal(1);
      const url = new URL(navigate.firstCall.args[0] as string);
      // The test browser's language, which the checkout page renders in.
      expect(url.searchParams.get('locale')).to.match(/^en\b/);
      url.searchParams.delete('locale');
      expect(url.href).to.equal(h.api.redirectUrl);
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
        h.api.redirectUrl = unsafe;
        for (const mode of ['embedded', 'popup', 'redirect']) {
          fixtureCleanup();
          h.events.log.length = 0;
          const el = await mount({ mode });
          clickPaySync(el);
          h.clock!.tick(5000);
          await flush(el);
          expect(h.events.of('onramp-error').map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([
            ['UNSAFE_REDIRECT_URL', false],
          ]);
          expect(part(el, 'checkout-frame')).to.equal(null);
          expect(part(el, 'fallback-link')).to.equal(null);
        }
        expect(open.callCount).to.equal(0);
        expect(navigate.callCount).to.equal(0);
      });
    }
  });
});
