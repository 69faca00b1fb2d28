/**
 * Mount/unmount cycles of the widget with counters on everything it could leak: timers,
 * window/document listeners, fetches in flight, and the JS heap after garbage collection.
 * Shared by the leak test (which asserts) and `npm run bench` (which prints).
 */
import type { Page } from '@playwright/test';
import { openHarness, statusBody } from './harness.js';

export interface LeakFigures {
  cycles: number;
  moves: number;
  timeouts: number;
  intervals: number;
  globalListeners: number;
  pendingFetches: number;
  statusRequests: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  millis: number;
}

/** Installs the counters; runs before any page script. */
function installProbe(): void {
  const w = window as unknown as {
    __probe: { timeouts: Set<number>; intervals: Set<number>; listeners: number; fetches: number };
  };
  const probe = { timeouts: new Set<number>(), intervals: new Set<number>(), listeners: 0, fetches: 0 };
  w.__probe = probe;
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci, fetch: f } = window;
  window.setTimeout = ((handler: () => void, ms?: number, ...args: unknown[]) => {
    const id: number = st(() => {
      probe.timeouts.delete(id);
      handler(...(args as []));
    }, ms);
    probe.timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) probe.timeouts.delete(id);
    ct(id);
  }) as typeof window.clearTimeout;
  window.setInterval = ((handler: () => void, ms?: number) => {
    const id: number = si(handler, ms);
    probe.intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) probe.intervals.delete(id);
    ci(id);
  }) as typeof window.clearInterval;
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    probe.fetches++;
    try {
      return await f(...args);
    } finally {
      probe.fetches--;
    }
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const seen = new Set<unknown>();
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if ((this === window || this === document) && listener && !seen.has(listener)) {
      seen.add(listener);
      probe.listeners++;
    }
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    if ((this === window || this === document) && listener && seen.has(listener)) {
      seen.delete(listener);
      probe.listeners--;
    }
    return remove.call(this, type, listener, options);
  };
}

export async function measureLeaks(page: Page, cycles = 200): Promise<LeakFigures> {
  await page.addInitScript(installProbe);
  let statusRequests = 0;
  await openHarness(page, {
    onStatus: () => {
      statusRequests++;
      return { body: JSON.stringify(statusBody(Date.now())) };
    },
  });
  await page.locator('onramp-checkout[status=pending]').waitFor();
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  // The page's own element goes first: baseline is a page with no widget.
  await page.evaluate(() => document.querySelector('onramp-checkout')?.remove());
  await page.waitForFunction(() => (window as unknown as { __probe: { fetches: number } }).__probe.fetches === 0);
  const baseline = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { timeouts: Set<number>; intervals: Set<number>; listeners: number } })
      .__probe;
    return { listeners: p.listeners };
  });
  const heapBefore = await heap();
  const started = Date.now();
  const moves = await page.evaluate(async (count) => {
    const template = document.createElement('template');
    const sleep = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    let moved = 0;
    for (let i = 0; i < count; i++) {
      const element = document.createElement('onramp-checkout');
      element.setAttribute('publishable-key', 'onramp_test_pk_abcdefghijklmnop1234');
      element.setAttribute('client-secret', 'ors_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678');
      element.setAttribute('api-base', 'https://shop.test/api');
      element.setAttribute('checkout-origin', 'https://checkout.shop.test');
      document.body.append(element);
      await sleep();
      if (i % 2 === 0) {
        // Disconnect and reconnect without dropping the element, as frameworks do when they move it.
        template.content.append(element);
        document.body.append(element);
        moved++;
        await sleep();
      }
      element.remove();
    }
    return moved;
  }, cycles);
  const millis = Date.now() - started;
  await page.waitForFunction(() => (window as unknown as { __probe: { fetches: number } }).__probe.fetches === 0);
  // Let any timer that was due fire (timers run in due order, so this holds on a loaded machine too),
  // then read the counters.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const after = await page.evaluate(() => {
    const p = (
      window as unknown as {
        __probe: { timeouts: Set<number>; intervals: Set<number>; listeners: number; fetches: number };
      }
    ).__probe;
    return { timeouts: p.timeouts.size, intervals: p.intervals.size, listeners: p.listeners, fetches: p.fetches };
  });
  const heapAfter = await heap();
  return {
    cycles,
    moves,
    timeouts: after.timeouts,
    intervals: after.intervals,
    globalListeners: after.listeners - baseline.listeners,
    pendingFetches: after.fetches,
    statusRequests,
    heapBeforeBytes: heapBefore,
    heapAfterBytes: heapAfter,
    millis,
  };
}
