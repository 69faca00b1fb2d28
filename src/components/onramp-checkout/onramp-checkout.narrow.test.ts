/**
 * The card at the narrowest width it supports: in a 280 px container, in every state and every
 * language of the registry and the pseudo-locale (texts 40 % longer, accented), nothing leaves the
 * card and nothing scrolls sideways, and no English word is left in another language's card (brand
 * names and codes aside); axe finds nothing in the quote, paying and final states of each. The
 * order is the widest one the sandbox allows (10,000.00 of the fiat for MATIC, whose figures are the
 * longest), with the test badge, fees, both countdowns and a long request id. Narrower containers
 * are not supported. Every language in Chromium; English, the pseudo-locale and the right-to-left
 * languages in Firefox and WebKit (the layouts that differ by engine).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { loadMessages, provideMessages, wantedKey } from '../../i18n/catalogue.js';
import { englishCatalogue } from '../../../scripts/i18n/english-catalogue.js';
import { PSEUDO_LOCALE, pseudoCatalogue } from '../../i18n/pseudo-locale.test-helpers.js';
import { loadOrderPart } from '../../parts/later/load-order-part.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  API,
  CHECKOUT,
  PK_TEST,
  SECRET,
  T0,
  clickPaySync,
  flush,
  hanging,
  navigateStub,
  part,
  useWidgetHarness,
  expectAccessible,
  type FakeApi,
} from './onramp-checkout.test-helpers.js';

// The order form's part, as the `later` part loads it for an element without a client secret.
await loadOrderPart();
provideMessages(
  { locale: PSEUDO_LOCALE, language: PSEUDO_LOCALE, dir: 'ltr' },
  pseudoCatalogue(),
  wantedKey([PSEUDO_LOCALE], null),
);
const CHROMIUM = navigator.userAgent.includes('Chrome/');
const LANGUAGES_HERE = [
  ...LANGUAGES.filter((entry) => CHROMIUM || entry.code === 'en' || entry.dir === 'rtl').map((entry) => entry.code),
  PSEUDO_LOCALE,
];
/** The states whose texts and accessibility every language must hold (issue #35). */
const CHECKED_STATES = new Set([
  'the quote, with fees and countdowns',
  'paying in the frame',
  'processing',
  'completed, with the transaction link',
  'failed',
  'expired',
]);

/** Words of four letters or more, lower-cased. */
const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
const BRANDS = new Set(['ethereum', 'polygon', 'base', 'matic', 'usdc', 'usdt']);
const ENGLISH_WORDS = wordsOf(
  Object.values(englishCatalogue)
    .join(' ')
    .replace(/\{\w+\}/g, ' '),
);

