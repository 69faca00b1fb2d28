/**
 * Provider load: how many status reads one open checkout costs the provider, and how late the buyer
 * sees a change, through whole sessions on a paused page clock (Playwright's `page.clock`, stepped
 * 500 ms at a time) against the sandbox in spec-shapes mode, whose own clock is stepped with it.
 * The script-tag file under test is this build's (`after`) and, with `BENCH_BEFORE=<git rev>`, the
 * one built from that revision (`before`). Figures, never assertions.
 *
 * Preflights are counted from the read times, as Chromium's preflight cache would send them: a
 * server without `Access-Control-Max-Age` (5 s cache) and the sandbox's (7200 s). The real browser's
 * cache runs on the wall clock, which a compressed session does not move.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type SandboxHandle, startSandbox } from '../../demo/onramp-api/index.js';
import { jsonForScriptElement } from '../../src/ssr/json-for-script.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STEP_MS = 500;
const MIN = 60_000;
/** The spec's session lifetime (a spec-only status answer has no `expires_at`: clients derive it from `created_at`). */
const SESSION_TTL_MS = 30 * MIN;
const ORDER = {
  wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  crypto_currency: 'ETH',
  network: 'ethereum',
  fiat_amount: 5000,
  fiat_currency: 'USD',
};

/** What a scenario does at a time since load (ms): a buyer's action or a change on the server. */
type Action = 'pay' | 'hide' | 'show' | 'unrender' | 'render' | 'processing' | 'completed';
interface Scenario {
  name: string;
  /** How long the page runs. */
  runMs: number;
  actions: readonly (readonly [number, Action])[];
}

/** Hidden from minute 1 to 3, 5 to 7… (half the time); paid in another tab at 10 min (hidden), delivered at 12 (shown). */
function hiddenHalfTheTime(): (readonly [number, Action])[] {
  const actions: (readonly [number, Action])[] = [
    [10 * MIN, 'processing'],
    [12 * MIN, 'completed'],
  ];
  for (let minute = 1; minute < 30; minute += 4) actions.push([minute * MIN, 'hide'], [(minute + 2) * MIN, 'show']);
  return actions.sort((a, b) => a[0] - b[0]);
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'abandoned, visible until it expires (30 min)', runMs: SESSION_TTL_MS + 5 * MIN, actions: [] },
  {
    name: 'paid 2 minutes after load',
    runMs: 5 * MIN,
    actions: [
      [2 * MIN, 'pay'],
      [2 * MIN + 30_000, 'processing'],
      [2 * MIN + 50_000, 'completed'],
    ],
  },
  {
    name: 'paid after a quote refresh (Pay at 6 min)',
    runMs: 9 * MIN,
    actions: [
      [6 * MIN, 'pay'],
      [6 * MIN + 30_000, 'processing'],
      [6 * MIN + 50_000, 'completed'],
    ],
  },
  {
    name: 'hidden half the time, paid elsewhere while hidden',
    runMs: SESSION_TTL_MS + 5 * MIN,
    actions: hiddenHalfTheTime(),
  },
  {
    // The page another route of a single-page app keeps mounted (React's <Activity mode="hidden">:
    // `display: none !important` on the element), the tab itself visible; paid elsewhere meanwhile.
    name: 'kept hidden by the app for 10 minutes',
    runMs: 14 * MIN,
    actions: [
      [MIN, 'unrender'],
      [6 * MIN, 'processing'],
      [11 * MIN, 'render'],
      [12 * MIN, 'completed'],
    ],
  },
];

export interface LoadFigures {
  scenario: string;
  reads: number;
  preflightsWithoutMaxAge: number;
  preflightsWithSandbox: number;
  /** Reads after the screen showed a final state. */
  readsAfterFinal: number;
  /** Longest time from a server-side change (a status moved, the expiry) to the screen, ms. */
  longestMs: number;
  /** The longest gap between two reads while the checkout was open, ms (null: never opened). */
  longestOpenGapMs: number | null;
}

/** Preflights a browser caching them for `cacheMs` sends for reads at these times. */
function preflights(readTimes: number[], cacheMs: number): number {
  let count = 0;
  let cachedUntil = Number.NEGATIVE_INFINITY;
  for (const at of readTimes) {
    if (at >= cachedUntil) {
      count += 1;
      cachedUntil = at + cacheMs;
    }
  }
  return count;
}

