/**
 * Accessibility of `<onramp-checkout>` as a buyer meets it: axe (WCAG 2.2 AA) in every state, light
 * and dark; what the live region says and when; keyboard use and where focus goes; reduced motion,
 * forced colours; a 320 px container and text at 200 %.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import sinon from 'sinon';
import { canEmulateMedia } from '../../../test/support/engine.js';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  API,
  CHECKOUT,
  FAKED,
  FakeApi,
  MIN,
  PK_LIVE,
  SECRET,
  T0,
  clickPaySync,
  expectAccessible,
  flush,
  hanging,
  mount,
  navigateStub,
  part,
  text,
  type MountOptions,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout> accessibility', () => {
  let api: FakeApi;
  let clock: sinon.SinonFakeTimers | null;

  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
    clock = null;
  });

  afterEach(async () => {
    fixtureCleanup();
    clock?.restore();
    sinon.restore();
    if (canEmulateMedia)
      await emulateMedia({ reducedMotion: 'no-preference', forcedColors: 'none', colorScheme: 'light' });
  });

  // The checkout frame's states (paying, focus moving into the frame and out of it to the result) are
  // checked end to end in test/e2e/accessibility.e2e.ts: focusing a frame stalls this runner's page.
  describe('axe finds nothing, in every state, light and dark', () => {
    // Real timers (axe schedules its own work), so deadlines are set from the real clock.
    beforeEach(() => {
      api.quoteExpiresAt = Date.now() + 5 * MIN;
      api.expiresAt = Date.now() + 30 * MIN;
    });

    const states: [
      label: string,
      status: string,
      setup: () => void,
      act?: (el: OnrampCheckout) => Promise<void>,
      options?: MountOptions,
    ][] = [
      ['loading', 'loading', () => api.nextGets.push(hanging().handler)],
      ['the quote, test mode', 'pending', () => {}],
      ['the quote, live key (no test badge)', 'pending', () => {}, undefined, { key: PK_LIVE }],
      [
        'the quote expired, a new one on its way',
        'pending',
        () => {
          api.quoteExpiresAt = Date.now() - 1000;
          api.nextQuotes.push(hanging().handler);
        },
      ],
      ['processing', 'processing', () => (api.status = 'processing')],
      ['completed', 'completed', () => (api.status = 'completed')],
      ['failed', 'failed', () => (api.status = 'failed')],
      ['expired', 'expired', () => (api.status = 'expired')],
      ['an error', 'error', () => api.nextGets.push(() => api.error(404, 'NOT_FOUND'))],
      [
        'a recoverable error over the order',
        'pending',
        () => {},
        async (el) => {
          api.nextGets.push(() => api.error(503, 'INTERNAL_ERROR'));
          document.dispatchEvent(new Event('visibilitychange')); // polls now
          await flush(el);
          expect(part(el, 'error'), 'error shown').to.exist;
        },
      ],
      [
        'the fallback link',
        'pending',
        () => {},
        async (el) => {
          // No `ready` from the frame and a blocked popup: the last fallback is a link.
          sinon.stub(window, 'open').returns(null);
          navigateStub();
          el.mode = 'popup';
          await el.updateComplete;
          clickPaySync(el);
          await el.updateComplete;
          expect(part(el, 'fallback-link')).to.exist;
        },
      ],
      ['Arabic, right to left', 'pending', () => {}, undefined, { locale: 'ar' }],
      ['Arabic, completed', 'completed', () => (api.status = 'completed'), undefined, { locale: 'ar' }],
    ];
    for (const theme of ['light', 'dark'] as const) {
      for (const [label, status, setup, act, options] of states) {
        it(`${label} (${theme})`, async () => {
          setup();
          const el = await mount({ ...options, theme });
          if (options?.locale) await flush(el); // the catalogue loads on first use
          await act?.(el);
          expect(el.status).to.equal(status);
          await expectAccessible(el);
        });
      }
    }

    // `light-dark()` under `color-scheme: light dark`: the engine's preferred scheme picks the palette.
    // Where the runner cannot emulate a dark preference (Firefox, WebKit), the engine's own one is used.
    it('auto theme follows the preferred colour scheme (dark, where it can be emulated)', async () => {
      if (canEmulateMedia) await emulateMedia({ colorScheme: 'dark' });
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      const el = await mount({ theme: 'auto' });
      // The card background of the dark palette (#161a22) or of the light one (#fff).
      expect(getComputedStyle(part(el, 'base')!).backgroundColor).to.equal(
        dark ? 'rgb(22, 26, 34)' : 'rgb(255, 255, 255)',
      );
      if (canEmulateMedia) expect(dark, 'emulated dark preference').to.equal(true);
      await expectAccessible(el);
    });
  });

  describe('the live region', function () {
    // Minutes of fake time, walked with real work in between: slower on a loaded machine.
    this.timeout(30_000);
    /**
     * Moves fake time by `seconds`, ten at a time: the countdown still fires (and the element renders)
     * every second inside each step; between steps real work finishes (response bodies). The clock is
     * bound here, so a walk cut short by a timeout cannot go on moving the next test's clock.
     */
    async function walk(el: OnrampCheckout, seconds: number): Promise<void> {
      const fake = clock!;
      for (let done = 0; done < seconds; done += 10) {
        await fake.tickAsync(Math.min(10, seconds - done) * 1000);
        await flush(el);
      }
    }

    /** Every text the live region took, in order, while `run` goes. */
    async function announcements(el: OnrampCheckout, run: () => Promise<void>): Promise<string[]> {
      const region = part(el, 'announcer')!;
      const said: string[] = [text(region)];
      const observer = new MutationObserver(() => {
        const now = text(region);
        if (now !== said.at(-1)) said.push(now);
      });
      observer.observe(region, { childList: true, subtree: true, characterData: true });
      await run();
      observer.disconnect();
      return said;
    }

    it('says the last minute of the price, its expiry and the new price once each, not every second', async () => {
      clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
      const el = await mount();
      const region = part(el, 'announcer')!;
      expect(region.getAttribute('aria-live')).to.equal('polite');
      // The countdowns tick every second but are not live regions.
      for (const name of ['quote-countdown', 'session-countdown']) {
        expect(part(el, name)!.getAttribute('role'), name).to.equal('timer');
        expect(part(el, name)!.getAttribute('aria-live') ?? 'off', name).to.equal('off');
      }
      const said = await announcements(el, () => walk(el, 5 * 60 + 10));
      expect(said).to.deep.equal([
        '',
        'The price expires in 1 minute.',
        'Price expired. Getting a new quote…',
        // The fresh quote gives more crypto: a better price, said with its amount (price consent).
        'Better price: you now receive 0.031 ETH.',
      ]);
    });

    it('says the last minute of the session once, and the status says it expired', async () => {
      api.expiresAt = T0 + 3 * MIN;
      api.quoteExpiresAt = T0 + 10 * MIN;
      clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
      const el = await mount();
      const said = await announcements(el, () => walk(el, 3 * 60 - 5));
      expect(said).to.deep.equal(['', 'This checkout expires in 1 minute.']);
      api.status = 'expired';
      await clock.tickAsync(10_000);
      await flush(el);
      expect(el.status).to.equal('expired');
      expect(part(el, 'status')!.getAttribute('role')).to.equal('status');
      expect(text(part(el, 'status'))).to.equal('Session expired');
    });

    it('status changes are in a polite status region', async () => {
      const el = await mount();
      const status = part(el, 'status')!;
      expect(status.getAttribute('role')).to.equal('status');
      expect(text(status)).to.equal('Waiting for your payment');
      api.status = 'processing';
      await waitForStatus(el, 'processing');
      expect(text(status)).to.equal('Payment received. Delivering your crypto…');
    });
  });

  describe('keyboard and focus', () => {
    it('does not steal focus from the page', async () => {
      const outside = document.createElement('input');
      document.body.append(outside);
      try {
        const el = await fixture<OnrampCheckout>(html`<onramp-checkout
          publishable-key=${PK_LIVE}
          client-secret=${SECRET}
          api-base=${API}
          checkout-origin=${CHECKOUT}
        ></onramp-checkout>`);
        outside.focus();
        api.status = 'completed';
        await waitForStatus(el, 'completed');
        expect(document.activeElement).to.equal(outside);
      } finally {
        outside.remove();
      }
    });

    it('a blocked popup: focus moves from Pay to the fallback link', async () => {
      sinon.stub(window, 'open').returns(null);
      navigateStub();
      const el = await mount({ mode: 'popup' });
      part(el, 'pay-button')!.focus();
      clickPaySync(el);
      await el.updateComplete;
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'fallback-link'));
    });
  });

  describe('motion, colours and space', () => {
    it('the loading pulses while the buyer has no motion preference', async () => {
      api.nextGets.push(hanging().handler);
      const el = await mount();
      expect(
        matchMedia('(prefers-reduced-motion: no-preference)').matches,
        'the engine prefers no reduced motion',
      ).to.equal(true);
      expect(getComputedStyle(el.shadowRoot!.querySelector('.skeleton')!).animationName).to.equal('pulse');
    });

    // Skipped in Firefox and WebKit: their drivers here cannot emulate `prefers-reduced-motion`.
    (canEmulateMedia ? it : it.skip)('the loading pulse stops when the buyer prefers reduced motion', async () => {
      api.nextGets.push(hanging().handler);
      const el = await mount();
      const skeleton = el.shadowRoot!.querySelector('.skeleton')!;
      expect(getComputedStyle(skeleton).animationName).to.equal('pulse');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(skeleton).animationName).to.equal('none');
    });

    // Skipped in Firefox and WebKit: their drivers here cannot emulate `forced-colors: active`.
    (canEmulateMedia ? it : it.skip)('forced colours: the card, summary and Pay keep visible edges', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const el = await mount();
      for (const name of ['base', 'quote', 'pay-button']) {
        const style = getComputedStyle(part(el, name)!);
        expect(style.borderTopStyle, name).to.equal('solid');
        expect(parseFloat(style.borderTopWidth), name).to.be.at.least(1);
      }
      await expectAccessible(el);
    });

    for (const [label, width, fontSize] of [
      ['a 320 px container', 320, ''],
      ['text at 200 % in a 440 px container', 440, '30px'],
    ] as const) {
      for (const status of ['pending', 'completed', 'failed'] as const) {
        it(`${label}, ${status}: nothing overflows or is cut off`, async () => {
          api.status = status;
          const wrapper = await fixture<HTMLDivElement>(html`<div>
            <onramp-checkout publishable-key=${PK_LIVE} client-secret=${SECRET} api-base=${API} checkout-origin=${CHECKOUT} locale="en-US"></onramp-checkout>
          </div>`);
          wrapper.style.width = `${width}px`;
          const el = wrapper.querySelector('onramp-checkout')!;
          if (fontSize) el.style.setProperty('--onramp-font-size', fontSize);
          await waitForStatus(el, status);
          expect(el.getBoundingClientRect().width).to.be.at.most(width);
          const overflowing = [...el.shadowRoot!.querySelectorAll<HTMLElement>('*')]
            .filter(
              (node) =>
                node.scrollWidth > node.clientWidth + 1 &&
                getComputedStyle(node).display !== 'inline' &&
                !node.classList.contains('sr'),
            )
            .map((node) => `${node.localName}.${node.className} ${node.scrollWidth}>${node.clientWidth}`);
          expect(overflowing).to.deep.equal([]);
          const base = part(el, 'base')!.getBoundingClientRect();
          for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>(
            'dt, dd, strong, button, h2, h3, p:not(.sr)',
          )) {
            const box = node.getBoundingClientRect();
            expect(box.left, node.localName).to.be.at.least(base.left - 0.5);
            expect(box.right, node.localName).to.be.at.most(base.right + 0.5);
          }
        });
      }
    }
  });
});

/** Lets the element poll (real timers) until it shows `status`. */
async function waitForStatus(el: OnrampCheckout, status: string): Promise<void> {
  for (let i = 0; i < 100 && el.status !== status; i += 1) {
    // The poller's next request is due within its interval; a visibility change polls now.
    document.dispatchEvent(new Event('visibilitychange'));
    await flush(el);
  }
  expect(el.status).to.equal(status);
}
