/**
 * What the never-silent suites (`never-silent-*.e2e.ts`, issue #32) share: a page server per worker
 * with the built files on it (pages, sessions and the element's attributes: test/support/widget-page.ts),
 * Chromium resolving `shop.test` to loopback (a page that is not loopback, on this machine), and
 * waits on the widget's recorded events and the page's requests and console.
 * Not a test file: Playwright collects `*.e2e.ts` only.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { chromiumArgs, playwrightChromium } from '../engines/engines.mjs';
import { startPageServer, type PageServer } from '../support/page-server.js';
import { serveWidgetFiles } from '../support/widget-page.js';
import { expect, test as base } from './fixtures.js';
import { recordedEvents } from './harness.js';

/** A host name that Chromium (with `offLoopback`) resolves to 127.0.0.1: a non-loopback, non-secure origin. */
export const SHOP_HOST = 'shop.test';

/** `test.use(offLoopback)`: this worker's Chromium maps `shop.test` to loopback (CONTRIBUTING.md, the browsers). */
export const offLoopback = {
  launchOptions: {
    ...playwrightChromium.launchOptions,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`],
  },
};

export const test = base.extend<
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- worker fixtures only
  {},
  { pages: PageServer; shopOrigin: string }
>({
  /** A page server with the built script-tag file, its part and catalogues: pages go at paths of their own. */
  pages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      const pages = await startPageServer();
      serveWidgetFiles(pages);
      await use(pages);
      await pages.close();
    },
    { scope: 'worker' },
  ],
  /** The same server as `http://shop.test:<port>` (with `offLoopback`). */
  shopOrigin: [async ({ pages }, use) => use(pages.origin.replace('127.0.0.1', SHOP_HOST)), { scope: 'worker' }],
});

export { expect };

/** A widget event's detail as the recorder keeps it (test/support/widget-page.ts). */
export interface Detail {
  code?: string;
  message?: string;
  cause?: string;
  fix?: string;
  values?: Record<string, string>;
  reason?: string;
  url?: string;
}

/** Waits for the first `type` event (`onramp-error`, `onramp-warning`) with `code`, and returns its detail. */
export async function eventDetail(page: Page, type: string, code: string): Promise<Detail> {
  let found: Detail | undefined;
  await expect
    .poll(
      async () => {
        const events = await recordedEvents(page);
        found = events.find((event) => event.type === type && event.detail.code === code)?.detail;
        return found ? code : events.map((event) => `${event.type} ${String(event.detail.code)}`);
      },
      { message: `an ${type} ${code}` },
    )
    .toBe(code);
  return found!;
}

/** The codes of the `onramp-error` and `onramp-warning` events so far, as `type code`. */
export async function problemCodes(page: Page): Promise<string[]> {
  return (await recordedEvents(page))
    .filter((event) => event.type === 'onramp-error' || event.type === 'onramp-warning')
    .map((event) => `${event.type} ${String(event.detail.code)}`);
}

/** Every request the page makes from now on (URLs, in order). */
export function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return requests;
}

/** Every console message of the page from now on. */
export function recordConsole(page: Page): ConsoleMessage[] {
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => messages.push(message));
  return messages;
}

/** The hosted checkout, in a page of its own: shows the session's outcome after paying (its heading). */
export const paidOutcome = /Payment received|Crypto delivered/;