/** Builds the script-tag file of `rev` in a temporary worktree; returns its bytes. */
export function buildBundleAt(rev: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'onramp-bench-before-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: ROOT, stdio: 'ignore' });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    // Its parts first where it has them (the script-tag file pins their hashes); older revisions have none.
    for (const part of ['part-order', 'part-later'])
      try {
        execFileSync('npx', ['vite', 'build', '--mode', part, '--logLevel', 'error'], { cwd: dir, stdio: 'ignore' });
      } catch {
        /* no such part at that revision */
      }
    execFileSync('npx', ['vite', 'build', '--mode', 'iife', '--logLevel', 'error'], { cwd: dir, stdio: 'ignore' });
    // A revision from before the script-tag files moved into dist/cdn/ wrote them to dist/.
    const moved = join(dir, 'dist/cdn/onramp-checkout.iife.js');
    return readFileSync(existsSync(moved) ? moved : join(dir, 'dist/onramp-checkout.iife.js'), 'utf8');
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A merchant page with the script tag and an element whose attributes its "server" wrote, with the
 * creation response in a data block (docs/performance.md: the fastest embed; it is also what tells the widget
 * `expires_at`, which a spec-only status answer does not carry).
 */
function merchantServer(bundle: string, attributes: Record<string, string>, session: unknown): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/onramp-checkout.iife.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
      return;
    }
    const attrs = Object.entries(attributes)
      .map(([name, value]) => `${name}="${value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"`)
      .join(' ');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/onramp-checkout.iife.js" defer></script></head><body><onramp-checkout ${attrs}><script type="application/json">${jsonForScriptElement({ session })}</script></onramp-checkout></body></html>`);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Lets the page handle what arrived (a real task: the page's timers are paused). */
const TURN = `new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = () => resolve(undefined); channel.port2.postMessage(0); })`;

/** Pretends the tab is hidden or shown: `document.hidden` and `visibilitychange`, as a tab switch does. */
const VISIBILITY = `(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event('visibilitychange')); };
})();`;

