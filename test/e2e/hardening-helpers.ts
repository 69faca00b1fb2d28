/**
 * What the hardening suites (`hardening-*.e2e.ts`) share: the scripted API's answers, the time they
 * start at, and a page with a clock of its own. Not a test file: Playwright collects `*.e2e.ts` only.
 */
import type { Browser, Page } from '@playwright/test';
import type { ApiAnswer } from './harness.js';

/** The moment every hardening test's clock starts at (server and device alike, unless skewed). */
export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The element under test, as a locator selector. */
export const widget = 'onramp-checkout';

/**
 * A page in a context of its own that closes at the end of the scope (`await using`). Its own
 * context, because Playwright's clock belongs to the context and replays every earlier
 * install/pauseAt/runFor into each new page: pages sharing one context would start at a clock
 * state left behind by the runs before them.
 */
export async function openPage(browser: Browser): Promise<Page & AsyncDisposable> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return Object.assign(page, { [Symbol.asyncDispose]: () => context.close() });
}

/** A 200 answer with this JSON body. */
export const ok = (body: unknown, headers: Record<string, string> = {}): ApiAnswer => ({
  body: JSON.stringify(body),
  headers,
});

/** An error answer in the spec's envelope. */
export const fail = (status: number, code: string, headers: Record<string, string> = {}): ApiAnswer => ({
  status,
  body: JSON.stringify({ success: false, error: { code, message: `${code} happened`, request_id: 'req_1' } }),
  headers,
});
