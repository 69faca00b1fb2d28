/**
 * "Exactly one poller", measured: after the last mount, fake time runs 30 s while the API answers
 * with latency, so two pollers would overlap or crowd each other. Nothing sleeps: the fake clock
 * decides when each request goes out.
 */
import { expect } from '@open-wc/testing';
import type sinon from 'sinon';
import { IDLE_FIRST_MS, nextPoll } from '../../src/core/poll-policy.js';
import type { FakeOnrampApi } from './fake-onramp-api.js';
import { advance } from './settle.js';

const WINDOW_MS = 30_000;

/**
 * `firstLive` is the index, in `api.statusRequests`, of the first request of the element that is
 * still mounted: every earlier request belonged to a removed element and must have been aborted.
 */
export async function expectOnePoller(
  api: FakeOnrampApi,
  clock: sinon.SinonFakeTimers,
  firstLive: number,
): Promise<void> {
  const removed = api.statusRequests.slice(0, firstLive);
  expect(
    removed.every((request) => request.signal?.aborted),
    'requests of removed elements are aborted',
  ).to.equal(true);

  const start = Date.now();
  await advance(clock, WINDOW_MS);
  const live = api.statusRequests.slice(firstLive);
  const times = live.map((request) => request.startedAt);
  expect(times[0], 'the mounted element polls at once').to.equal(start);
  const gaps = times.slice(1).map((time, i) => time - times[i]!);
  expect(
    gaps.every((gap) => gap >= IDLE_FIRST_MS),
    `gaps between polls ${gaps.join(', ')} ms`,
  ).to.equal(true);
  // One request at once, then one per wait of the polling policy (idle, growing) plus latency.
  const expected = readsWithin(WINDOW_MS, api.latencyMs);
  expect(live.length, `${live.length} reads in ${WINDOW_MS} ms`).to.equal(expected);
  expect(api.maxInFlight, 'status requests in flight at once').to.equal(1);
}

/** Reads one poller makes in `windowMs` of an untouched pending session, each answered after `latencyMs`. */
function readsWithin(windowMs: number, latencyMs: number): number {
  let at = 0;
  let reads = 0;
  while (at <= windowMs) {
    reads += 1;
    const plan = nextPoll({
      status: 'pending',
      surface: 'none',
      readsSinceSign: reads,
      lastReadMs: latencyMs,
      msUntilExpiry: null,
      paused: false,
    });
    if (plan.kind !== 'read') break;
    at += latencyMs + plan.ms;
  }
  return reads;
}
