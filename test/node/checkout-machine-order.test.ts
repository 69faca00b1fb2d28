/**
 * Responses that arrive out of order never roll the status back: fast-check's scheduler delivers
 * status responses (issued in order, the server's session only moving forward) in any order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fc from 'fast-check';
import { initialState, transition, type WidgetState } from '../../src/core/checkout-machine.js';
import { sessionView } from '../support/session-view.js';
import type { SessionStatus } from '../../src/contract/catalog.js';

const RANK: Record<SessionStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2, expired: 2 };

const view = (status: SessionStatus) => sessionView(status);

/** What the server may say over time: pending…, processing…, then one final status. */
const serverHistory = fc
  .tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.constantFrom<SessionStatus | null>(null, 'completed', 'failed', 'expired'))
  .map(([pending, processing, final]) => {
    const history: SessionStatus[] = [...Array<SessionStatus>(pending + 1).fill('pending'), ...Array<SessionStatus>(processing).fill('processing')];
    if (final === 'expired') return [...Array<SessionStatus>(pending + 1).fill('pending'), 'expired' as const];
    if (final) history.push(final);
    return history;
  });

test('status responses delivered in any order never move the shown status backwards', async () => {
  await fc.assert(
    fc.asyncProperty(fc.scheduler(), serverHistory, async (s, history) => {
      let state: WidgetState = initialState;
      const shown: number[] = [];
      const deliveries = history.map((status, index) =>
        s.schedule(Promise.resolve(status), `response ${index + 1}: ${status}`).then((delivered) => {
          state = transition(state, { type: 'session-fetched', session: view(delivered), seq: index + 1 }).state;
          if (state.status !== 'loading' && state.status !== 'error') shown.push(RANK[state.status]);
        }),
      );
      await s.waitFor(Promise.all(deliveries));
      for (let i = 1; i < shown.length; i++) assert.ok(shown[i]! >= shown[i - 1]!, `rolled back: ${s.report().map((r) => r.label).join(', ')}`);
      // Whatever the order, a final status reported by the server is what stays on screen.
      const last = history.at(-1)!;
      if (RANK[last] === 2 && state.session) {
        const applied = state.status;
        assert.ok(applied === last || RANK[applied as SessionStatus] === 2);
      }
    }),
    { numRuns: 300 },
  );
});
