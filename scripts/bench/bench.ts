/**
 * `npm run bench`: figures, never assertions. Time to quote on the demo's script-tag and `session`
 * pages under a slow link and CPU (`time-to-quote.ts`); order visible, server-rendered against
 * rendered in the browser, under the same emulation (`order-visible.ts`); then mount/unmount cycles
 * in Chromium with counts of what is left behind and the heap after GC. Bundle sizes come from
 * `npm run size`.
 *
 * Environment: `BENCH_LOADS` (cold loads per page, default 5), `BENCH_CYCLES` (mount cycles, default
 * 200), `BENCH_ONLY` (`quote`, `order`, `load`, `profile` or `leaks`) to run one part, `BENCH_CPU` (the CPU
 * slowdown, default 4), `BENCH_BEFORE` (a git revision: its script-tag file is built and measured
 * beside this build's in the time-to-quote, provider-load and main-thread profile parts; in the
 * timed parts their loads take turns, `bundles.ts`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { measureLeaks } from '../../test/e2e/leak-probe.js';
import { formatOrderVisible, measureOrderVisible } from './order-visible.js';
import { buildBundleAt, formatProviderLoad, measureProviderLoad } from './provider-load.js';
import { formatTimeToQuote, measureTimeToQuote } from './time-to-quote.js';
import { formatProfile, profileLoads } from './main-thread-profile.js';
import { type Bundle, SCRIPT_FILE } from './bundles.js';
import { startDemo } from '../../demo/shop/server/demo-server.js';
import { playwrightChromium } from '../../test/engines/engines.mjs';

// The same Chromium and flags as every suite (test/engines/engines.mjs).
const browser = await chromium.launch(playwrightChromium.launchOptions);
const only = process.env.BENCH_ONLY;
const runs = (part: 'quote' | 'order' | 'load' | 'profile' | 'leaks') => !only || only === part;
const loads = Number(process.env.BENCH_LOADS ?? 5);
const before = process.env.BENCH_BEFORE;
/** This build's script-tag file and, with `BENCH_BEFORE`, the one built from that revision (built once). */
const built = readFileSync(SCRIPT_FILE, 'utf8');
const bundles: Bundle[] = [{ label: 'after', code: built }];
if (before && (runs('quote') || runs('load') || runs('profile')))
  bundles.unshift({ label: 'before', code: buildBundleAt(before) });

try {
  if (runs('quote')) {
    for (const { label, figures } of await measureTimeToQuote(browser, loads, bundles))
      console.log(`${label}: ${formatTimeToQuote(figures)}\n`);
  }
  if (runs('profile')) {
    const demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
    try {
      console.log(`${formatProfile(await profileLoads(browser, `${demo.url}/demo/script-tag`, loads, bundles))}\n`);
    } finally {
      await demo.close();
    }
  }
  if (runs('order')) console.log(`${formatOrderVisible(await measureOrderVisible(browser, loads))}\n`);
  if (runs('load')) {
    console.log(`${formatProviderLoad(await measureProviderLoad(browser, bundles))}\n`);
  }
  if (runs('leaks')) {
    const page = await browser.newPage();
    // tsx compiles with esbuild's keepNames, whose `__name` helper ends up in functions sent to the page.
    await page.addInitScript('window.__name = (fn) => fn');
    const cycles = Number(process.env.BENCH_CYCLES ?? 200);
    const f = await measureLeaks(page, cycles);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(`mount/unmount cycles        ${f.cycles} (${f.moves} also moved)`);
    console.log(
      `time                        ${f.millis} ms (${(f.millis / f.cycles).toFixed(2)} ms per cycle, each waits one frame or two)`,
    );
    console.log(`timeouts left               ${f.timeouts}`);
    console.log(`intervals left              ${f.intervals}`);
    console.log(`window/document listeners   ${f.globalListeners}`);
    console.log(`fetches in flight           ${f.pendingFetches}`);
    console.log(`status requests             ${f.statusRequests}`);
    console.log(
      `heap after GC               ${kib(f.heapBeforeBytes)} -> ${kib(f.heapAfterBytes)} (${f.heapAfterBytes >= f.heapBeforeBytes ? '+' : ''}${kib(f.heapAfterBytes - f.heapBeforeBytes)})`,
    );
  }
} finally {
  // The timed parts serve each bundle in turn as the demo's file: this build's goes back.
  writeFileSync(SCRIPT_FILE, built);
  await browser.close();
}
