/**
 * The catalogues are complete (a missing or extra key, or a lost `{placeholder}`, fails here), and
 * the widget picks its language as documented: `locale`, else the nearest `lang`, else the browser.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
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
import { directionOf, fill, languageOf, LANGUAGES, loadMessages } from './catalogue.js';
import { en } from './messages.js';
import { enScreens } from './messages-screens.js';
import { loadPart } from '../parts/load-part.js';
import ar from './locales/ar.js';
import de from './locales/de.js';
import es from './locales/es.js';
import fr from './locales/fr.js';

// The element's causes and fixes come with its `later` part, loaded after the first paint: here already.
await loadPart('later');

const CATALOGUES = { de, fr, es, ar };
const placeholders = (message: string) => (message.match(/\{\w+\}/g) ?? []).sort();

describe('message catalogues', () => {
  for (const [language, messages] of Object.entries(CATALOGUES)) {
    it(`${language}: exactly the English keys, each translated, with the same placeholders`, () => {
      // The first paint's keys and the screens' (whose English is in the `later` part).
      const all: Record<string, string> = { ...en, ...enScreens };
      expect(Object.keys(messages).sort()).to.deep.equal(Object.keys(all).sort());
      for (const [key, english] of Object.entries(all)) {
        const message = messages[key as keyof typeof messages];
        expect(message.trim(), `${language} ${key}`).not.to.equal('');
        expect(placeholders(message), `${language} ${key}`).to.deep.equal(placeholders(english));
      }
      // Proper names aside, a catalogue that is mostly English was not translated.
      const same = Object.keys(all).filter((key) => messages[key as keyof typeof messages] === all[key]);
      expect(same.length, `untranslated in ${language}: ${same.join(', ')}`).to.be.below(3);
    });
  }

  it('every language the widget offers has a catalogue, and Arabic is right to left', () => {
    expect([...LANGUAGES].sort()).to.deep.equal(['ar', 'de', 'en', 'es', 'fr']);
    expect(LANGUAGES.map(directionOf)).to.deep.equal(['ltr', 'ltr', 'ltr', 'ltr', 'rtl']);
  });

  it('loads a catalogue on demand, complete', async () => {
    expect(await loadMessages('de')).to.deep.equal(de);
    expect(await loadMessages('en')).to.equal(en);
  });

  it('maps a locale to its language by the primary subtag, else English', () => {
    expect(['de-AT', 'fr-CA', 'es-419', 'ar-EG', 'ar', 'en-GB', 'ja-JP', 'arn', 'und'].map(languageOf)).to.deep.equal([
      'de',
      'fr',
      'es',
      'ar',
      'ar',
      'en',
      'en',
      'en',
      'en',
    ]);
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
    delete (navigator as { language?: string }).language;
  });

  async function mountIn(lang: string | null, locale?: string): Promise<OnrampCheckout> {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <onramp-checkout publishable-key=${PK_LIVE} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT}></onramp-checkout>
    </div>`);
    if (lang) wrapper.lang = lang;
    const el = wrapper.querySelector('onramp-checkout')!;
    if (locale) el.locale = locale;
    // Connected before `lang` was set: re-resolve as a framework re-rendering would.
    el.remove();
    wrapper.append(el);
    await flush(el);
    await flush(el);
    return el;
  }

  it('the `locale` attribute wins over the page', async () => {
    const el = await mountIn('de', 'fr-FR');
    expect(text(part(el, 'status'))).to.equal('En attente de votre paiement');
    expect(text(part(el, 'pay-button'))).to.equal('Payer 100,00 $US');
  });

  it('else the nearest `lang` (the page’s)', async () => {
    const el = await mountIn('es-ES');
    expect(text(part(el, 'status'))).to.equal('Esperando tu pago');
    expect(part(el, 'base')!.lang).to.equal('es');
  });

  it('else the browser’s language', async () => {
    const pageLang = document.documentElement.lang;
    document.documentElement.removeAttribute('lang');
    Object.defineProperty(navigator, 'language', { value: 'de-CH', configurable: true });
    try {
      const el = await mountIn(null);
      expect(text(part(el, 'status'))).to.equal('Warten auf Ihre Zahlung');
      // Swiss German number formats, German texts.
      expect(text(part(el, 'pay-button'))).to.match(/^\$ 100\.00 bezahlen$/);
    } finally {
      if (pageLang) document.documentElement.lang = pageLang;
    }
  });

  it('a language without a catalogue: English texts, its own number formats', async () => {
    const el = await mountIn('ja-JP');
    expect(text(part(el, 'status'))).to.equal('Waiting for your payment');
    expect(text(part(el, 'pay-button'))).to.equal('Pay $100.00');
    expect(part(el, 'base')!.lang).to.equal('en');
  });

  it('an invalid `locale` is skipped, not thrown', async () => {
    const el = await mountIn('de', 'not a locale!');
    expect(text(part(el, 'status'))).to.equal('Warten auf Ihre Zahlung');
  });

  it('changing `locale` re-renders in the new language', async () => {
    const el = await mountIn(null, 'en');
    el.locale = 'ar';
    await flush(el);
    await flush(el);
    expect(text(part(el, 'status'))).to.equal('في انتظار دفعتك');
    expect(part(el, 'base')!.dir).to.equal('rtl');
  });

  it('onramp-error carries the message in the buyer’s language', async () => {
    await loadMessages('de');
    const errors: CustomEvent<{ code: string; message: string }>[] = [];
    document.addEventListener('onramp-error', (event) => errors.push(event), { once: true });
    const el = await fixture<OnrampCheckout>(
      html`<onramp-checkout locale="de" publishable-key="onramp_test_sk_abcdefghijklmnop1234" client-secret=${SECRET}></onramp-checkout>`,
    );
    await flush(el);
    expect(errors[0]!.detail.code).to.equal('SECRET_KEY_REFUSED');
    // The buyer's words (the checkout is not set up); the merchant's cause and fix stay English.
    expect(errors[0]!.detail.message).to.equal(de['error.config']);
    expect(text(part(el, 'error'))).to.equal(de['error.config']);
    expect((errors[0]!.detail as { fix?: string }).fix).to.match(/publishable key/);
  });
});
