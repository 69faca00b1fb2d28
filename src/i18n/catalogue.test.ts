/**
 * Catalogues load on demand, and the widget picks its language as documented: `locale`, else the
 * buyer's `navigator.languages`, negotiated against the registry, among the merchant's `locales`.
 * (Each catalogue's completeness: test/node/catalogues.test.ts.)
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../define.js';
import type { OnrampCheckout } from '../components/onramp-checkout/onramp-checkout.js';
import {
  FakeApi,
  flush,
  part,
  text,
  API,
  CHECKOUT,
  PK_LIVE,
  SECRET,
} from '../components/onramp-checkout/onramp-checkout.test-helpers.js';
import { fill, loadMessages } from './catalogue.js';
import { en } from './messages.js';
import { loadPart } from '../parts/load-part.js';
import de from './locales/de.js';

// The element's causes and fixes come with its `later` part, loaded after the first paint: here already.
await loadPart('later');

describe('message catalogues', () => {
  it('loads a catalogue on demand, complete (the order form’s texts too)', async () => {
    const messages = await loadMessages('de');
    expect(messages).to.deep.equal(de);
    expect(messages['order.continue' as keyof typeof messages]).to.equal('Weiter');
    expect(await loadMessages('en')).to.equal(en);
  });

  it('fills placeholders with values as they are (templates stay templates, nothing is parsed)', () => {
    const value = { some: 'template' };
    expect(fill('{amount} delivered on {network}.', { amount: value, network: '<b>x</b>' })).to.deep.equal([
      '',
      value,
      ' delivered on ',
      '<b>x</b>',
      '.',
    ]);
  });
});

describe('<onramp-checkout> language', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
  });
  afterEach(() => {
    fixtureCleanup();
    sinon.restore();
    delete (navigator as { languages?: readonly string[] }).languages;
  });

  /** The buyer's browser languages, as `navigator.languages` says them. */
  const browserSays = (...languages: string[]) =>
    Object.defineProperty(navigator, 'languages', { value: Object.freeze(languages), configurable: true });

  async function mount(attributes: { locale?: string; locales?: string } = {}): Promise<OnrampCheckout> {
    const el = await fixture<OnrampCheckout>(
      html`<onramp-checkout publishable-key=${PK_LIVE} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT} locale=${attributes.locale ?? ''} locales=${attributes.locales ?? ''}></onramp-checkout>`,
    );
    await waitUntil(() => part(el, 'pay-button'), 'the order on screen');
    await flush(el);
    await flush(el);
    return el;
  }

  it('the `locale` attribute wins over the browser', async () => {
    browserSays('de-DE', 'en');
    const el = await mount({ locale: 'fr-FR' });
    await waitUntil(() => text(part(el, 'status')) === 'En attente de votre paiement');
    expect(text(part(el, 'pay-button'))).to.equal('Payer 100,00 $US');
  });

  const BROWSERS: [string, string, 'ltr' | 'rtl'][] = [
    ['pt-BR', 'pt-BR', 'ltr'],
    ['es-MX', 'es-419', 'ltr'],
    ['zh-TW', 'zh-Hant', 'ltr'],
    ['he', 'he', 'rtl'],
    ['fa-IR', 'fa', 'rtl'],
  ];
  for (const [tag, code, dir] of BROWSERS) {
    it(`${tag} in navigator.languages: the ${code} catalogue, ${dir}, with no locale attribute`, async () => {
      browserSays(tag, 'en');
      const messages = await loadMessages(code);
      const el = await mount();
      await waitUntil(() => part(el, 'base')?.lang === code, `lang ${String(part(el, 'base')?.lang)}`);
      expect(text(part(el, 'status'))).to.equal(messages['status.pending']);
      expect(part(el, 'base')!.dir).to.equal(dir);
    });
  }

  it('the merchant’s `locales` restrict the set: the buyer’s next language, else English', async () => {
    browserSays('ja-JP', 'de-DE');
    const el = await mount({ locales: 'en de' });
    await waitUntil(() => part(el, 'base')?.lang === 'de');
    browserSays('ja-JP');
    const other = await mount({ locales: 'en,de' });
    await flush(other);
    expect(part(other, 'base')!.lang).to.equal('en');
    expect(text(part(other, 'status'))).to.equal('Waiting for your payment');
  });

  it('an English buyer gets English at once, formatted in their English', async () => {
    browserSays('en-GB', 'de');
    const el = await mount();
    expect(part(el, 'base')!.lang).to.equal('en');
    expect(text(part(el, 'pay-button'))).to.equal('Pay US$100.00');
  });

  it('an invalid `locale` is skipped, not thrown: the browser’s language is used', async () => {
    browserSays('de');
    const el = await mount({ locale: 'not a locale!' });
    await waitUntil(() => text(part(el, 'status')) === 'Warten auf Ihre Zahlung');
  });

  it('changing `locale` re-renders in the new language, with no request to the API', async () => {
    browserSays('en');
    const el = await mount({ locale: 'en' });
    await loadMessages('ar');
    const requests = api.requests.length;
    el.locale = 'ar';
    await waitUntil(() => part(el, 'base')?.dir === 'rtl');
    expect(text(part(el, 'status'))).to.equal('في انتظار دفعتك');
    expect(api.requests.length).to.equal(requests);
  });

  it('onramp-error carries the message in the buyer’s language (once it has loaded on the page)', async () => {
    const first = await mount({ locale: 'de' });
    await waitUntil(() => part(first, 'base')?.lang === 'de');
    const errors: CustomEvent<{ code: string; message: string }>[] = [];
    document.addEventListener('onramp-error', (event) => errors.push(event), { once: true });
    const el = await fixture<OnrampCheckout>(
      html`<onramp-checkout locale="de" publishable-key="onramp_test_sk_abcdefghijklmnop1234" client-secret=${SECRET}></onramp-checkout>`,
    );
    await flush(el);
    await waitUntil(() => text(part(el, 'error')) === de['error.config']);
    expect(errors[0]!.detail.code).to.equal('SECRET_KEY_REFUSED');
    // The buyer's words (the checkout is not set up); the merchant's cause and fix stay English.
    expect(errors[0]!.detail.message).to.equal(de['error.config']);
    expect((errors[0]!.detail as { fix?: string }).fix).to.match(/publishable key/);
  });
});
