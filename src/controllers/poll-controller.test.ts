/**
 * The poller on its own, with a fake host and fake time: what the provider and the buyer would notice
 * of its reads (how many, when), whatever the element around it does.
 */
import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import sinon from 'sinon';
import { BuyerSigns } from './buyer-signs.js';
import type { PollPlan } from '../core/poll-policy.js';
import { PollController, type PollControllerOptions, type PollOutcome } from './poll-controller.js';

// The buyer's signs come with the `later` part, which the element hands to its poller as the part
// arrives (`signsArrived`), a moment after the first paint: here as the poller starts.

/** A plain element standing in for the Lit host: it only collects its controllers. */
function fakeHost(): ReactiveControllerHost & HTMLElement {
  const controllers: ReactiveController[] = [];
  const host = Object.assign(document.createElement('div'), {
    addController: (controller: ReactiveController) => void controllers.push(controller),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  });
  document.body.append(host);
  return host;
}

/** Reads that stay in flight until the test answers them. */
function fakeReads() {
  const reads: { signal: AbortSignal; answer: (outcome: PollOutcome) => void }[] = [];
  const poll = (signal: AbortSignal) => new Promise<PollOutcome>((answer) => reads.push({ signal, answer }));
  return { reads, poll };
}

const OK: PollOutcome = { ok: true };

describe('PollController', () => {
  let clock: sinon.SinonFakeTimers;
  let host: ReactiveControllerHost & HTMLElement;
  let reads: ReturnType<typeof fakeReads>['reads'];
  let plan: PollPlan;
  let poller: PollController;

  /** A connected, started poller whose policy answers `plan` (changed by the test as it goes). */
  function startPoller(options: Partial<PollControllerOptions> = {}): PollController {
    const fake = fakeReads();
    reads = fake.reads;
    poller = new PollController(host, { poll: fake.poll, next: () => plan, random: () => 0, ...options });
    poller.hostConnected();
    poller.start();
    poller.signsArrived(BuyerSigns);
    return poller;
  }

  /** Answers the read in flight and lets the poller plan its next one. */
  async function answer(outcome: PollOutcome = OK): Promise<void> {
    reads.at(-1)!.answer(outcome);
    await clock.tickAsync(0);
  }

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    host = fakeHost();
    plan = { kind: 'read', ms: 10_000 };
  });

  afterEach(() => {
    poller?.hostDisconnected();
    host.remove();
    clock.restore();
    sinon.restore();
    delete (document as { hidden?: boolean }).hidden;
    delete (navigator as { onLine?: boolean }).onLine;
  });

  it('reads at once on start and keeps one read in flight; a poll asked for meanwhile goes right after it, once', async () => {
    startPoller();
    expect(reads).to.have.length(1);
    poller.pollNow();
    poller.pollNow();
    await clock.tickAsync(60_000);
    expect(reads, 'nothing while the first is unanswered').to.have.length(1);
    await answer();
    expect(reads, 'the asked-for read, right after').to.have.length(2);
    await answer();
    await clock.tickAsync(9_999);
    expect(reads).to.have.length(2);
    await clock.tickAsync(1);
    expect(reads, 'then the policy’s wait').to.have.length(3);
  });

  it('replan brings the next read sooner, never later', async () => {
    startPoller();
    await answer(); // next read due in 10 s
    plan = { kind: 'read', ms: 60_000 };
    poller.replan();
    await clock.tickAsync(10_000);
    expect(reads, 'a longer plan does not push the due read back').to.have.length(2);
    await answer(); // now due in 60 s
    await clock.tickAsync(1_000);
    plan = { kind: 'read', ms: 5_000 };
    poller.replan();
    await clock.tickAsync(3_999);
    expect(reads).to.have.length(2);
    await clock.tickAsync(1);
    expect(reads, '5 s after the last answer, not 60').to.have.length(3);
  });

  it('after a failure waits its backoff and never less than Retry-After, even when asked to poll', async () => {
    startPoller();
    await answer({ ok: false, retry: true, retryAfterMs: 20_000 });
    poller.pollNow();
    poller.replan();
    await clock.tickAsync(19_999);
    expect(reads).to.have.length(1);
    await clock.tickAsync(1);
    expect(reads).to.have.length(2);
    // Without Retry-After: the backoff alone (1 s base, the second failure 2 s, half of it with no jitter).
    await answer({ ok: false, retry: true, retryAfterMs: null });
    await clock.tickAsync(999);
    expect(reads).to.have.length(2);
    await clock.tickAsync(1);
    expect(reads).to.have.length(3);
  });

  it('stops for good on a failure that is not worth retrying, and on a "stop" plan', async () => {
    startPoller();
    await answer({ ok: false, retry: false, retryAfterMs: null });
    expect(poller.running).to.equal(false);
    poller.pollNow();
    await clock.tickAsync(120_000);
    expect(reads).to.have.length(1);

    poller.start();
    expect(reads).to.have.length(2);
    plan = { kind: 'stop' };
    await answer();
    await clock.tickAsync(120_000);
    expect(reads).to.have.length(2);
    expect(poller.running).to.equal(false);
  });

  it('disconnected: cancels the read in flight and reads nothing; reconnected: one read at once, then one cadence', async () => {
    startPoller();
    const first = reads[0]!;
    poller.hostDisconnected();
    expect(first.signal.aborted).to.equal(true);
    await answer(); // a late answer of the cancelled read changes nothing
    await clock.tickAsync(120_000);
    expect(reads).to.have.length(1);

    // Removed and re-added at once (React StrictMode), then connected for good.
    poller.hostConnected();
    poller.hostDisconnected();
    poller.hostConnected();
    expect(reads).to.have.length(3);
    expect(reads[1]!.signal.aborted).to.equal(true);
    await answer();
    await clock.tickAsync(10_000);
    expect(reads, 'one poller, not two').to.have.length(4);
    await answer();
    await clock.tickAsync(10_000);
    expect(reads).to.have.length(5);
  });

  it('offline: reads nothing and reports it once; back online it reads at once', async () => {
    let online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    const onOffline = sinon.spy();
    startPoller({ onOffline });
    expect(reads).to.have.length(0);
    poller.pollNow();
    window.dispatchEvent(new Event('offline'));
    expect(onOffline.callCount).to.equal(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(reads).to.have.length(1);
  });

  it('hidden: the due read waits for the tab to be shown, then goes at once', async () => {
    startPoller();
    await answer();
    Object.defineProperty(document, 'hidden', { configurable: true, value: true });
    await clock.tickAsync(60_000);
    expect(reads).to.have.length(1);
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(reads).to.have.length(2);
  });
});
