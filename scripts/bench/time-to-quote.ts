/**
 * Time to quote: how soon the order appears on the demo's script-tag page and on its `session`
 * page, cold (a new browser context per load: no cache, no connection, no CORS preflight cache),
 * under Chromium's emulation of a slow mobile link and CPU (DevTools protocol). Figures, never
 * assertions: `npm run bench` prints them.
 *
 * Every phase is read on the page's own clock (Navigation and Resource Timing, and a
 * MutationObserver the bench installs in the widget's shadow root: the widget ships no marks),
 * except one: when the status request leaves. Resource Timing's `startTime` is the page's `fetch()`
 * call, so the DevTools protocol's network timings say when the network stack started it, from the
 * script's arrival on the same clock. The protocol also adds what the page cannot see: bytes on
 * the wire, and the single round trip of the status request apart from its CORS preflight.
 *
 * The physical limit of a load is the HTML, the script at its brotli size, and (without `session`)
 * one round trip to the API, each taken from the same load's network timings: the script cannot
 * run before both the HTML is parsed and the compressed script could have arrived (its request's
 * start, its time to first byte, then its brotli bytes at the load's measured throughput), and the
 * status answer cannot come sooner than one round trip after that.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';
import { type Bundle, roundOrder, SCRIPT_FILE, serveBundle } from './bundles.js';

/** The link and CPU of the issue: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4× slower CPU (`BENCH_CPU` sets another factor). */
export const EMULATION = {
  latencyMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  cpuSlowdown: Number(process.env.BENCH_CPU ?? 4),
} as const;

const STATUS_PATH = '/v1/onramp?';

/** What the bench installs before any page script: when the order (its crypto amount) is in the DOM. */
const INSTRUMENT = `(() => {
  const marks = (window.__quoteBench = { defined: null, order: null, firstFrame: null, orderInFirstFrame: null });
  let done;
  window.__quoteBenchDone = new Promise((resolve) => (done = () => marks.order !== null && marks.firstFrame !== null && resolve()));
  const define = CustomElementRegistry.prototype.define;
  CustomElementRegistry.prototype.define = function (name, ...rest) {
    if (name === 'onramp-checkout' && marks.defined === null) {
      marks.defined = performance.now();
      requestAnimationFrame(() => {
        marks.firstFrame = performance.now();
        marks.orderInFirstFrame = marks.order !== null;
        done();
      });
    }
    return define.call(this, name, ...rest);
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.localName === 'onramp-checkout') {
      const observer = new MutationObserver(() => {
        if (marks.order === null && root.querySelector('[part="crypto-amount"]')) {
          marks.order = performance.now();
          observer.disconnect();
          done();
        }
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    }
    return root;
  };
})();`;

