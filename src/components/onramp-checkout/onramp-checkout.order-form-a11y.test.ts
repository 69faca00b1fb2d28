/**
 * Amount first, accessible: axe clean in the five languages, light and dark, with a price, an amount
 * refused and a wallet refused on screen; and no sideways scroll in a 320 px card. Real time here:
 * axe runs on timers of its own.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { loadOrderPart } from '../../parts/later/load-order-part.js';
import {
  API,
  CHECKOUT,
  PK_TEST,
  expectAccessible,
  part,
  text,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

await loadOrderPart();

describe('<onramp-checkout> amount first, accessible', () => {
  const h = useWidgetHarness();

  async function mountForm(locale: string, theme: string): Promise<OnrampCheckout> {
    const el = await fixture<OnrampCheckout>(html`<onramp-checkout
      publishable-key=${PK_TEST}
      api-base=${API}
      checkout-origin=${CHECKOUT}
      locale=${locale}
      theme=${theme}
      session-url="/shop/onramp-session"
    ></onramp-checkout>`);
    await waitUntil(() => part(el, 'order-form'), 'the order form is drawn');
    return el;
  }

  async function type(el: OnrampCheckout, name: string, value: string): Promise<void> {
    const field = part(el, name) as HTMLInputElement;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await el.updateComplete;
  }

  for (const [locale, theme] of [
    ['en-US', 'light'],
    ['de-DE', 'dark'],
    ['fr-FR', 'light'],
    ['es-ES', 'dark'],
    ['ar', 'light'],
  ] as const)
    it(`is accessible in ${locale}, ${theme}, with a price and errors shown`, async () => {
      const el = await mountForm(locale, theme);
      await waitUntil(() => part(el, 'fees'), 'a price is shown');
      await expectAccessible(el);
      await type(el, 'amount-input', '5');
      await type(el, 'wallet-input', '0x12');
      part(el, 'wallet-input')!.dispatchEvent(new Event('blur'));
      await waitUntil(() => text(part(el, 'wallet-error')) !== '', 'the wallet error');
      await expectAccessible(el);
      expect(h.api.requests.length).to.be.at.least(1);
    });

  it('fits 320 px without sideways scroll', async () => {
    const el = await mountForm('de-DE', 'light');
    el.style.width = '320px';
    await waitUntil(() => part(el, 'fees'), 'a price is shown');
    const base = part(el, 'base')!;
    expect(base.scrollWidth).to.be.at.most(base.clientWidth + 1);
    expect(el.scrollWidth).to.be.at.most(320);
  });
});
