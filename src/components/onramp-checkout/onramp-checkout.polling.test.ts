/**
 * How often the element asks the provider (docs/design.md's polling rules, `core/poll-policy.ts`), as a
 * buyer and the provider would notice it: reads counted on a fake clock, the status on screen.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import {
  CHECKOUT,
  FAKED,
  FakeApi,
  MIN,
  T0,
  checkoutMessage,
  clickPay,
  fakePopup,
  flush,
  hanging,
  mount,
  part,
  post,
  text,
  useWidgetHarness,
} from './onramp-checkout.test-helpers.js';

describe('<onramp-checkout> polling follows the buyer', () => {
  let api: FakeApi;
  let clock: sinon.SinonFakeTimers;

  async function advance(ms: number, el: OnrampCheckout): Promise<void> {
    await clock.tickAsync(ms);
    await flush(el);
  }

  /** Mounts with the device clock at T0 and `Math.random` fixed (the idle waits have no jitter; error backoff does). */
  async function start(): Promise<OnrampCheckout> {
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
    sinon.stub(Math, 'random').returns(0);
    return mount();
  }

  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
  });

  afterEach(() => {
    fixtureCleanup();
    clock.restore();
    sinon.restore();
    delete (document as { hidden?: boolean }).hidden;
  });

  it('before Pay and untouched: reads after 3, 15 and 75 s, then every 5 minutes at most, spread evenly to the expiry', async function () {
    this.timeout(60_000);
    const el = await start();
    const readTimes = async (count: number) => {
      const times: number[] = [];
      while (times.length < count) {
        const before = api.gets.length;
        await advance(1000, el);
        if (api.gets.length > before) times.push((Date.now() - T0) / 1000);
      }
      return times;
    };
    expect(api.gets).to.have.length(1);
    // The expiry is 30 minutes after T0: from 93 s, six equal waits of 284.5 s (at most 5 minutes) to it.
    const times = await readTimes(4);
    expect(times.slice(0, 3)).to.deep.equal([3, 18, 93]);
    expect(times[3]! - 93).to.be.within(284, 286); // (1800 - 93) s / 6, read on whole seconds
  });

  it('a session left open and untouched until it expires costs 10 reads, the last one shows "expired" on time, then none', async function () {
    this.timeout(120_000); // 29 fake minutes tick the countdowns 1,740 times (slowest in WebKit)
    api.expiresAt = T0 + 29 * MIN;
    const el = await start();
    await advance(29 * MIN - 1, el);
    expect(el.status).to.equal('pending');
    const beforeExpiry = api.gets.length;
    api.status = 'expired';
    await advance(2000, el); // the expiry read lands 1.2 s after expires_at
    expect(el.status).to.equal('expired');
    expect(api.gets.length).to.equal(beforeExpiry + 1);
    expect(api.gets.at(-1)!.at - api.expiresAt, '"expired" read within 5 s of expires_at').to.be.within(0, 5000);
    expect(api.gets.length).to.equal(10);
    await advance(30 * MIN, el);
    expect(api.gets.length).to.equal(10);
  });

  it('a payment made elsewhere is seen at once when the buyer comes back (focus, pointer, the tab shown)', async function () {
    this.timeout(60_000);
    const el = await start();
    await advance(3 * MIN, el); // the waits have grown to minutes
    for (const [sign, fire] of [
      ['focus', () => window.dispatchEvent(new Event('focus'))],
      ['pointer', () => document.dispatchEvent(new PointerEvent('pointermove'))],
      ['key', () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))],
    ] as const) {
      await advance(20_000, el); // quiet for a while: the next sign is a return
      const before = api.gets.length;
      fire();
      await flush(el);
      expect(api.gets.length, sign).to.equal(before + 1);
    }
    let hidden = true;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
    api.status = 'processing'; // paid in another tab
    await advance(10 * MIN, el);
    expect(el.status, 'nothing is read while hidden').to.equal('pending');
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await flush(el);
    expect(el.status).to.equal('processing');
  });

  for (const [sign, fire] of [
    ['window focus', () => window.dispatchEvent(new Event('focus'))],
    ['a pointer in the page', () => document.dispatchEvent(new PointerEvent('pointerdown'))],
    ['a key in the page', () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))],
    [
      'a page restored from the back/forward cache',
      () => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
    ],
    ['the tab shown again', () => document.dispatchEvent(new Event('visibilitychange'))],
  ] as const) {
    it(`a payment made elsewhere while the page sat idle is on screen at once on ${sign}`, async () => {
      const el = await start();
      await advance(3 * MIN + 20_000, el); // waits of minutes; the last read at 93 s, the next at 378 s
      api.status = 'processing'; // paid in another tab
      await advance(5000, el);
      expect(el.status, 'not read yet').to.equal('pending');
      fire();
      await flush(el);
      expect(el.status).to.equal('processing');
    });
  }

  it('a payment made elsewhere with no sign of the buyer is on screen within 5 minutes', async () => {
    const el = await start();
    await advance(10 * MIN, el);
    api.status = 'processing';
    await advance(5 * MIN, el);
    expect(el.status).to.equal('processing');
  });

  it('while hidden: no read at all, however long', async function () {
    this.timeout(60_000); // 21 fake minutes tick the countdowns 1,260 times: past 10 s in Firefox on a busy machine
    const el = await start();
    await advance(MIN, el);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    const before = api.gets.length;
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new PointerEvent('pointermove'));
    await advance(20 * MIN, el);
    expect(api.gets.length).to.equal(before);
  });

  it('with a checkout that posts nothing (the spec defines no hints): no gap over 2 s while it is open', async () => {
    const popup = fakePopup();
    sinon.stub(window, 'open').returns(popup.window);
    const el = await start();
    await advance(3 * MIN, el);
    const openedAt = Date.now();
    const opened = api.gets.length;
    await clickPay(el); // the frame never posts ready: after 4 s the popup opens, and posts nothing either
    await advance(2 * MIN, el);
    expect(window.open).to.have.been.calledOnce;
    // From the click on: the reads' times, and the gaps between them.
    const times = [openedAt, ...api.gets.slice(opened).map((request) => request.at)];
    const longest = Math.max(...times.slice(1).map((at, i) => at - times[i]!));
    expect(longest).to.be.within(0, 2000);
    expect(api.gets.length - opened).to.be.at.least(60);
    popup.close();
  });

  it('with a checkout that posts nothing and slow answers: no gap over 2 s between requests, frame then popup', async () => {
    const popup = fakePopup();
    sinon.stub(window, 'open').returns(popup.window);
    const el = await start();
    await advance(3 * MIN, el);
    api.readLatencyMs = 900; // each answer takes 0.9 s: the 2 s run from the request, not the answer
    const openedAt = Date.now();
    const opened = api.gets.length;
    await clickPay(el); // the frame never posts ready: after 4 s the popup opens
    await advance(2 * MIN, el);
    expect(window.open).to.have.been.calledOnce;
    const times = [openedAt, ...api.gets.slice(opened).map((request) => request.at)];
    const longest = Math.max(...times.slice(1).map((at, i) => at - times[i]!));
    expect(longest).to.be.within(0, 2000);
    popup.close();
  });

  it('continuous pointer activity reads at most once per 3 s, and never more than the 3 s base', async () => {
    const el = await start();
    await advance(3 * MIN, el);
    const before = api.gets.length;
    for (let i = 0; i < 60; i += 1) {
      document.dispatchEvent(new PointerEvent('pointermove'));
      await advance(250, el); // 15 s of a moving pointer
    }
    const reads = api.gets.length - before;
    expect(reads).to.be.within(4, 6);
  });

  it('with the checkout open: no gap over 2 s whether or not it posts hints, and a hint reads at once', async () => {
    const el = await start();
    await advance(3 * MIN, el);
    await clickPay(el);
    const frame = el.shadowRoot!.querySelector('iframe')!;
    post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow);
    await flush(el);
    const opened = api.gets.length;
    await advance(2 * MIN, el);
    const times = api.gets.slice(opened - 1).map((request) => request.at);
    const longest = Math.max(...times.slice(1).map((at, i) => at - times[i]!));
    expect(longest).to.be.within(1, 2000);
    const before = api.gets.length;
    post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
    await flush(el);
    expect(api.gets.length).to.equal(before + 1);
  });

  it('while processing, every second; nothing after a final state', async () => {
    const el = await start();
    api.status = 'processing';
    await advance(3000, el);
    expect(el.status).to.equal('processing');
    const before = api.gets.length;
    await advance(5000, el);
    expect(api.gets.length).to.equal(before + 5);
    api.status = 'completed';
    await advance(1000, el);
    expect(el.status).to.equal('completed');
    const final = api.gets.length;
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new PointerEvent('pointerdown'));
    await advance(10 * MIN, el);
    expect(api.gets.length).to.equal(final);
  });

  it('reads at the session expiry by the server clock: "expired" within 1.2 s of expires_at', async () => {
    api.expiresAt = T0 + 10 * MIN;
    const el = await start();
    await advance(10 * MIN - 1000, el);
    api.status = 'expired'; // the server says so from its expiry on
    await advance(1000 + 1000, el);
    expect(el.status, 'not read before the grace').to.equal('pending');
    await advance(200, el);
    expect(el.status).to.equal('expired');
  });
});

