/**
 * Amount first, the order attributes that preset the form: followed until the buyer changes
 * something, so a framework may set them after the form's first render (which is the element's
 * first render when the order part is already on the page: a second widget, or one a server drew);
 * after that, what the buyer chose stays.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { loadOrderPart } from '../../parts/later/load-order-part.js';
import { API, CHECKOUT, PK_TEST, part, useWidgetHarness } from './onramp-checkout.test-helpers.js';

await loadOrderPart();

describe('<onramp-checkout> amount first, presets', () => {
  useWidgetHarness();

  const value = (el: OnrampCheckout, name: string) => (part(el, name) as HTMLInputElement | HTMLSelectElement).value;

  /** Sets the attributes and asks for the update a framework's own would bring (only the form reads them). */
  async function preset(el: OnrampCheckout, attributes: Record<string, string>): Promise<void> {
    for (const [name, given] of Object.entries(attributes)) el.setAttribute(name, given);
    el.requestUpdate();
    await el.updateComplete;
  }

  it('follows attributes set after its first render until the buyer changes something, then keeps what the buyer chose', async () => {
    const el = await fixture<OnrampCheckout>(html`<onramp-checkout
      publishable-key=${PK_TEST}
      api-base=${API}
      checkout-origin=${CHECKOUT}
      locale="en-US"
      session-url="/shop/onramp-session"
    ></onramp-checkout>`);
    await waitUntil(() => part(el, 'order-form'), 'the order form is drawn');
    expect(value(el, 'amount-input')).to.equal('100');
    await preset(el, { 'fiat-amount': '7500', 'crypto-currency': 'USDC' });
    expect(value(el, 'amount-input')).to.equal('75');
    expect(value(el, 'crypto-select')).to.equal('USDC');
    const amount = part(el, 'amount-input') as HTMLInputElement;
    amount.value = '250';
    amount.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await preset(el, { 'fiat-amount': '5000', 'crypto-currency': 'ETH' });
    expect(value(el, 'amount-input')).to.equal('250');
    expect(value(el, 'crypto-select')).to.equal('USDC');
  });
});
