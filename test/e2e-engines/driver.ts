/**
 * What the end-to-end flows need from a browser, one interface for every engine: the flows
 * (flows.ts) are written once and run through a driver per engine (puppeteer-driver.ts for Firefox,
 * webdriver-driver.ts for WebKit). Chromium runs the same kind of flows through Playwright (test/e2e).
 */
import type { Engine } from '../engines/engines.mjs';

/** A document the test acts in: the merchant page, the checkout frame, a popup. */
export interface Surface {
  /** Types `text` into the input `selector` with real key input. */
  type(selector: string, text: string): Promise<void>;
  /** A real click (input actions, so it carries user activation) on the element `selector`. */
  click(selector: string): Promise<void>;
}

export interface PageProblems {
  errors: string[];
  cspViolations: string[];
}

export interface EnginePage extends Surface {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** The value of a JavaScript expression in the top document (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click on the element at `path`: selectors from the document down through shadow roots. */
  clickIn(path: readonly string[]): Promise<void>;
  /** Types `text` with real key input into the input at `path` (selectors down through shadow roots). */
  typeIn(path: readonly string[], text: string): Promise<void>;
  /** Chooses `value` in the `<select>` matching `selector`, or at a path of selectors through shadow roots. */
  select(selector: string | readonly string[], value: string): Promise<void>;
  /** Runs `act` in the iframe whose document's URL starts with `urlPrefix`, once it has loaded. */
  inFrame(urlPrefix: string, act: (frame: Surface) => Promise<void>): Promise<void>;
  /** Runs `open` (which opens a window), then `act` in that window once its URL starts with `urlPrefix`. */
  inPopup(open: () => Promise<void>, urlPrefix: string, act: (popup: Surface) => Promise<void>): Promise<void>;
  /** Uncaught errors and CSP violations recorded in the top document so far. */
  problems(): Promise<PageProblems>;
  close(): Promise<void>;
}

export interface EngineDriver {
  readonly engine: Engine;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Generous bounds for a loaded 2-core machine: waits end on their condition, these only end a hang. */
export const WAIT_MS = 30_000;
const POLL_MS = 100;

/**
 * Polls `check` until it returns a value other than undefined/false (a page mid-navigation may throw:
 * that counts as not yet). Fails after `timeoutMs` with `what` and the last error.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}${lastError instanceof Error ? `: ${lastError.message}` : ''}`,
        { cause: lastError },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Page code that records what must never happen into `window.__e2eProblems`: uncaught errors and CSP
 * violations. Where it runs before the page's own scripts (Firefox: a preload script) it listens for
 * `securitypolicyviolation`; where it can only run after load (WebKit over classic WebDriver) a
 * buffered ReportingObserver also delivers the violations reported before it.
 */
export const PROBLEM_RECORDER = `(() => {
  if (window.__e2eProblems) return;
  const problems = (window.__e2eProblems = { errors: [], cspViolations: [] });
  addEventListener('error', (event) => problems.errors.push(String(event.message)));
  addEventListener('unhandledrejection', (event) => problems.errors.push(String(event.reason)));
  const seen = new Set();
  const record = (directive, uri) => {
    const line = directive + ' ' + uri;
    if (!seen.has(line)) { seen.add(line); problems.cspViolations.push(line); }
  };
  document.addEventListener('securitypolicyviolation', (event) => record(event.effectiveDirective || event.violatedDirective, event.blockedURI));
  if (typeof ReportingObserver === 'function') {
    new ReportingObserver((reports) => {
      for (const report of reports) record(report.body.effectiveDirective, report.body.blockedURL);
    }, { types: ['csp-violation'], buffered: true }).observe();
  }
})()`;

/** Finds the element at a path of selectors through shadow roots (page code, as a function body). */
export const FIND_IN_SHADOW = `const path = arguments[0];
let root = document;
let element = null;
for (const selector of path) {
  element = root ? root.querySelector(selector) : null;
  root = element ? (element.shadowRoot || element) : null;
}
return element;`;
