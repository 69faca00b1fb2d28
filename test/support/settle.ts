/** Waiting in component tests whose timers are faked: real work finishes, fake time moves only on request. */
import type sinon from 'sinon';

// Captured at import, before any test fakes timers.
const realSetTimeout = window.setTimeout.bind(window);

/** Lets real work finish (Response bodies, microtasks, Lit and framework updates) without moving fake time. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** Moves fake time by `ms`, running the timers due, then lets the work they started finish. */
export async function advance(clock: sinon.SinonFakeTimers, ms: number): Promise<void> {
  await clock.tickAsync(ms);
  await settle();
}

/** The timers the component tests fake: the element's clock, polls, countdowns and timeouts. */
export const FAKED_TIMERS: Array<'Date' | 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'> = [
  'Date',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
];
