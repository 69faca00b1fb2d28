import { expect } from '@open-wc/testing';
import * as fc from 'fast-check';
import { initialState, isFinal, transition as machine, type FlowInput, type FlowState } from './flow-machine.js';
import { laterTransition } from './price-consent.js';
import { widgetError } from './widget-error.js';
import type { OnrampQuote, OnrampSession } from './session-model.js';
import type { SessionStatus } from '../contract/product.js';
import { sessionModel, testQuote } from '../../test/support/session-model.js';

const quote = testQuote;

/** The machine with what the `later` part adds (the quote's inputs, price consent), as the element runs it. */
const transition = (state: FlowState, input: FlowInput) =>
  machine(state, input, (before, result, given) => laterTransition(before, result, given, '0.5'));
const view = sessionModel;

/** Runs inputs in order from `state`; returns the last transition and all notifications. */
function run(state: FlowState, ...inputs: FlowInput[]) {
  let current = state;
  const all = [];
  for (const input of inputs) {
    const result = transition(current, input);
    current = result.state;
    all.push(...result.notifications);
  }
  return { state: current, notifications: all };
}

const fetched = (status: SessionStatus, seq: number, extra: Partial<OnrampSession> = {}): FlowInput => ({
  type: 'session-fetched',
  session: view(status, extra),
  seq,
});

const pendingState = () => run(initialState, fetched('pending', 1)).state;
const processingState = () => run(initialState, fetched('pending', 1), fetched('processing', 2)).state;