/** English words on the card that the language's own texts do not use (a borrowed word may be both). */
async function englishLeft(el: OnrampCheckout, language: string): Promise<string[]> {
  if (language === 'en' || language === PSEUDO_LOCALE) return [];
  const own = wordsOf(Object.values(await loadMessages(language)).join(' '));
  const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.parentElement?.localName !== 'style') texts.push(node.textContent ?? '');
  const shown = [
    ...texts,
    ...[...el.shadowRoot!.querySelectorAll('[aria-label],[title]')].map(
      (node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('title') ?? ''}`,
    ),
  ].join(' ');
  return [...wordsOf(shown)].filter((word) => ENGLISH_WORDS.has(word) && !own.has(word) && !BRANDS.has(word));
}

const WIDTH = 280;
/** Layout rounds to device pixels: a box may end a fraction of a pixel past another. */
const ROUNDING = 1;
/**
 * The widget shows a server's request id as it comes, and ids have no fixed length: this one is a
 * W3C trace id (32 hex digits), as many servers use, longer than the sandbox's own.
 */
const REQUEST_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

/** The largest order the API takes, in the asset whose amounts print longest. */
function largestOrder(api: FakeApi): void {
  const view = api.statusView.bind(api);
  api.statusView = () => ({
    ...view(),
    fiat_amount: 1_000_000,
    crypto_currency: 'MATIC',
    network: 'polygon',
    crypto_amount: '21069.789123456789012345',
    estimated_crypto_amount: '21069.789123456789012345',
    exchange_rate: 0.4462,
    fees: { platform_fee: 100, network_fee: 0.02, processing_fee: 249 },
  });
  const quote = api.quote.bind(api);
  api.quote = () => ({
    ...quote(),
    fiat_amount: 1_000_000,
    crypto_currency: 'MATIC',
    network: 'polygon',
    crypto_amount: '21069.789123456789012345',
    exchange_rate: 0.4462,
    fees: { platform_fee: 100, network_fee: 0.02, processing_fee: 249, total_fee: 349.02 },
  });
}

/** Every box under the element that is not inside the card's, as `tag.class: how far out`. */
function outsideTheCard(el: OnrampCheckout): string[] {
  const card = part(el, 'base')!.getBoundingClientRect();
  const out: string[] = [];
  // A select's options are drawn by the browser's own popup, not in the card's box.
  for (const node of el.shadowRoot!.querySelectorAll('*:not(option)')) {
    const box = node.getBoundingClientRect();
    const past = {
      left: card.left - box.left,
      right: box.right - card.right,
      top: card.top - box.top,
      bottom: box.bottom - card.bottom,
    };
    const sides = Object.entries(past).filter(([, by]) => by > ROUNDING);
    if (sides.length)
      out.push(
        `${node.localName}.${node.getAttribute('class') ?? ''} "${node.textContent?.trim().slice(0, 30)}" ${sides.map(([side, by]) => `${side} +${by.toFixed(1)}px`).join(' ')}`,
      );
  }
  return out;
}

describe('<onramp-checkout> in a 280 px container', () => {
  const h = useWidgetHarness();

  /** What each state needs before mounting, and after it, to be on screen. */
  const states: [label: string, status: string, setup?: () => void, act?: (el: OnrampCheckout) => Promise<void>][] = [
    ['loading', 'loading', () => h.api.nextGets.push(hanging().handler)],
    ['the quote, with fees and countdowns', 'pending'],
    [
      'the quote expired, a new one on its way',
      'pending',
      () => {
        h.api.quoteExpiresAt = T0 - 1000;
        h.api.nextQuotes.push(hanging().handler);
      },
      (el) => waitFor(el, () => part(el, 'quote-countdown')?.classList.contains('expired') === true, 'price expired'),
    ],
    [
      'the price updated',
      'pending',
      () => (h.api.quoteExpiresAt = T0 + 1000),
      async (el) => {
        await h.advance(1000, el); // the price expires and is refreshed
        await waitFor(el, () => el.shadowRoot!.querySelector('.notice') !== null, '"Price updated."');
      },
    ],
    [
      'an error over the order, with its reference',
      'pending',
      undefined,
      async (el) => {
        h.api.nextGets.push(() =>
          h.api.respond(503, {
            success: false,
            error: { code: 'INTERNAL_ERROR', message: 'Try again', request_id: REQUEST_ID },
          }),
        );
        document.dispatchEvent(new Event('visibilitychange')); // polls now
        await waitFor(el, () => part(el, 'error') !== null, 'the error notice');
      },
    ],
    [
      'paying in the frame',
      'pending',
      undefined,
      async (el) => {
        clickPaySync(el);
        await waitFor(el, () => part(el, 'checkout-frame') !== null, 'the checkout frame');
      },
    ],
    [
      'paying in a popup',
      'pending',
      undefined,
      async (el) => {
        sinon.stub(window, 'open').returns({ closed: false } as Window);
        el.mode = 'popup';
        await el.updateComplete;
        clickPaySync(el);
        await waitFor(
          el,
          () => el.shadowRoot!.querySelector('.status + [part=pay-button]') !== null,
          'the reopen button',
        );
      },
    ],
    [
      'the fallback link',
      'pending',
      undefined,
      async (el) => {
        sinon.stub(window, 'open').returns(null);
        navigateStub();
        el.mode = 'popup';
        await el.updateComplete;
        clickPaySync(el);
        await waitFor(el, () => part(el, 'fallback-link') !== null, 'the fallback link');
      },
    ],
    ['processing', 'processing', () => (h.api.status = 'processing')],
    [
      'completed, with the transaction link',
      'completed',
      () => (h.api.status = 'completed'),
      (el) => waitFor(el, () => part(el, 'tx-link') !== null, 'the transaction link'),
    ],
    ['failed', 'failed', () => (h.api.status = 'failed')],
    ['expired', 'expired', () => (h.api.status = 'expired')],
    [
      'an error, with its reference',
      'error',
      () =>
        h.api.nextGets.push(() =>
          h.api.respond(404, {
            success: false,
            error: { code: 'NOT_FOUND', message: 'No session', request_id: REQUEST_ID },
          }),
        ),
    ],
  ];

  for (const language of LANGUAGES_HERE) {
    describe(language, () => {
      // Loaded once in real time: under fake time a busy machine's module fetch would outlast the flushes below.
      before(() => (language === PSEUDO_LOCALE ? undefined : loadMessages(language)));
      for (const [label, status, setup, act] of states) {
        it(`${label}: nothing leaves the card, nothing scrolls sideways`, async () => {
          h.fakeTime();
          largestOrder(h.api);
          setup?.();
          const wrapper = await fixture<HTMLDivElement>(html`<div style="width: ${WIDTH}px">
            <onramp-checkout
              publishable-key=${PK_TEST}
              client-secret=${SECRET}
              api-base=${API}
              checkout-origin=${CHECKOUT}
              locale=${language}
              mode="embedded"
            ></onramp-checkout>
          </div>`);
          const el = wrapper.querySelector('onramp-checkout')!;
          // The catalogue loads on first use.
          await waitFor(el, () => part(el, 'base')?.getAttribute('lang') === language, `the ${language} catalogue`);
          await act?.(el);
          expect(el.status).to.equal(status);
          expect(part(el, 'test-badge'), 'test badge').to.exist;

          // Boxes first: a failure then names what left the card.
          expect(outsideTheCard(el)).to.deep.equal([]);
          for (const [name, box] of [
            ['container', wrapper],
            ['element', el],
            ['card', part(el, 'base')!],
          ] as const)
            expect(box.scrollWidth, `${name} scrollWidth`).to.be.at.most(box.clientWidth);
          expect(el.getBoundingClientRect().width).to.be.at.most(WIDTH);
          if (CHECKED_STATES.has(label)) {
            expect(await englishLeft(el, language), 'English words left').to.deep.equal([]);
            // axe runs on timers of its own: the real ones from here on.
            h.clock?.restore();
            if (CHROMIUM) await expectAccessible(el);
          }
        });
      }

      it('the order form (amount first), with a price and both errors: nothing leaves the card', async () => {
        const wrapper = await fixture<HTMLDivElement>(html`<div style="width: ${WIDTH}px">
          <onramp-checkout
            publishable-key=${PK_TEST}
            api-base=${API}
            checkout-origin=${CHECKOUT}
            locale=${language}
            session-url="/shop/onramp-session"
          ></onramp-checkout>
        </div>`);
        const el = wrapper.querySelector('onramp-checkout')!;
        await waitUntil(() => part(el, 'fees') && part(el, 'base')?.getAttribute('lang') === language, 'a price');
        for (const [name, value] of [
          ['amount-input', '20000'],
          ['wallet-input', '0x12'],
        ] as const) {
          const field = part(el, name) as HTMLInputElement;
          field.value = value;
          field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
          field.dispatchEvent(new Event('blur'));
        }
        await waitUntil(
          () => part(el, 'amount-error')?.textContent?.trim() && part(el, 'wallet-error')?.textContent?.trim(),
          'both errors',
        );
        expect(outsideTheCard(el)).to.deep.equal([]);
        expect(wrapper.scrollWidth, 'container scrollWidth').to.be.at.most(wrapper.clientWidth);
        expect(part(el, 'base')!.scrollWidth, 'card scrollWidth').to.be.at.most(part(el, 'base')!.clientWidth);
        expect(await englishLeft(el, language), 'English words left').to.deep.equal([]);
        if (CHROMIUM) await expectAccessible(el);
      });
    });
  }
});

/** Lets the element work (fake time stands still) until `done`, or fails naming `what`. */
async function waitFor(el: OnrampCheckout, done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 50 && !done(); i += 1) await flush(el);
  expect(done(), what).to.equal(true);
}
