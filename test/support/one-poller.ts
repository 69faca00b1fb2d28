/**
 * "Exactly one poller", measured: after the last mount, fake time runs 30 s while the API answers
 * with latency, so two pollers would overlap or crowd each other. Nothing sleeps: the fake clock
 * decides when each request goes out.
 */
import { expect } from '@open-wc/testing';
import type sinon from 'sinon';
import { PENDING_POLL_MS, type FakeOnrampApi } from './fake-onramp-api.js';
import { advance } from './settle.js';

const WINDOW_MS = 30_000;

/**
 * `firstLive` is the index, in `api.statusRequests`, of the first request of the element that is
 * still mounted: every earlier request belonged to a removed element and must have been aborted.
 */
export async function expectOnePoller(api: FakeOnrampApi, clock: sinon.SinonFakeTimers, firstLive: number): Promise<void> {
  const removed = api.statusRequests.slice(0, firstLive);
  expect(removed.every((request) => request.signal?.aborted), 'requests of removed elements are aborted').to.equal(true);

  const start = Date.now();
  await advance(clock, WINDOW_MS);
  const live = api.statusRequests.slice(firstLive);
  const times = live.map((request) => request.startedAt);
  expect(times[0], 'the mounted element polls at once').to.equal(start);
  const gaps = times.slice(1).map((time, i) => time - times[i]!);
  expect(gaps.every((gap) => gap >= PENDING_POLL_MS), `gaps between polls ${gaps.join(', ')} ms`).to.equal(true);
  // One request at once, then one per interval plus latency.
  expect(live.length).to.equal(1 + Math.floor(WINDOW_MS / (PENDING_POLL_MS + api.latencyMs)));
  expect(api.maxInFlight, 'status requests in flight at once').to.equal(1);
}