/** Read in the page once the order is shown: its marks and its timing entries (page clock, ms). */
const COLLECT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd }));
  return { marks: window.__quoteBench, htmlEnd: nav.responseEnd, resources };
})()`;

interface PageFigures {
  marks: { defined: number | null; order: number | null; firstFrame: number | null; orderInFirstFrame: boolean | null };
  htmlEnd: number;
  resources: { name: string; startTime: number; responseEnd: number }[];
}

/** One request as the DevTools protocol saw it. */
interface WireRequest {
  url: string;
  method: string;
  /** `requestTime` (s, monotonic) and the offsets of `Network.ResourceTiming` (ms). */
  timing?: { requestTime: number; sendStart: number; receiveHeadersEnd: number };
  finishedAt?: number;
  encodedBytes: number;
  contentEncoding?: string;
}

/** Records every request of a page: bytes on the wire and network timings. */
/** A cold page under `EMULATION`: no cache, the slow link, the slow CPU. */
export async function emulate(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: EMULATION.latencyMs,
    downloadThroughput: (EMULATION.downloadKbps * 1000) / 8,
    uploadThroughput: (EMULATION.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: EMULATION.cpuSlowdown });
}

async function recordWire(cdp: CDPSession): Promise<Map<string, WireRequest>> {
  const requests = new Map<string, WireRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, { url: event.request.url, method: event.request.method, encodedBytes: 0 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const timing = event.response.timing;
    if (timing)
      request.timing = {
        requestTime: timing.requestTime,
        sendStart: timing.sendStart,
        receiveHeadersEnd: timing.receiveHeadersEnd,
      };
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    request.contentEncoding = headers['content-encoding'];
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.finishedAt = event.timestamp;
    request.encodedBytes = event.encodedDataLength;
  });
  await emulate(cdp);
  return requests;
}

/** Time to first byte and body time of a finished request, ms. */
function wireTimes(request: WireRequest | undefined): { ttfb: number; body: number } | null {
  if (!request?.timing || request.finishedAt === undefined) return null;
  const { requestTime, sendStart, receiveHeadersEnd } = request.timing;
  return {
    ttfb: receiveHeadersEnd - sendStart,
    body: request.finishedAt * 1000 - (requestTime * 1000 + receiveHeadersEnd),
  };
}

export interface LoadFigures {
  html: number;
  scriptTransfer: number;
  /**
   * Script arrival to the status request leaving, on the wire: the network stack's start of its
   * CORS preflight (or of the GET when there is none), not the page's `fetch()` call (`null` with
   * `session`: none is needed for the order).
   */
  scriptToRequest: number | null;
  requestRoundTrip: number | null;
  /** The status GET alone, without its CORS preflight. */
  oneRoundTrip: number | null;
  responseToOrder: number | null;
  scriptToOrder: number;
  /** Script arrival to the element's definition: the script's parse, compile and evaluation (and any wait for the parser). */
  scriptToDefine: number | null;
  /** Navigation start to the order in the DOM. */
  total: number;
  limit: number;
  orderInFirstFrame: boolean;
  bytes: { html: number; script: number; api: number; total: number };
  scriptEncoding: string;
}

/** One cold load of `url`; resolves once the order is on screen. */
async function load(browser: Browser, url: string, apiOrigin: string, scriptBrotli: number): Promise<LoadFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const wire = await recordWire(cdp);
    await page.addInitScript(INSTRUMENT);
    // Not the default wait for `load`: Playwright's evaluate then compiles its utility script in the
    // page just as the status answer arrives, and that work would be measured as the widget's.
    await page.goto(url, { waitUntil: 'commit' });
    // A string evaluated over the protocol (the pages' CSP forbids the eval a predicate would need).
    await page.evaluate('window.__quoteBenchDone');
    const figures = await page.evaluate<PageFigures>(COLLECT);
    const requests = [...wire.values()];
    const { marks } = figures;
    const script = figures.resources.find((entry) => entry.name.endsWith(SCRIPT_FILE.slice('dist'.length)));
    const status = figures.resources.find(
      (entry) => entry.name.startsWith(apiOrigin) && entry.name.includes(STATUS_PATH),
    );
    if (!script || marks.order === null) throw new Error(`no script or no order on ${url}`);
    const order = marks.order;
    const seeded = url.endsWith('/demo/session');
    const statusShown = !seeded && status && status.responseEnd <= order ? status : null;

    const wireScript = requests.find((request) => request.url.endsWith(SCRIPT_FILE.slice('dist'.length)));
    const wireStatus = requests.find(
      (request) => request.method === 'GET' && request.url.startsWith(apiOrigin) && request.url.includes(STATUS_PATH),
    );
    // The first request to the status URL the network stack started: the preflight, else the GET.
    const wireFirst = requests
      .flatMap((request) =>
        request.url === wireStatus?.url && request.timing ? [request.timing.requestTime * 1000] : [],
      )
      .sort((a, b) => a - b)[0];
    const scriptTimes = wireTimes(wireScript);
    const statusTimes = wireTimes(wireStatus);
    // The compressed script at this load's throughput: time to first byte, then brotli bytes.
    const perByte = scriptTimes && wireScript ? scriptTimes.body / Math.max(1, wireScript.encodedBytes) : 0;
    const scriptLimit =
      script.startTime +
      (scriptTimes ? scriptTimes.ttfb + scriptBrotli * perByte : script.responseEnd - script.startTime);
    const oneRoundTrip = statusTimes ? statusTimes.ttfb + statusTimes.body : null;
    const limit = Math.max(figures.htmlEnd, scriptLimit) + (seeded ? 0 : (oneRoundTrip ?? 0));

    const sum = (match: (request: WireRequest) => boolean) =>
      requests.filter(match).reduce((total, request) => total + request.encodedBytes, 0);
    const pageOrigin = new URL(url).origin;
    return {
      html: figures.htmlEnd,
      scriptTransfer: script.responseEnd - script.startTime,
      scriptToRequest:
        statusShown && wireFirst !== undefined && wireScript?.finishedAt !== undefined
          ? wireFirst - wireScript.finishedAt * 1000
          : null,
      requestRoundTrip: statusShown ? statusShown.responseEnd - statusShown.startTime : null,
      oneRoundTrip: seeded ? null : oneRoundTrip,
      responseToOrder: statusShown ? order - statusShown.responseEnd : null,
      scriptToOrder: order - script.responseEnd,
      scriptToDefine: marks.defined === null ? null : marks.defined - script.responseEnd,
      total: order,
      limit,
      orderInFirstFrame: marks.orderInFirstFrame === true,
      bytes: {
        html: sum((request) => request.url === url),
        script: wireScript?.encodedBytes ?? 0,
        api: sum((request) => request.url.startsWith(apiOrigin)),
        total: sum((request) => request.url.startsWith(pageOrigin) || request.url.startsWith(apiOrigin)),
      },
      scriptEncoding: wireScript?.contentEncoding ?? 'identity',
    };
  } finally {
    await context.close();
  }
}

/** The median of some figures (the mean of the middle two for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

export interface PageSummary {
  page: string;
  loads: LoadFigures[];
}

/**
 * Loads the script-tag page and the `session` page `loads` times each per bundle, cold, one after
 * the other: after one uncounted warm-up load per bundle, round after round, each bundle once a
 * round (`roundOrder`). The caller puts this build's file back afterwards.
 */
export async function measureTimeToQuote(
  browser: Browser,
  loads: number,
  bundles: readonly Bundle[],
): Promise<{ label: string; figures: { summaries: PageSummary[]; scriptBrotli: number } }[]> {
  const results = bundles.map((bundle) => ({
    bundle,
    scriptBrotli: brotliCompressSync(bundle.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    summaries: [] as PageSummary[],
  }));
  const demo: DemoHandle = await startDemo({
    port: 0,
    sandbox: { db: ':memory:', port: 0, checkoutPort: 0, log: () => {} },
  });
  try {
    const apiOrigin = new URL(demo.sandbox.apiUrl).origin;
    for (const page of ['/demo/script-tag', '/demo/session']) {
      const url = `${demo.url}${page}`;
      const figures = new Map(results.map((result) => [result, [] as LoadFigures[]]));
      // One warm-up load, not counted: the server's first session and the browser's first process.
      for (let round = -1; round < loads; round += 1) {
        for (const result of roundOrder(results, round)) {
          await serveBundle(result.bundle, demo.url);
          const figure = await load(browser, url, apiOrigin, result.scriptBrotli);
          if (round >= 0) figures.get(result)?.push(figure);
        }
      }
      for (const result of results) result.summaries.push({ page, loads: figures.get(result) ?? [] });
    }
    return results.map(({ bundle, summaries, scriptBrotli }) => ({
      label: bundle.label,
      figures: { summaries, scriptBrotli },
    }));
  } finally {
    await demo.close();
  }
}

/** The table `npm run bench` prints (and docs/performance.md shows). */
export function formatTimeToQuote({
  summaries,
  scriptBrotli,
}: {
  summaries: PageSummary[];
  scriptBrotli: number;
}): string {
  const { latencyMs, downloadKbps, uploadKbps, cpuSlowdown } = EMULATION;
  const lines = [
    `time to quote, cold loads: ${latencyMs} ms round trip, ${downloadKbps / 1000} Mbit/s down, ${uploadKbps} kbit/s up, CPU ${cpuSlowdown}× slower (Chromium DevTools emulation)`,
  ];
  const ms = (value: number) => `${Math.round(value)}`.padStart(7);
  const row = (label: string, values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    if (!present.length) return;
    lines.push(`  ${label.padEnd(46)}${ms(Math.min(...present))}${ms(median(present))}${ms(Math.max(...present))}`);
  };
  for (const { page, loads } of summaries) {
    const seeded = page.endsWith('/session');
    lines.push(
      '',
      `${page} (${loads.length} loads)${' '.repeat(Math.max(1, 46 - page.length - 12))}    min median    max (ms)`,
    );
    row(
      'HTML (navigation to last byte)',
      loads.map((figures) => figures.html),
    );
    row(
      'script transfer',
      loads.map((figures) => figures.scriptTransfer),
    );
    row(
      'script arrival → element defined (script runs)',
      loads.map((figures) => figures.scriptToDefine),
    );
    if (!seeded) {
      row(
        'script arrival → first request (on the wire)',
        loads.map((figures) => figures.scriptToRequest),
      );
      row(
        'request round trip (CORS preflight + GET)',
        loads.map((figures) => figures.requestRoundTrip),
      );
      row(
        '  of which the GET alone',
        loads.map((figures) => figures.oneRoundTrip),
      );
      row(
        'response → order visible',
        loads.map((figures) => figures.responseToOrder),
      );
    }
    row(
      'script arrival → order visible',
      loads.map((figures) => figures.scriptToOrder),
    );
    row(
      'navigation → order visible (total)',
      loads.map((figures) => figures.total),
    );
    row(
      `physical limit (HTML + ${seeded ? 'br script' : 'br script + 1 round trip'})`,
      loads.map((figures) => figures.limit),
    );
    const above = loads.map((figures) => (100 * (figures.total - figures.limit)) / figures.total);
    lines.push(
      `  ${'share of the total above the limit'.padEnd(46)}${above
        .map((value) => `${value.toFixed(0)}%`)
        .sort((a, b) => parseFloat(a) - parseFloat(b))
        .join(' ')
        .padStart(21)}`,
    );
    if (seeded) {
      const inFirst = loads.filter((figures) => figures.orderInFirstFrame).length;
      lines.push(`  order in the first frame after the script runs: ${inFirst} of ${loads.length} loads`);
    }
    const [first] = loads;
    if (!first) continue;
    const bytes = first.bytes;
    lines.push(
      `  bytes on the wire (first load): HTML ${bytes.html}, script ${bytes.script} (${first.scriptEncoding}; ${scriptBrotli} brotli), API ${bytes.api}, all ${bytes.total}`,
    );
  }
  return lines.join('\n');
}
