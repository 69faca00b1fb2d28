/** Waiting in component tests whose timers are faked: real work finishes, fake time moves only on request. */
import type sinon from 'sinon';

// Captured at import, before any test fakes timers (globalThis: node tests import the fakes too).
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/**
 * A real `Response` (status, headers) whose body is read in a microtask, as a body already in memory.
 * Engines read a stream body in their own number of tasks (Firefox in more than Chromium and WebKit),
 * and a fake clock's `tickAsync` runs only microtasks between timers: with a streamed body, whether
 * the answer is handled inside a tick would depend on the engine.
 */
export function stubResponse(body: string, init: ResponseInit): Response {
  const response = new Response(body, init);
  Object.defineProperties(response, {
    text: { value: () => Promise.resolve(body) },
    json: { value: () => Promise.resolve().then(() => JSON.parse(body) as unknown) },
  });
  return response;
}

/** Lets real work finish (Lit and framework updates, microtasks) without moving fake time. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** Moves fake time by `ms`, running the timers due, then lets the work they started finish. */
export async function advance(clock: sinon.SinonFakeTimers, ms: number): Promise<void> {
  await clock.tickAsync(ms);
  await settle();
}

/** The timers the component tests fake: the element's clock, polls, countdowns and timeouts. */
export const FAKED_TIMERS: ('Date' | 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval')[] = [
  'Date',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
];
