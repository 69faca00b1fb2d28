/**
 * The widget on a merchant's return page: mounted with the client secret of a session the buyer
 * already paid (or tried to) on the hosted checkout, and no `session` property. It shows that state
 * at once, from the API, never a payable order first, and follows a processing session to its end.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import type { SessionStatus } from '../../contract/product.js';
import {
  FAKED,
  FakeApi,
  T0,
  TX_HASH,
  flush,
  hanging,
  mount,
  part,
  recordEvents,
  text,
} from './onramp-checkout.test-helpers.js';
import type { OnrampCheckout } from './onramp-checkout.js';

describe('<onramp-checkout> on a return page', () => {
  let api: FakeApi;
  let events: ReturnType<typeof recordEvents>;
  let clock: sinon.SinonFakeTimers;

  beforeEach(() => {
    api = new FakeApi();
    sinon.stub(window, 'fetch').callsFake(api.fetch);
    events = recordEvents();
    clock = sinon.useFakeTimers({ now: T0, toFake: FAKED });
  });

  afterEach(() => {
    fixtureCleanup();
    events.stop();
    clock.restore();
    sinon.restore();
  });

  /** Mounts with the first status read held until the watch is on, so every state shown is seen. */
  async function mountWatched(): Promise<{ el: OnrampCheckout; seen: ReturnType<typeof watch> }> {
    const first = hanging();
    api.nextGets.push(first.handler);
    const el = await mount();
    const seen = watch(el);
    first.resolve(api.respond(200, { success: true, data: api.statusView() }));
    await flush(el);
    return { el, seen };
  }

  /** Every status the element showed, in order, and whether a Pay button was ever on screen. */
  function watch(el: OnrampCheckout): { statuses: string[]; payShown: () => boolean } {
    const statuses: string[] = [];
    let pay = false;
    const look = () => {
      const status = el.getAttribute('status') ?? '';
      if (statuses.at(-1) !== status) statuses.push(status);
      pay ||= part(el, 'pay-button') !== null;
    };
    new MutationObserver(look).observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true });
    new MutationObserver(look).observe(el, { attributes: true });
    look();
    return { statuses, payShown: () => pay };
  }

  for (const [status, heading] of [
    ['completed', 'Purchase complete'],
    ['failed', 'Payment failed'],
  ] as [SessionStatus, string][]) {
    it(`started on a ${status} session: the result screen from the first answer, no Pay button, one read`, async () => {
      api.status = status;
      const { el, seen } = await mountWatched();
      await clock.tickAsync(60_000);
      await flush(el);
      expect(el.status).to.equal(status);
      expect(text(part(el, 'result'))).to.contain(heading);
      expect(seen.payShown()).to.equal(false);
      expect(part(el, 'session-countdown')).to.equal(null);
      if (status === 'completed') expect((part(el, 'tx-link') as HTMLAnchorElement).href).to.contain(TX_HASH);
      // The answer was final: nothing more is read.
      expect(api.gets).to.have.length(1);
      expect(events.of('onramp-ready')[0]!.detail.session.status).to.equal(status);
      expect(events.of(`onramp-${status}` as 'onramp-completed')).to.have.length(1);
    });
  }

  it('started on a processing session: no Pay button, read every second, then the delivery', async () => {
    api.status = 'processing';
    const { el, seen } = await mountWatched();
    expect(el.status).to.equal('processing');
    expect(part(el, 'pay-button')).to.equal(null);
    await clock.tickAsync(3000);
    await flush(el);
    expect(api.gets.length).to.be.within(3, 5);
    api.status = 'completed';
    await clock.tickAsync(1100);
    await flush(el);
    expect(el.status).to.equal('completed');
    expect(part(el, 'tx-link')).to.not.equal(null);
    expect(seen.payShown()).to.equal(false);
    expect(seen.statuses).to.deep.equal(['loading', 'processing', 'completed']);
  });
});