describe('flow-machine', () => {
  it('starts loading with nothing shown', () => {
    expect(initialState).to.deep.equal({
      status: 'loading',
      session: null,
      error: null,
      surface: 'none',
      quoteNotice: 'none',
      stranded: false,
      appliedSeq: 0,
      price: null,
    });
    expect(isFinal(initialState)).to.equal(false);
  });

  describe('session-fetched', () => {
    it('loading -> pending: ready, then status-change', () => {
      const { state, notifications } = transition(initialState, fetched('pending', 1));
      expect(state.status).to.equal('pending');
      expect(state.session?.sessionId).to.equal('ors_abcdefghijklmnop1234');
      expect(state.appliedSeq).to.equal(1);
      expect(notifications).to.deep.equal([
        { type: 'ready' },
        { type: 'status-change', status: 'pending', previousStatus: 'loading' },
      ]);
    });

    it('the same status again notifies nothing', () => {
      const { state, notifications } = transition(pendingState(), fetched('pending', 2));
      expect(state.status).to.equal('pending');
      expect(state.appliedSeq).to.equal(2);
      expect(notifications).to.deep.equal([]);
    });

    it('pending -> processing', () => {
      const { state, notifications } = transition(pendingState(), fetched('processing', 2));
      expect(state.status).to.equal('processing');
      expect(notifications).to.deep.equal([{ type: 'status-change', status: 'processing', previousStatus: 'pending' }]);
    });

    for (const [from, to] of [
      ['processing', 'completed'],
      ['processing', 'failed'],
      ['pending', 'failed'],
      ['pending', 'expired'],
    ] as const) {
      it(`${from} -> ${to}: status-change and ${to}; final`, () => {
        const start = from === 'pending' ? pendingState() : processingState();
        const { state, notifications } = transition(
          start,
          fetched(to, 5, to === 'completed' ? { txHash: '0xabc' } : {}),
        );
        expect(state.status).to.equal(to);
        expect(isFinal(state)).to.equal(true);
        expect(notifications).to.deep.equal([
          { type: 'status-change', status: to, previousStatus: from },
          { type: to },
        ]);
      });
    }

    it('loading straight to a final state: ready, status-change and the final notification', () => {
      const { notifications } = transition(initialState, fetched('completed', 1));
      expect(notifications.map((n) => n.type)).to.deep.equal(['ready', 'status-change', 'completed']);
    });

    it('clears a recoverable error and closes the surface at a final state', () => {
      let state = run(
        pendingState(),
        { type: 'checkout-opened', surface: 'frame' },
        { type: 'failed', error: widgetError('SERVER_ERROR') },
      ).state;
      expect(state.error?.code).to.equal('SERVER_ERROR');
      state = transition(state, fetched('pending', 3)).state;
      expect(state.error).to.equal(null);
      expect(state.surface).to.equal('frame');
      state = transition(state, fetched('completed', 4)).state;
      expect(state.surface).to.equal('none');
    });
  });

  describe('late responses never roll the status back', () => {
    it('an older sequence number is ignored', () => {
      const start = run(initialState, fetched('pending', 1), fetched('processing', 3)).state;
      const { state, notifications } = transition(start, fetched('pending', 2));
      expect(state).to.equal(start);
      expect(notifications).to.deep.equal([]);
    });

    it('a newer response with a lower rank is ignored, but its sequence is recorded', () => {
      const start = processingState();
      const { state, notifications } = transition(start, fetched('pending', 7));
      expect(state.status).to.equal('processing');
      expect(state.appliedSeq).to.equal(7);
      expect(notifications).to.deep.equal([]);
    });

    it('final states stay final, whatever arrives later', () => {
      const completed = run(processingState(), fetched('completed', 3, { txHash: '0xabc' })).state;
      for (const status of ['pending', 'processing', 'failed', 'expired'] as const) {
        const { state, notifications } = transition(completed, fetched(status, 10));
        expect(state.status).to.equal('completed');
        expect(state.session?.txHash).to.equal('0xabc');
        expect(notifications).to.deep.equal([]);
      }
      const expired = run(pendingState(), fetched('expired', 2)).state;
      expect(transition(expired, { type: 'failed', error: widgetError('UNAUTHORIZED') }).state).to.equal(expired);
      expect(transition(expired, { type: 'quote-expired' }).state).to.equal(expired);
      expect(transition(expired, { type: 'checkout-opened', surface: 'popup' }).state).to.equal(expired);
    });

    it('a seeded session never replaces one already shown', () => {
      const start = processingState();
      const { state } = transition(start, { type: 'session-seeded', session: view('pending') });
      expect(state).to.equal(start);
    });
  });

  describe('session-seeded', () => {
    it('shows the session at once: ready and status-change', () => {
      const { state, notifications } = transition(initialState, { type: 'session-seeded', session: view('pending') });
      expect(state.status).to.equal('pending');
      expect(state.appliedSeq).to.equal(0);
      expect(notifications.map((n) => n.type)).to.deep.equal(['ready', 'status-change']);
    });

    it('a fetched response then merges over it (seq 1 > 0)', () => {
      const seeded = transition(initialState, {
        type: 'session-seeded',
        session: view('pending', { fiatAmount: null }),
      }).state;
      const { state, notifications } = transition(seeded, fetched('pending', 1));
      expect(state.session?.fiatAmount).to.equal(10000);
      expect(notifications).to.deep.equal([]);
    });

    it('is ignored once the widget is in the error state', () => {
      const error = transition(initialState, { type: 'failed', error: widgetError('UNAUTHORIZED') }).state;
      const { state, notifications } = transition(error, { type: 'session-seeded', session: view('pending') });
      expect(state.status).to.equal('error');
      expect(notifications).to.deep.equal([]);
    });
  });

  describe('errors', () => {
    it('a recoverable error keeps status and session, and notifies error only', () => {
      const start = pendingState();
      const error = widgetError('NETWORK_ERROR');
      const { state, notifications } = transition(start, { type: 'failed', error });
      expect(state.status).to.equal('pending');
      expect(state.session).to.equal(start.session);
      expect(state.error).to.equal(error);
      expect(notifications).to.deep.equal([{ type: 'error', error }]);
      expect(isFinal(state)).to.equal(false);
    });

    it('a recoverable error while loading stays loading', () => {
      const { state } = transition(initialState, { type: 'failed', error: widgetError('TIMEOUT') });
      expect(state.status).to.equal('loading');
      expect(state.error?.code).to.equal('TIMEOUT');
    });

    it('a fatal error moves to error: error then status-change; surface closed; final', () => {
      const start = run(pendingState(), { type: 'checkout-opened', surface: 'popup' }).state;
      const error = widgetError('UNAUTHORIZED');
      const { state, notifications } = transition(start, { type: 'failed', error });
      expect(state.status).to.equal('error');
      expect(state.surface).to.equal('none');
      expect(isFinal(state)).to.equal(true);
      expect(notifications).to.deep.equal([
        { type: 'error', error },
        { type: 'status-change', status: 'error', previousStatus: 'pending' },
      ]);
    });

    it('nothing leaves the error state but reset', () => {
      const error = transition(pendingState(), { type: 'failed', error: widgetError('FORBIDDEN') }).state;
      expect(transition(error, fetched('processing', 9)).state).to.equal(error);
      expect(transition(error, { type: 'failed', error: widgetError('SERVER_ERROR') }).state).to.equal(error);
      expect(transition(error, { type: 'quote-refreshed', quote }).state).to.equal(error);
      expect(transition(error, { type: 'reset' }).state).to.equal(initialState);
    });

    it('reset returns to the initial state with no notification', () => {
      const { state, notifications } = transition(processingState(), { type: 'reset' });
      expect(state).to.equal(initialState);
      expect(notifications).to.deep.equal([]);
    });
  });

  describe('quote', () => {
    it('expired while pending: refreshing, notified once', () => {
      const first = transition(pendingState(), { type: 'quote-expired' });
      expect(first.state.quoteNotice).to.equal('refreshing');
      expect(first.notifications).to.deep.equal([{ type: 'quote-expired' }]);
      const again = transition(first.state, { type: 'quote-expired' });
      expect(again.state).to.equal(first.state);
      expect(again.notifications).to.deep.equal([]);
    });

    it('expiry is ignored unless pending', () => {
      expect(transition(initialState, { type: 'quote-expired' }).notifications).to.deep.equal([]);
      expect(transition(processingState(), { type: 'quote-expired' }).notifications).to.deep.equal([]);
    });

    it('refreshed: new figures, notice, error cleared, notified with the quote', () => {
      const fresh: OnrampQuote = { ...quote, cryptoAmount: '0.032', expiresAt: 1_300_000 };
      const start = run(
        pendingState(),
        { type: 'quote-expired' },
        { type: 'failed', error: widgetError('QUOTE_REFRESH_FAILED') },
      ).state;
      const { state, notifications } = transition(start, { type: 'quote-refreshed', quote: fresh });
      expect(state.session?.quote).to.equal(fresh);
      expect(state.quoteNotice).to.equal('refreshed');
      expect(state.error).to.equal(null);
      // A better price than the one shown: the price change follows (price consent).
      expect(notifications).to.deep.equal([
        { type: 'quote-refreshed', quote: fresh },
        { type: 'price-change', detail: { previous: '0.031', current: '0.032', accepted: true } },
      ]);
    });

    it('the first quote over a session shown without a price is no "update"', () => {
      const bare = pendingState();
      const unpriced = {
        ...bare,
        session: { ...bare.session!, quote: { ...bare.session!.quote, exchangeRate: null, expiresAt: null } },
      };
      const { state, notifications } = transition(unpriced, { type: 'quote-refreshed', quote });
      expect(state.session?.quote).to.equal(quote);
      expect(state.quoteNotice).to.equal('none');
      expect(notifications).to.deep.equal([{ type: 'quote-refreshed', quote }]);
    });

    it('a refreshed quote is ignored unless pending', () => {
      expect(transition(initialState, { type: 'quote-refreshed', quote }).notifications).to.deep.equal([]);
      expect(transition(processingState(), { type: 'quote-refreshed', quote }).notifications).to.deep.equal([]);
    });

    it('the notice clears once the session leaves pending', () => {
      const start = run(pendingState(), { type: 'quote-expired' }).state;
      expect(transition(start, fetched('processing', 4)).state.quoteNotice).to.equal('none');
      expect(transition(start, fetched('pending', 4)).state.quoteNotice).to.equal('refreshing');
    });

    it('a status response with an older quote does not replace a refreshed one', () => {
      const fresh: OnrampQuote = { ...quote, cryptoAmount: '0.032', expiresAt: 1_300_000 };
      const start = run(pendingState(), { type: 'quote-refreshed', quote: fresh }).state;
      const { state } = transition(start, fetched('pending', 5));
      expect(state.session?.quote).to.deep.equal(fresh);
    });
  });

  describe('surfaces', () => {
    it('opens frame, popup or link while pending or processing; closes to none', () => {
      for (const surface of ['frame', 'popup', 'link'] as const) {
        const opened = transition(pendingState(), { type: 'checkout-opened', surface });
        expect(opened.state.surface).to.equal(surface);
        expect(opened.notifications).to.deep.equal([]);
        expect(transition(opened.state, { type: 'checkout-closed' }).state.surface).to.equal('none');
      }
      expect(transition(processingState(), { type: 'checkout-opened', surface: 'frame' }).state.surface).to.equal(
        'frame',
      );
    });

    it('cannot open while loading or final', () => {
      expect(transition(initialState, { type: 'checkout-opened', surface: 'frame' }).state.surface).to.equal('none');
      const failed = run(pendingState(), fetched('failed', 2)).state;
      expect(transition(failed, { type: 'checkout-opened', surface: 'frame' }).state.surface).to.equal('none');
    });
  });
});

