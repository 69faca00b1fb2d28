/**
 * The session (and the buyer's texts) handed over in a `<script type="application/json">` child, as
 * `onramp-checkout/ssr` writes it: used at once when no `session` property is set, parsed as outside
 * data, and harmless when wrong.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { createdSession } from '../../../test/support/fake-onramp-api.js';
import es from '../../i18n/locales/es.js';
import {
  API,
  CHECKOUT,
  FAKED,
  FakeApi,
  flush,
  part,
  PK_TEST,
  SECRET,
  T0,
  text,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout> session data block', () => {
  let api: FakeApi;
  let clock: sinon.SinonFakeTimers;
  const mounted: Element[] = [];

  /** The element as a server writes it: attributes and the data block child, then connected. */
  function mountWithBlock(
    blockText: string,
    attributes: Record<string, string> = {},
    session?: unknown,
  ): OnrampCheckout {
    const el = document.createElement('onramp-checkout');
    for (const [name, value] of Object.entries({
      'publishable-key': PK_TEST,
      'client-secret': SECRET,
      'api-base': API,
      'checkout-origin': CHECKOUT,
      locale: 'en-US',
      ...attributes,
    })) {
      el.setAttribute(name, value);
    }
    if (session !== undefined) el.session = session;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = blockText;
    el.append(script);
    document.body.append(el);
    mounted.push(el);
    return el;
  }

  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
  });

  afterEach(() => {
    for (const el of mounted.splice(0)) el.remove();
    clock.restore();
    sinon.restore();
  });

  it('shows the session of the data block in the first render, before any request', async () => {
    const el = mountWithBlock(JSON.stringify({ session: createdSession(), locale: 'en-US' }));
    await el.updateComplete;
    expect(el.status).to.equal('pending');
    expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
    expect(text(part(el, 'fees'))).to.contain('Total fees $7.20');
    expect(text(part(el, 'quote-countdown'))).to.contain('05:00');
    await flush(el);
    // Polling starts after that render, as with the `session` property.
    expect(api.gets).to.have.length(1);
  });

  it('speaks the language of the data block at once, with the texts it carries', async () => {
    const messages = { ...es, title: 'Comprar {asset} (del servidor)' };
    const block = { session: createdSession(), locale: 'es-ES', language: 'es', dir: 'ltr', messages };
    const el = mountWithBlock(JSON.stringify(block), { locale: 'es-ES' });
    await el.updateComplete;
    expect(text(el.shadowRoot!.querySelector('h2'))).to.equal('Comprar ETH (del servidor)');
    expect(el.shadowRoot!.querySelector('[part=base]')!.getAttribute('lang')).to.equal('es');
  });

  it('takes its direction from the data block (the registry is not in the script-tag file)', async () => {
    const { default: he } = await import('../../i18n/locales/he.js');
    const block = { session: createdSession(), locale: 'he-IL', language: 'he', dir: 'rtl', messages: he };
    const el = mountWithBlock(JSON.stringify(block), { locale: 'he-IL' });
    await el.updateComplete;
    const base = el.shadowRoot!.querySelector('[part=base]')!;
    expect([base.getAttribute('lang'), base.getAttribute('dir')]).to.deep.equal(['he', 'rtl']);
    expect(text(part(el, 'status'))).to.equal(he['status.pending']);
  });

  it('a `session` property set before connecting wins over the data block', async () => {
    const block = JSON.stringify({ session: { ...createdSession(), estimated_crypto_amount: '9.99' } });
    const el = mountWithBlock(block, {}, createdSession());
    await el.updateComplete;
    expect(text(part(el, 'crypto-amount'))).to.contain('0.02946 ETH');
  });

  for (const [what, blockText] of [
    ['not JSON', '{"session": '],
    ['JSON of another shape', '["session"]'],
    ['a session that is not one', JSON.stringify({ session: { session_id: 42 } })],
  ] as const) {
    it(`a data block that is ${what} is ignored: the session is fetched`, async () => {
      const el = mountWithBlock(blockText);
      await el.updateComplete;
      expect(el.status).to.equal('loading');
      await flush(el);
      expect(api.gets).to.have.length(1);
      expect(el.status).to.equal('pending');
    });
  }
});
