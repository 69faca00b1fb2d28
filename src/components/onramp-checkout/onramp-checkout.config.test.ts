/**
 * Keys and configuration (test badge, secret keys refused, attribute spellings, https `api-base`)
 * and registering the element.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../define.js';
import { defineOnrampCheckout, TAG_NAME } from '../../define.js';
import { OnrampCheckout } from './onramp-checkout.js';
import {
  PK_TEST,
  PK_LIVE,
  SESSION_ID,
  SECRET,
  API,
  CHECKOUT,
  MIN,
  flush,
  part,
  text,
  mount,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout>', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

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
      ['the client secret as the key and the key as the secret', SECRET, PK_TEST, 'KEY_AND_SECRET_SWAPPED'],
    ] as const) {
      it(`refuses ${label} with no request and an onramp-error ${code}`, async () => {
        fakeTime();
        const el = await mount({ key, secret });
        await advance(MIN, el);
        expect(h.fetchStub.callCount).to.equal(0);
        expect(el.status).to.equal('error');
        const errors = h.events.of('onramp-error');
        expect(errors).to.have.length(1);
        const { detail } = errors[0]!;
        expect(detail).to.include({ code, recoverable: false });
        // The buyer reads that the checkout is not set up; the merchant gets the cause and the fix.
        expect(detail.message).to.equal('This checkout is not set up correctly. Please tell the merchant.');
        expect(detail.cause).to.match(/publishable-key|client-secret/);
        expect(detail.fix).to.match(/publishable-key|client-secret|Swap/);
        expect(text(part(el, 'error'))).to.equal(detail.message);
        expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
      });
    }

    it('a secret key is refused even when set as a property after mount, and the poller stops', async () => {
      fakeTime();
      const el = await mount();
      el.publishableKey = 'onramp_test_sk_abcdefghijklmnop1234';
      await flush(el);
      const count = h.api.gets.length;
      await advance(MIN, el);
      expect(h.api.gets.length).to.equal(count);
      expect(h.events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['SECRET_KEY_REFUSED']);
      expect(part(el, 'quote')).to.equal(null);
    });

    it("reads the attribute spellings a framework's server writes (publishableKey=… lower-cased by the parser)", async () => {
      // React renders `publishableKey={pk}` on the server as an attribute of that name; the HTML
      // parser (and setAttribute) lower-case it, and React's hydration then sets no property.
      fakeTime();
      const redirect = `${CHECKOUT}/pay/${SESSION_ID}?t=tok_fromattribute1`;
      const el = await fixture<OnrampCheckout>(
        html`<onramp-checkout publishableKey=${PK_TEST} clientSecret=${SECRET} apiBase=${API} checkoutOrigin=${CHECKOUT} redirectUrl=${redirect} locale="en-US"></onramp-checkout>`,
      );
      await flush(el);
      expect(el.getAttributeNames()).to.include.members([
        'publishablekey',
        'clientsecret',
        'apibase',
        'checkoutorigin',
        'redirecturl',
      ]);
      expect([el.publishableKey, el.clientSecret, el.apiBase, el.checkoutOrigin, el.redirectUrl]).to.deep.equal([
        PK_TEST,
        SECRET,
        API,
        CHECKOUT,
        redirect,
      ]);
      expect(h.api.gets).to.have.length(1);
      expect(h.api.gets[0]!.url.origin).to.equal(new URL(API).origin);
      expect(h.api.gets[0]!.url.searchParams.get('session_id')).to.equal(SESSION_ID);
      expect(el.status).to.equal('pending');
      expect(part(el, 'quote')).to.exist;
    });

    it('refuses an api-base that is not https', async () => {
      fakeTime();
      const el = await fixture<OnrampCheckout>(
        html`<onramp-checkout publishable-key=${PK_TEST} client-secret=${SECRET} api-base="http://api.example.test"></onramp-checkout>`,
      );
      await flush(el);
      expect(h.fetchStub.callCount).to.equal(0);
      expect(h.events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['INVALID_API_BASE']);
      expect(h.events.of('onramp-error')[0]!.detail.cause).to.contain('http://api.example.test');
    });
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