async function runScenario(browser: Browser, bundle: string, scenario: Scenario): Promise<LoadFigures> {
  const start = Date.now();
  let serverNow = start;
  const sandbox: SandboxHandle = await startSandbox({
    db: ':memory:',
    port: 0,
    checkoutPort: 0,
    shapes: 'spec',
    log: () => {},
    now: () => serverNow,
    sweepIntervalMs: 20,
    deliveryMs: 60 * MIN,
    // The API's rate limits refill by the session's own (compressed) time, as a real page's reads would pace them.
    rateLimitClock: () => serverNow,
  });
  if (!sandbox.keys) throw new Error('the sandbox started without keys');
  const keys = sandbox.keys.test;
  const created = (await (
    await fetch(`${sandbox.apiUrl}/v1/onramp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': keys.secret },
      body: JSON.stringify(ORDER),
    })
  ).json()) as { data: { session_id: string; client_secret: string; redirect_url: string } };
  const { session_id: sessionId, client_secret: clientSecret, redirect_url: redirectUrl } = created.data;
  const merchant = await merchantServer(
    bundle,
    {
      'publishable-key': keys.publishable,
      'client-secret': clientSecret,
      'api-base': sandbox.apiUrl,
      'checkout-origin': sandbox.checkoutUrl,
      'redirect-url': redirectUrl,
      locale: 'en-US',
    },
    { ...created.data, ...ORDER },
  );
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const readTimes: number[] = [];
  let inFlight = 0;
  const isRead = (url: string, method: string) => method === 'GET' && new URL(url).pathname === '/v1/onramp';
  page.on('request', (request) => {
    if (!isRead(request.url(), request.method())) return;
    readTimes.push(serverNow - start - STEP_MS); // within the step being run (its start)
    inFlight += 1;
  });
  const settled = (request: { url(): string; method(): string }) => {
    if (isRead(request.url(), request.method())) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  try {
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1);
    serverNow = start + 1;
    await page.addInitScript(VISIBILITY);
    await page.goto(`http://127.0.0.1:${(merchant.address() as AddressInfo).port}/`);
    const statusOnScreen = () =>
      page.evaluate<string | null>(`document.querySelector('onramp-checkout')?.getAttribute('status')`);
    const advance = async (to: string) => {
      const answer = await fetch(`${sandbox.apiUrl}/v1/test_helpers/onramp/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': keys.secret },
        body: JSON.stringify({ session_id: sessionId, to }),
      });
      if (!answer.ok) throw new Error(`advance to ${to}: ${answer.status}`);
    };
    const pending = [...scenario.actions];
    /** Server-side changes waiting to reach the screen: the status expected and when it changed. */
    const changes: { status: string; at: number }[] = [{ status: 'expired', at: SESSION_TTL_MS }];
    let longestMs = 0;
    let finalAt: number | null = null;
    let openedAt: number | null = null;
    for (let elapsed = 0; elapsed < scenario.runMs; elapsed += STEP_MS) {
      for (let next = pending[0]; next && next[0] <= elapsed; next = pending[0]) {
        pending.shift();
        const [, action] = next;
        if (action === 'pay') {
          await page.evaluate(
            `document.querySelector('onramp-checkout').shadowRoot.querySelector('[part~="pay-button"]').click()`,
          );
          openedAt = elapsed;
        } else if (action === 'hide' || action === 'show') {
          await page.evaluate(`window.__setHidden(${action === 'hide'})`);
        } else if (action === 'unrender' || action === 'render') {
          await page.evaluate(
            `document.querySelector('onramp-checkout').style.${action === 'unrender' ? "setProperty('display', 'none', 'important')" : "removeProperty('display')"}`,
          );
        } else {
          await advance(action);
          changes.push({ status: action, at: elapsed });
        }
      }
      // The server's clock first: a read the page sends during the step finds the server at the step's end.
      serverNow += STEP_MS;
      await page.clock.runFor(STEP_MS);
      for (let turns = 0; turns < 200 && inFlight > 0; turns += 1) await page.evaluate(TURN);
      await page.evaluate(TURN);
      const shown = await statusOnScreen();
      for (const [i, change] of [...changes.entries()].reverse()) {
        if (shown === change.status && elapsed + STEP_MS >= change.at) {
          longestMs = Math.max(longestMs, elapsed + STEP_MS - change.at);
          changes.splice(i, 1);
        }
      }
      if (finalAt === null && (shown === 'completed' || shown === 'failed' || shown === 'expired'))
        finalAt = elapsed + STEP_MS;
    }
    const openReads =
      openedAt === null ? [] : readTimes.filter((at) => at >= openedAt && (finalAt === null || at <= finalAt));
    return {
      scenario: scenario.name,
      reads: readTimes.length,
      preflightsWithoutMaxAge: preflights(readTimes, 5000),
      preflightsWithSandbox: preflights(readTimes, 7200 * 1000),
      readsAfterFinal: finalAt === null ? 0 : readTimes.filter((at) => at > finalAt).length,
      longestMs,
      longestOpenGapMs:
        openReads.length < 2 ? null : Math.max(...openReads.slice(1).map((at, i) => at - (openReads[i] ?? at))),
    };
  } finally {
    await context.close();
    merchant.close();
    await sandbox.close();
  }
}

export async function measureProviderLoad(
  browser: Browser,
  bundles: readonly { label: string; code: string }[],
): Promise<{ label: string; figures: LoadFigures[] }[]> {
  const results: { label: string; figures: LoadFigures[] }[] = [];
  for (const { label, code } of bundles) {
    const figures: LoadFigures[] = [];
    for (const scenario of SCENARIOS) figures.push(await runScenario(browser, code, scenario));
    results.push({ label, figures });
  }
  return results;
}

export function formatProviderLoad(results: { label: string; figures: LoadFigures[] }[]): string {
  const lines = [
    'provider load: one checkout through a whole session (page clock stepped 500 ms; sandbox in spec-shapes mode)',
    `${'scenario'.padEnd(52)} ${'build'.padEnd(7)} ${'reads'.padStart(5)} ${'preflights (no Max-Age / 7200 s)'.padStart(33)} ${'after final'.padStart(11)} ${'change→screen'.padStart(13)} ${'open gap'.padStart(8)}`,
  ];
  for (const scenario of SCENARIOS) {
    for (const { label, figures } of results) {
      const f = figures.find((figure) => figure.scenario === scenario.name);
      if (!f) throw new Error(`no figures for ${scenario.name} (${label})`);
      const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
      lines.push(
        `${scenario.name.padEnd(52)} ${label.padEnd(7)} ${String(f.reads).padStart(5)} ${`${f.preflightsWithoutMaxAge} / ${f.preflightsWithSandbox}`.padStart(33)} ${String(f.readsAfterFinal).padStart(11)} ${seconds(f.longestMs).padStart(13)} ${seconds(f.longestOpenGapMs).padStart(8)}`,
      );
    }
  }
  return lines.join('\n');
}
