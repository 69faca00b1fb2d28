import { expect, test } from '@playwright/test';
import { measureLeaks } from './leak-probe.js';

test('200 mount/unmount cycles (half of them also moved) leave no timer, listener, fetch or heap behind', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const figures = await measureLeaks(page, 200);
  expect(figures.moves).toBe(100);
  expect(figures.timeouts).toBe(0);
  expect(figures.intervals).toBe(0);
  expect(figures.globalListeners).toBe(0);
  expect(figures.pendingFetches).toBe(0);
  // Each mount polls once, a reconnect resumes with one poll (the aborted one is not repeated twice).
  expect(figures.statusRequests).toBeLessThanOrEqual(1 + figures.cycles + figures.moves);
  // After GC the heap is back within 1 MiB of where it started.
  expect(figures.heapAfterBytes - figures.heapBeforeBytes).toBeLessThan(1024 * 1024);
});
