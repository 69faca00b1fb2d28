/**
 * The next read, as the element's state and the poller's see it: the polling policy the `later`
 * part brings, handed in by the element (it arrives a moment after the first read); until then, the policy's first step (a read in
 * 3 s while the session is active), so the first wait is the same whichever comes first.
 */
import type { ServerClock } from '../api/server-clock.js';
import { isActive, type FlowState } from '../core/flow-machine.js';
import type { PollContext, PollPlan } from '../core/poll-policy.js';
import type { PollControllerOptions } from './poll-controller.js';

export function planRead(
  { status, surface, session }: FlowState,
  poll: Parameters<PollControllerOptions['next']>[0],
  clock: ServerClock,
  nextPoll: ((context: PollContext) => PollPlan) | undefined,
): PollPlan {
  const msUntilExpiry = session?.expiresAt == null ? null : session.expiresAt - clock.now();
  return (
    nextPoll?.({ ...poll, status, surface, msUntilExpiry }) ??
    (isActive(status) ? (poll.paused ? { kind: 'wait' } : { kind: 'read', ms: 3000 }) : { kind: 'stop' })
  );
}
