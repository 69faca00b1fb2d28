/**
 * `npm run bench`: figures, never assertions. Time to quote on the demo's script-tag and `session`
 * pages under a slow link and CPU (`time-to-quote.ts`); order visible, server-rendered against
 * rendered in the browser, under the same emulation (`order-visible.ts`); then mount/unmount cycles
 * in Chromium with counts of what is left behind and the heap after GC. Bundle sizes come from
 * `npm run size`.
 *
 * Environment: `BENCH_LOADS` (cold loads per page, default 5), `BENCH_CYCLES` (mount cycles, default
 * 200), `BENCH_ONLY` (`quote`, `order`, `load` or `leaks`) to run one part, `BENCH_CPU` (the CPU slowdown,
 * default 4), `BENCH_BEFORE` (a git revision: the provider-load table also for its script-tag file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { measureLeaks } from '../e2e/leak-probe.js';
import { formatOrderVisible, measureOrderVisible } from './order-visible.js';
import { buildBundleAt, formatProviderLoad, measureProviderLoad } from './provider-load.js';
import { formatTimeToQuote, measureTimeToQuote } from './time-to-quote.js';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const only = process.env.BENCH_ONLY;
const runs = (part: 'quote' | 'order' | 'load' | 'leaks') => !only || only === part;
const loads = Number(process.env.BENCH_LOADS ?? 5);
try {
  if (runs('quote')) console.log(`${formatTimeToQuote(await measureTimeToQuote(browser, loads))}\n`);
  if (runs('order')) console.log(`${formatOrderVisible(await measureOrderVisible(browser, loads))}\n`);
  if (runs('load')) {
    const bundles = [{ label: 'after', code: readFileSync('dist/onramp-checkout.iife.js', 'utf8') }];
    const before = process.env.BENCH_BEFORE;
    if (before) bundles.unshift({ label: 'before', code: buildBundleAt(before) });
    console.log(`${formatProviderLoad(await measureProviderLoad(browser, bundles))}\n`);
  }
  if (runs('leaks')) {
    const page = await browser.newPage();
    // tsx compiles with esbuild's keepNames, whose `__name` helper ends up in functions sent to the page.
    await page.addInitScript('window.__name = (fn) => fn');
    const cycles = Number(process.env.BENCH_CYCLES ?? 200);
    const f = await measureLeaks(page as unknown as Parameters<typeof measureLeaks>[0], cycles);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(`mount/unmount cycles        ${f.cycles} (${f.moves} also moved)`);
    console.log(`time                        ${f.millis} ms (${(f.millis / f.cycles).toFixed(2)} ms per cycle, each waits one frame or two)`);
    console.log(`timeouts left               ${f.timeouts}`);
    console.log(`intervals left              ${f.intervals}`);
    console.log(`window/document listeners   ${f.globalListeners}`);
    console.log(`fetches in flight           ${f.pendingFetches}`);
    console.log(`status requests             ${f.statusRequests}`);
    console.log(`heap after GC               ${kib(f.heapBeforeBytes)} -> ${kib(f.heapAfterBytes)} (${f.heapAfterBytes >= f.heapBeforeBytes ? '+' : ''}${kib(f.heapAfterBytes - f.heapBeforeBytes)})`);
  }
} finally {
  await browser.close();
}
