/**
 * Where the main thread goes before the order: a CPU profile (DevTools protocol `Profiler`, 100 µs
 * samples) of cold loads of the demo's script-tag page under the time-to-quote emulation (4× CPU),
 * from navigation to the order in the widget's shadow root. Self time summed per function over the
 * loads and divided by their count: the browser's own work (`(program)`: compiling, style, layout,
 * number data; `(garbage collector)`), and the functions of the script-tag file by name and
 * position. Figures, never assertions: `npm run bench` prints them (`BENCH_ONLY=profile`).
 */
import type { Browser } from 'playwright-core';
import { type Bundle, roundOrder, serveBundle } from './bundles.js';
import { emulate } from './time-to-quote.js';

/** Resolves once the order (its crypto amount) is in the widget's shadow root. */
const INSTRUMENT = `(() => {
  let done;
  window.__profileOrder = new Promise((resolve) => (done = resolve));
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.localName === 'onramp-checkout') {
      const observer = new MutationObserver(() => {
        if (root.querySelector('[part="crypto-amount"]')) { observer.disconnect(); done(performance.now()); }
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    }
    return root;
  };
})();`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileFigures {
  loads: number;
  /** Mean ms per load of navigation → order. */
  orderMs: number;
  /** Mean self ms per load, by function (`name file:line:col`), largest first. */
  top: { name: string; ms: number }[];
  /** Mean self ms per load: the script-tag file's functions together, the browser's own work, idle. */
  totals: { script: number; program: number; gc: number; other: number };
}

/** Self ms by function (`name file:line:col`) and what kind of work it is. */
type SelfTimes = Map<string, { ms: number; script: boolean; kind: string }>;

function selfTimes(profile: Profile, until: number): SelfTimes {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const out: SelfTimes = new Map();
  let at = profile.startTime;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    at += deltas[i] ?? 0;
    if (at > until) break;
    const next = deltas[i + 1] ?? 0;
    const node = byId.get(samples[i] ?? -1);
    if (!node) throw new Error(`profile sample ${i} names no node`);
    const frame = node.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const script = /onramp-checkout.*\.js/.test(file);
    const kind = frame.functionName.startsWith('(') ? frame.functionName : script ? 'script' : 'other';
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : frame.functionName;
    const entry = out.get(name) ?? { ms: 0, script, kind };
    entry.ms += next / 1000;
    out.set(name, entry);
  }
  return out;
}

/** One cold load of `url`, profiled: when the order was in the DOM, and self times until then. */
async function profileLoad(browser: Browser, url: string): Promise<{ order: number; times: SelfTimes }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulate(cdp);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await page.addInitScript(INSTRUMENT);
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const order = await page.evaluate<number>('window.__profileOrder');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    // Samples past the order (the profiler stops a little later) are left out: the profile's
    // clock (µs) starts before navigation, so cut at its start plus the wall time to the order.
    return { order, times: selfTimes(profile, profile.startTime + (Date.now() - started) * 1000) };
  } finally {
    await context.close();
  }
}

/**
 * `loads` cold loads of `url` per bundle, profiled from navigation to the order, the bundles taking
 * turns (`roundOrder`) after one uncounted warm-up load each (it warms the server and the browser's
 * processes). The caller puts this build's file back afterwards.
 */
export async function profileLoads(
  browser: Browser,
  url: string,
  loads: number,
  bundles: readonly Bundle[],
): Promise<{ label: string; figures: ProfileFigures }[]> {
  const results = bundles.map((bundle) => ({ bundle, sums: new Map() as SelfTimes, orderSum: 0 }));
  for (let round = -1; round < loads; round += 1) {
    for (const result of roundOrder(results, round)) {
      await serveBundle(result.bundle, new URL(url).origin);
      const { order, times } = await profileLoad(browser, url);
      if (round < 0) continue;
      result.orderSum += order;
      for (const [name, entry] of times) {
        const sum = result.sums.get(name) ?? { ms: 0, script: entry.script, kind: entry.kind };
        sum.ms += entry.ms;
        result.sums.set(name, sum);
      }
    }
  }
  return results.map(({ bundle, sums, orderSum }) => ({
    label: bundle.label,
    figures: summarise(sums, orderSum, loads),
  }));
}

function summarise(sums: SelfTimes, orderSum: number, loads: number): ProfileFigures {
  const mean = (ms: number) => ms / loads;
  const total = (match: (entry: { script: boolean; kind: string }) => boolean) =>
    mean([...sums.values()].filter(match).reduce((sum, entry) => sum + entry.ms, 0));
  return {
    loads,
    orderMs: orderSum / loads,
    top: [...sums.entries()]
      .filter(([, entry]) => entry.kind !== '(idle)' && entry.kind !== '(root)')
      .map(([name, entry]) => ({ name, ms: mean(entry.ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15),
    totals: {
      script: total((entry) => entry.script && entry.kind === 'script'),
      program: total((entry) => entry.kind === '(program)'),
      gc: total((entry) => entry.kind === '(garbage collector)'),
      other: total((entry) => entry.kind === 'other'),
    },
  };
}

export function formatProfile(results: { label: string; figures: ProfileFigures }[]): string {
  const lines = [
    'main thread before the order: CPU profile of cold loads of /demo/script-tag, navigation → order in the DOM (mean self ms per load)',
  ];
  for (const { label, figures } of results) {
    const { totals } = figures;
    lines.push(
      `  ${label}: ${figures.loads} loads, order in the DOM at ${figures.orderMs.toFixed(0)} ms; script-tag file ${totals.script.toFixed(0)} ms, (program) ${totals.program.toFixed(0)} ms, GC ${totals.gc.toFixed(0)} ms, other scripts ${totals.other.toFixed(0)} ms`,
    );
    for (const { name, ms } of figures.top) lines.push(`    ${ms.toFixed(1).padStart(7)}  ${name}`);
  }
  return lines.join('\n');
}