// The cadence in the order's life: the first reads, one in flight, the checkout's hints, hidden and offline.
describe('<onramp-checkout>', () => {
  const h = useWidgetHarness();
  const { fakeTime, advance } = h;

  describe('polling', () => {
    it('reads 3 s after the first read, then 15 s later (the idle wait grows), and every 1 s while processing', async () => {
      fakeTime();
      sinon.stub(Math, 'random').returns(0); // idle waits have no jitter; kept so nothing here is random
      const el = await mount();
      expect(h.api.gets).to.have.length(1);
      await advance(2999, el);
      expect(h.api.gets).to.have.length(1);
      await advance(1, el);
      expect(h.api.gets).to.have.length(2);
      h.api.status = 'processing';
      await advance(15_000, el);
      expect(h.api.gets).to.have.length(3);
      expect(el.status).to.equal('processing');
      await advance(1000, el);
      expect(h.api.gets).to.have.length(4);
      await advance(1000, el);
      expect(h.api.gets).to.have.length(5);
    });

    it('keeps at most one request in flight, and polls right after it when asked meanwhile', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector('iframe')!;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow); // a hint: polls at once
      await flush(el); // that poll is answered before the slow one is set up
      const slow = hanging();
      h.api.nextGets.push(slow.handler);
      await advance(3000, el);
      const before = h.api.gets.length;
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await advance(10_000, el);
      expect(h.api.gets.length).to.equal(before);
      slow.resolve(h.api.respond(200, { success: true, data: h.api.statusView() }));
      await flush(el);
      await advance(0, el);
      expect(h.api.gets.length).to.equal(before + 1);
    });

    it('polls at once on `submitted` from the checkout frame; ignores a wrong origin, source or session', async () => {
      fakeTime();
      const el = await mount();
      await clickPay(el);
      const frame = el.shadowRoot!.querySelector<HTMLIFrameElement>('[part~="checkout-frame"]')!;
      expect(frame).to.exist;
      post(checkoutMessage('ready'), CHECKOUT, frame.contentWindow);
      await flush(el);
      const before = h.api.gets.length;

      post(checkoutMessage('submitted'), 'https://evil.test', frame.contentWindow);
      post(checkoutMessage('submitted'), 'https://checkout.example.test.evil.test', frame.contentWindow);
      post(checkoutMessage('submitted'), CHECKOUT, window);
      post(checkoutMessage('submitted'), CHECKOUT, null);
      post({ ...checkoutMessage('submitted'), session_id: 'ors_zzzzzzzzzzzzzzzzzzzz' }, CHECKOUT, frame.contentWindow);
      post('submitted', CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(h.api.gets.length).to.equal(before);

      post(checkoutMessage('submitted'), CHECKOUT, frame.contentWindow);
      await flush(el);
      expect(h.api.gets.length).to.equal(before + 1);
    });

    it('pauses while the tab is hidden and resumes at once when visible', async () => {
      fakeTime();
      const el = await mount();
      let hidden = true;
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange'));
      await advance(30_000, el);
      expect(h.api.gets).to.have.length(1);
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
      await flush(el);
      expect(h.api.gets).to.have.length(2);
      await advance(3000, el);
      expect(h.api.gets).to.have.length(3);
    });

    it('says so when the connection drops, and clears it when it returns', async () => {
      fakeTime();
      const el = await mount();
      let online = false;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event('offline'));
      await flush(el);
      const errors = h.events.of('onramp-error');
      expect(errors.map((e) => [e.detail.code, e.detail.recoverable])).to.deep.equal([['OFFLINE', true]]);
      expect(text(part(el, 'error'))).to.contain('You are offline');
      expect(el.status).to.equal('pending');
      expect(part(el, 'quote')).to.exist;
      online = true;
      window.dispatchEvent(new Event('online'));
      await flush(el);
      expect(part(el, 'error')).to.equal(null);
    });

    it('mounted offline: says so instead of loading forever', async () => {
      fakeTime();
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      const el = await mount();
      expect(h.fetchStub.callCount).to.equal(0);
      expect(el.status).to.equal('loading');
      expect(h.events.of('onramp-error').map((e) => e.detail.code)).to.deep.equal(['OFFLINE']);
      expect(text(part(el, 'error'))).to.contain('You are offline');
    });

    it('pauses while offline and resumes on `online`', async () => {
      fakeTime();
      const el = await mount();
      let online = false;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      await advance(30_000, el);
      expect(h.api.gets).to.have.length(1);
      online = true;
      window.dispatchEvent(new Event('online'));
      await flush(el);
      expect(h.api.gets).to.have.length(2);
    });
  });
});
