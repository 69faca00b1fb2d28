/**
 * The moment before the `later` part arrives (every other suite loads it first, as it is a moment
 * into any page): the order is painted without it, the part is asked for after that first paint,
 * and an error found before it waits for it, so that its event still carries the cause and the fix,
 * in order with the events around it. This file must not import the shared harness (which loads the
 * part at once).
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { loaded } from '../../parts/parts.js';
import { API, CHECKOUT, PK, SECRET, statusViewBody } from '../../../test/support/fake-onramp-api.js';
import { stubResponse } from '../../../test/support/settle.js';

describe('<onramp-checkout> before its later part', () => {
  afterEach(() => {
    fixtureCleanup();
    sinon.restore();
  });

  // One test: the part, once here, stays for the page (as on a merchant's page with two widgets).
  it('paints the order without the part, asks for it after; an error found before it waits for its words', async () => {
    sinon.stub(window, 'fetch').callsFake(() =>
      Promise.resolve(
        stubResponse(JSON.stringify({ success: true, data: statusViewBody({ status: 'pending' }) }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', Date: new Date().toUTCString() },
        }),
      ),
    );
    const events: CustomEvent[] = [];
    const record = (event: Event) => events.push(event as CustomEvent);
    for (const type of ['onramp-error', 'onramp-status-change']) document.addEventListener(type, record);
    try {
      expect(loaded.later).to.equal(undefined);
      const misconfigured = await fixture<OnrampCheckout>(
        html`<onramp-checkout publishable-key="onramp_live_pk_abc" client-secret=${SECRET} checkout-origin=${CHECKOUT}></onramp-checkout>`,
      );
      const el = await fixture<OnrampCheckout>(
        html`<onramp-checkout publishable-key=${PK} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT} locale="en-US"></onramp-checkout>`,
      );
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="quote"]'), 'the order is painted');
      await waitUntil(() => loaded.later, 'the later part arrived after the first paint');
      // The misconfigured element's events waited for the part: the cause and fix are its words.
      await waitUntil(() => events.some((event) => event.target === misconfigured && event.type === 'onramp-error'));
      const own = events.filter((event) => event.target === misconfigured);
      expect(own.map((event) => event.type)).to.deep.equal(['onramp-error', 'onramp-status-change']);
      const detail = own[0]!.detail as { code: string; fix: string };
      expect(detail.code).to.equal('MISSING_API_BASE');
      expect(detail.fix).to.contain('api-base="https://');
      expect(misconfigured.status).to.equal('error');
      expect(el.status).to.equal('pending');
    } finally {
      for (const type of ['onramp-error', 'onramp-status-change']) document.removeEventListener(type, record);
    }
  });
});
