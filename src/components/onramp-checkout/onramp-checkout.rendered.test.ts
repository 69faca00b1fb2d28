/**
 * An element that is not rendered reads nothing (docs/design.md's polling rules): what the provider and
 * the buyer notice, reads counted on a fake clock, the status on screen.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { OnrampCheckout } from './onramp-checkout.js';
import { FAKED, FakeApi, MIN, T0, flush, mount } from './onramp-checkout.test-helpers.js';

/**
 * An element that is not rendered is treated like a hidden tab (docs/design.md): no read while it is
 * inside `display: none`, a closed `<details>`, or hidden by its app (React's `<Activity
 * mode="hidden">` sets `display: none !important` on it), however long; one read at once when it is
 * rendered again.
 */
describe('<onramp-checkout> not rendered: no reads until it is shown again', () => {
  let api: FakeApi;
  let clock: sinon.SinonFakeTimers;

  /**
   * Resolves once the browser has computed the element's intersection after a change (and so called
   * the widget's observers), and the frame after it (where the widget acts on being rendered again).
   */
  const observed = (el: Element) =>
    new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe(el);
    })
      .then(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      .then(() => flush());

  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
  });

  afterEach(() => {
    fixtureCleanup();
    clock.restore();
    sinon.restore();
  });

  const cases: [string, (el: OnrampCheckout) => () => void][] = [
    [
      'inside display: none',
      (el) => {
        el.parentElement!.style.display = 'none';
        return () => el.parentElement!.style.removeProperty('display');
      },
    ],
    [
      'hidden by its app (display: none !important on it, as React <Activity mode="hidden">)',
      (el) => {
        el.style.setProperty('display', 'none', 'important');
        return () => el.style.removeProperty('display');
      },
    ],
    [
      'inside a closed <details>',
      (el) => {
        const details = document.createElement('details');
        details.open = true;
        el.parentElement!.append(details);
        details.append(el); // moved while connected: the element reconnects, rendered
        return () => void (details.open = true);
      },
    ],
  ];

  for (const [name, hide] of cases) {
    it(`${name}: no read in 10 minutes, one read at once when shown`, async function () {
      this.timeout(60_000);
      clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
      const el = await mount();
      await clock.tickAsync(60_000);
      await flush(el);
      let show = hide(el);
      if (name.includes('details')) {
        await observed(el);
        await clock.tickAsync(20_000);
        await flush(el);
        el.closest('details')!.open = false;
        show = () => void (el.closest('details')!.open = true);
      }
      await observed(el);
      const before = api.gets.length;
      api.status = 'processing'; // paid elsewhere meanwhile
      for (let minute = 0; minute < 10; minute += 1) {
        await clock.tickAsync(60_000);
        await flush(el);
        window.dispatchEvent(new Event('focus')); // other signs read nothing while it is not rendered
      }
      expect(api.gets.length, 'reads while not rendered').to.equal(before);
      expect(el.status).to.equal('pending');
      show();
      await observed(el);
      await flush(el);
      expect(api.gets.length, 'one read when shown').to.equal(before + 1);
      expect(el.status).to.equal('processing');
    });
  }

  it('scrolled out of view is still rendered: it keeps reading', async function () {
    this.timeout(60_000);
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
    const el = await mount();
    el.parentElement!.style.marginTop = '300vh'; // below the fold
    await observed(el);
    const before = api.gets.length;
    await clock.tickAsync(10 * MIN);
    await flush(el);
    expect(api.gets.length).to.be.greaterThan(before);
  });
});
