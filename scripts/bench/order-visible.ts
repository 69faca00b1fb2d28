/**
 * Order visible: how soon the order is on screen, server-rendered (`/demo/ssr`, the hydrating file)
 * against rendered in the browser from the session: the `session` property (`/demo/session`, the
 * client-rendered page of the time-to-quote figures), and the same page as `/demo/ssr` with the
 * element rendered by the default script-tag file from the same data block (`/demo/ssr?render=client`).
 * Cold loads (a new browser context each: no cache, no connection) under the time-to-quote figures'
 * emulation of a slow mobile link and CPU (`EMULATION`). Figures, never assertions: `npm run bench`
 * prints them.
 *
 * "Visible" is read the same way on every page: from navigation start, the first animation frame
 * whose rendering has the order (the crypto amount) in the widget's shadow root, checked by a frame
 * loop the bench installs before any page script (the widget ships no marks).
 */
import type { Browser } from 'playwright-core';
import { startDemo } from '../../demo/shop/server/demo-server.js';
import { emulate, EMULATION, median } from './time-to-quote.js';

/** A frame loop from document start: the first frame with the order in the widget's shadow root. */
const INSTRUMENT = `(() => {
  let done;
  window.__orderVisible = new Promise((resolve) => (done = resolve));
  const frame = () => {
    const order = document.querySelector('onramp-checkout')?.shadowRoot?.querySelector('[part="crypto-amount"]');
    if (order && order.textContent.includes('ETH')) done(performance.now());
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

const COLLECT = `(async () => {
  const visible = await window.__orderVisible;
  const nav = performance.getEntriesByType('navigation')[0];
  const script = performance.getEntriesByType('resource').find((entry) => /onramp-checkout(\\.hydrate)?\\.iife\\.js$/.test(entry.name));
  return { visible, html: nav.responseEnd, script: script ? script.responseEnd : null };
})()`;

interface LoadFigures {
  visible: number;
  html: number;
  script: number | null;
}

/** One cold load of `url` under the emulation; resolves once the order is on screen. */
async function load(browser: Browser, url: string): Promise<LoadFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulate(cdp);
    await page.addInitScript(INSTRUMENT);
    // Not `load`: the harness's own evaluate would then run inside the measured window (time-to-quote.ts).
    await page.goto(url, { waitUntil: 'commit' });
    // A string evaluated over the protocol (the pages' CSP forbids the eval a function would need).
    return await page.evaluate<LoadFigures>(COLLECT);
  } finally {
    await context.close();
  }
}

const PAGES = [
  { path: '/demo/ssr', label: 'server-rendered (/demo/ssr, hydrating file)' },
  { path: '/demo/session', label: 'client-rendered, session property (/demo/session)' },
  { path: '/demo/ssr?render=client', label: 'client-rendered, data block (/demo/ssr?render=client)' },
] as const;

export interface OrderVisibleSummary {
  label: string;
  loads: LoadFigures[];
}

/** Loads each page `loads` times, cold, one after the other (after one uncounted warm-up load). */
export async function measureOrderVisible(browser: Browser, loads: number): Promise<OrderVisibleSummary[]> {
  const demo = await startDemo({ port: 0, sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} } });
  try {
    const summaries: OrderVisibleSummary[] = [];
    for (const { path, label } of PAGES) {
      await load(browser, `${demo.url}${path}`);
      const figures: LoadFigures[] = [];
      for (let index = 0; index < loads; index++) figures.push(await load(browser, `${demo.url}${path}`));
      summaries.push({ label, loads: figures });
    }
    return summaries;
  } finally {
    await demo.close();
  }
}

/** The table `npm run bench` prints. */
export function formatOrderVisible(summaries: OrderVisibleSummary[]): string {
  const { latencyMs, downloadKbps, uploadKbps, cpuSlowdown } = EMULATION;
  const ms = (value: number) => `${Math.round(value)}`.padStart(7);
  const lines = [
    `order visible, cold loads: ${latencyMs} ms round trip, ${downloadKbps / 1000} Mbit/s down, ${uploadKbps} kbit/s up, CPU ${cpuSlowdown}× slower (Chromium DevTools emulation)`,
    `  ${'ms from navigation start'.padEnd(58)}    min median    max   HTML in  script in (medians)`,
  ];
  for (const { label, loads } of summaries) {
    const visible = loads.map((figures) => figures.visible);
    const scripts = loads.map((figures) => figures.script).filter((value): value is number => value !== null);
    lines.push(
      `  ${`${label} (${loads.length})`.padEnd(58)}${ms(Math.min(...visible))}${ms(median(visible))}${ms(Math.max(...visible))}${ms(median(loads.map((figures) => figures.html))).padStart(10)}${(scripts.length ? ms(median(scripts)) : '      –').padStart(11)}`,
    );
  }
  return lines.join('\n');
}