/**
 * Responses that arrive out of order never roll the status back: fast-check's scheduler delivers
 * status responses (issued in order, the server's session only moving forward) in any order.
 */
describe('flow-machine: responses out of order', () => {
  const RANK: Record<SessionStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2, expired: 2 };

  /** What the server may say over time: pending…, processing…, then one final status. */
  const serverHistory = fc
    .tuple(
      fc.nat({ max: 3 }),
      fc.nat({ max: 3 }),
      fc.constantFrom<SessionStatus | null>(null, 'completed', 'failed', 'expired'),
    )
    .map(([pending, processing, final]) => {
      const history: SessionStatus[] = [
        ...Array<SessionStatus>(pending + 1).fill('pending'),
        ...Array<SessionStatus>(processing).fill('processing'),
      ];
      if (final === 'expired') return [...Array<SessionStatus>(pending + 1).fill('pending'), 'expired' as const];
      if (final) history.push(final);
      return history;
    });

  it('status responses delivered in any order never move the shown status backwards', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), serverHistory, async (s, history) => {
        let state: FlowState = initialState;
        const shown: number[] = [];
        const deliveries = history.map((status, index) =>
          s.schedule(Promise.resolve(status), `response ${index + 1}: ${status}`).then((delivered) => {
            state = transition(state, { type: 'session-fetched', session: view(delivered), seq: index + 1 }).state;
            if (state.status !== 'loading' && state.status !== 'error') shown.push(RANK[state.status]);
          }),
        );
        await s.waitFor(Promise.all(deliveries));
        for (let i = 1; i < shown.length; i++)
          expect(
            shown[i]! >= shown[i - 1]!,
            `rolled back: ${s
              .report()
              .map((r) => r.label)
              .join(', ')}`,
          ).to.equal(true);
        // Whatever the order, a final status reported by the server is what stays on screen.
        const last = history.at(-1)!;
        if (RANK[last] === 2 && state.session) {
          const applied = state.status;
          expect(applied === last || RANK[applied as SessionStatus] === 2).to.equal(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
