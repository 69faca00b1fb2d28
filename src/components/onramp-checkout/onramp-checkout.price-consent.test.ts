/**
 * Price consent (docs/design.md): a refreshed quote worse than the accepted price by more than
 * `price-tolerance` takes Pay's place with the new price beside the old and "Accept new price";
 * a better one replaces the old with a polite announcement; one worse within the tolerance is shown
 * with no step. Each change is an `onramp-price-change`.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  MIN,
  T0,
  clickPay,
  expectAccessible,
  flush,
  mount,
  navigateStub,
  part,
  text,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';
import { settle } from '../../../test/support/settle.js';

/** The session's price in the fake API's status view. */
const SESSION_PRICE = '0.029460317460317460';
/** 1.56 % less than the session's: beyond the default 0.5 %, within 2 %. */
const WORSE = '0.029';
/** 0.2 % less: within the default tolerance. */
const SLIGHTLY_WORSE = '0.0294';

describe('<onramp-checkout> price consent', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

  /** Mounts with the price expiring in 10 s, and the refresh answering `price`. */
  async function refreshedTo(price: string, tolerance?: string): Promise<OnrampCheckout> {
    fakeTime(10 * MIN);
    h.api.quoteExpiresAt = T0 + 10_000;
    h.api.nextQuotes.push(() =>
      h.api.respond(200, { success: true, data: { ...h.api.quote(), crypto_amount: price } }),
    );
    const el = await mount();
    if (tolerance !== undefined) el.setAttribute('price-tolerance', tolerance);
    await advance(10_000, el);
    expect(h.api.posts).to.have.length(1);
    return el;
  }

  const accept = (el: OnrampCheckout) => part(el, 'accept-price-button') as HTMLButtonElement | null;
  const details = () => h.events.of('onramp-price-change').map((event) => event.detail);

  it('a worse refreshed quote takes Pay’s place until the buyer accepts it; then Pay opens the checkout at the new price', async () => {
    const el = await refreshedTo(WORSE);
    expect(part(el, 'pay-button')).to.equal(null);
    expect(part(el, 'checkout-frame')).to.equal(null);
    const change = part(el, 'price-change');
    expect(change).to.exist;
    expect(text(part(el, 'previous-price'))).to.equal('Price you accepted ≈ 0.02946 ETH');
    expect(text(part(el, 'new-price'))).to.equal('New price ≈ 0.029 ETH');
    expect(text(change)).to.contain('The price has changed. Accept the new price to pay.');
    expect(text(part(el, 'announcer'))).to.equal('The price has changed. Accept the new price to pay.');
    expect(details()).to.deep.equal([{ previous: SESSION_PRICE, current: WORSE, accepted: false }]);
    const event = h.events.of('onramp-price-change')[0]!;
    expect(event.bubbles && event.composed).to.equal(true);
    // The order shows the new figures all along.
    expect(text(part(el, 'crypto-amount'))).to.contain('0.029 ETH');

    // Polls that keep the refreshed quote change nothing.
    await advance(6000, el);
    expect(accept(el)).to.exist;
    expect(details()).to.have.length(1);

    accept(el)!.click();
    await flush(el);
    expect(part(el, 'price-change')).to.equal(null);
    expect(details()).to.deep.equal([
      { previous: SESSION_PRICE, current: WORSE, accepted: false },
      { previous: SESSION_PRICE, current: WORSE, accepted: true },
    ]);
    await clickPay(el);
    await flush(el);
    expect(part(el, 'checkout-frame')).to.exist;
  });

  it('keyboard: focus on Pay moves to "Accept new price" when the price gets worse, then back to Pay once accepted', async () => {
    fakeTime(10 * MIN);
    h.api.quoteExpiresAt = T0 + 10_000;
    h.api.nextQuotes.push(() =>
      h.api.respond(200, { success: true, data: { ...h.api.quote(), crypto_amount: WORSE } }),
    );
    const el = await mount();
    (part(el, 'pay-button') as HTMLButtonElement).focus();
    await advance(10_000, el);
    await flush(el);
    expect(el.shadowRoot!.activeElement).to.equal(accept(el));
    // A native button: Enter and Space press it; the click is what they send.
    accept(el)!.click();
    await flush(el);
    await flush(el);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'pay-button'));
  });

  it('a better refreshed quote replaces the price with no step, announced politely', async () => {
    const el = await refreshedTo('0.031');
    expect(part(el, 'price-change')).to.equal(null);
    expect(part(el, 'pay-button')).to.exist;
    expect(text(part(el, 'announcer'))).to.equal('Better price: you now receive 0.031 ETH.');
    expect(part(el, 'announcer')!.getAttribute('aria-live')).to.equal('polite');
    expect(details()).to.deep.equal([{ previous: SESSION_PRICE, current: '0.031', accepted: true }]);
  });

  it('a price worse within the tolerance is shown with no step and no price announcement', async () => {
    const el = await refreshedTo(SLIGHTLY_WORSE);
    expect(part(el, 'price-change')).to.equal(null);
    expect(part(el, 'pay-button')).to.exist;
    expect(text(part(el, 'crypto-amount'))).to.contain('0.0294 ETH');
    expect(text(part(el, 'announcer'))).not.to.contain('Better price');
    expect(text(part(el, 'announcer'))).not.to.contain('The price has changed');
    expect(details()).to.deep.equal([{ previous: SESSION_PRICE, current: SLIGHTLY_WORSE, accepted: true }]);
  });

  it('price-tolerance is honoured: 2 % lets 1.56 % worse through, 0 % asks for any worse price', async () => {
    const loose = await refreshedTo(WORSE, '2');
    expect(part(loose, 'pay-button')).to.exist;
    expect(details()).to.deep.equal([{ previous: SESSION_PRICE, current: WORSE, accepted: true }]);
  });

  it('price-tolerance="0" asks for consent on any worse price', async () => {
    const strict = await refreshedTo(SLIGHTLY_WORSE, '0');
    expect(part(strict, 'pay-button')).to.equal(null);
    expect(accept(strict)).to.exist;
    expect(details()).to.deep.equal([{ previous: SESSION_PRICE, current: SLIGHTLY_WORSE, accepted: false }]);
  });

  it('with the checkout open, a worse price closes the frame in favour of the consent step', async () => {
    fakeTime(10 * MIN);
    h.api.quoteExpiresAt = T0 + 10_000;
    h.api.nextQuotes.push(() =>
      h.api.respond(200, { success: true, data: { ...h.api.quote(), crypto_amount: WORSE } }),
    );
    // The frame posts no `ready` here: its fallback (a popup, then the page) must not leave the test.
    sinon.stub(window, 'open').returns(null);
    navigateStub();
    const el = await mount();
    await clickPay(el);
    expect(part(el, 'checkout-frame')).to.exist;
    await advance(10_000, el);
    expect(part(el, 'checkout-frame')).to.equal(null);
    expect(part(el, 'fallback-link')).to.equal(null);
    expect(accept(el)).to.exist;
  });

  for (const theme of ['light', 'dark'] as const)
    it(`the consent step is accessible (${theme}) and fits 320 px without sideways scroll`, async () => {
      fakeTime(10 * MIN);
      h.api.quoteExpiresAt = T0 + 10_000;
      h.api.nextQuotes.push(() =>
        h.api.respond(200, { success: true, data: { ...h.api.quote(), crypto_amount: '0.000012345678901234' } }),
      );
      const el = await mount({ theme });
      el.style.width = '320px';
      el.style.display = 'block';
      await advance(10_000, el);
      expect(accept(el)).to.exist;
      h.clock?.restore(); // axe runs on real timers
      await expectAccessible(el);
      const base = part(el, 'base')!;
      expect(base.scrollWidth).to.be.at.most(base.clientWidth);
      for (const name of ['price-change', 'previous-price', 'new-price', 'accept-price-button'])
        expect(part(el, name)!.getBoundingClientRect().right).to.be.at.most(base.getBoundingClientRect().right + 1);
    });

  for (const [locale, label] of Object.entries({
    de: 'Neuen Preis akzeptieren',
    fr: 'Accepter le nouveau prix',
    es: 'Aceptar el nuevo precio',
    ar: 'قبول السعر الجديد',
  }))
    it(`${locale}: the consent step in the buyer's language`, async () => {
      fakeTime(10 * MIN);
      h.api.quoteExpiresAt = T0 + 10_000;
      h.api.nextQuotes.push(() =>
        h.api.respond(200, { success: true, data: { ...h.api.quote(), crypto_amount: WORSE } }),
      );
      const el = await mount({ locale });
      // The catalogue and the `later` part load over the network, in real time.
      await waitFor(() => !text(part(el, 'status')).startsWith('Waiting'));
      await advance(10_000, el);
      await waitFor(() => accept(el) !== null);
      expect(text(accept(el))).to.equal(label);
      expect(text(part(el, 'previous-price'))).not.to.contain('Price you accepted');
    });
});

/** Polls `condition` in real time (the fake clock does not move the network). */
async function waitFor(condition: () => boolean, tries = 200): Promise<void> {
  for (let i = 0; !condition(); i += 1) {
    if (i >= tries) throw new Error('timed out');
    await settle();
  }
}
