/**
 * "Serve the folder as it is" (docs/frameworks.md, docs/server-rendering.md), in real apps: each
 * app's own build copies the packed package's `dist/cdn/` to `public/onramp-checkout/` (`prebuild`),
 * and a page puts the script tag into it. The Astro app's `/script-tag` (the default file) and
 * `/server-rendered` (`renderOnrampCheckout` into `<Fragment set:html>`, the hydrating file after
 * it), the Next.js app's `/script-tag` (the default file through `next/script`), each with a session
 * its server created with the secret key. On each: the order shows, both countdowns tick, 4242 in the
 * embedded checkout reaches `completed` and the final screen, every file of the widget came from the
 * app's `/onramp-checkout/` (the parts included), nothing answered 4xx or 5xx, and neither the
 * console nor the widget (`onramp-warning`, `onramp-error`) reported a problem.
 *
 * An app not among `CONSUMERS` is skipped (as in order-handler.test.ts); one among them must be built.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { payWithCard } from '../e2e/fixtures.js';
import { holdHydration } from '../e2e/held-back-hydration.js';
import { SCRIPT_TAG_FILES, PART_FILES } from '../../src/parts/cdn-folder.js';
import { type ConsumerAppName, selectedApps } from './apps.js';
import { expectOrder } from './app-flows.js';
import { watchConsole } from './page-problems.js';
import { type AppServer, startAstroNode, startNextApp, startTestSandbox } from './servers.js';

/** Where the apps serve the folder: `public/onramp-checkout/`. */
const FOLDER = '/onramp-checkout/';
const [DEFAULT_FILE, HYDRATE_FILE] = SCRIPT_TAG_FILES;

interface FolderPage {
  path: string;
  /** The script-tag file the page loads from the folder. */
  script: (typeof SCRIPT_TAG_FILES)[number];
}

const APPS: Partial<
  Record<ConsumerAppName, { start: (sandbox: SandboxHandle) => Promise<AppServer>; pages: FolderPage[] }>
> = {
  'astro-node': {
    start: startAstroNode,
    pages: [
      { path: '/script-tag', script: DEFAULT_FILE },
      { path: '/server-rendered', script: HYDRATE_FILE },
    ],
  },
  'next-app': { start: startNextApp, pages: [{ path: '/script-tag', script: DEFAULT_FILE }] },
};

test.describe.configure({ mode: 'serial' });

/** What the widget reported to the page: every `onramp-warning` and `onramp-error` (they bubble, composed). */
async function recordWidgetReports(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const reports: string[] = ((window as unknown as { __reports: string[] }).__reports = []);
    for (const type of ['onramp-warning', 'onramp-error'])
      document.addEventListener(type, (event) => {
        const detail = (event as CustomEvent<{ code?: string; cause?: string }>).detail;
        reports.push(`${type} ${detail?.code}: ${detail?.cause}`);
      });
  });
}

const widgetReports = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __reports: string[] }).__reports);

/**
 * Every answer of 400 or more, and every request of the merchant's page that failed. (The embedded
 * checkout is the provider's page: the widget removes its frame once the session has ended, which
 * aborts whatever that page was still loading.)
 */
function watchAnswers(page: Page): string[] {
  const bad: string[] = [];
  page.on('response', (response) => response.status() >= 400 && bad.push(`${response.status()} ${response.url()}`));
  page.on('requestfailed', (request) => {
    if (request.frame() === page.mainFrame()) bad.push(`failed ${request.url()}: ${request.failure()?.errorText}`);
  });
  return bad;
}

/** The widget's own scripts the page fetched (the script-tag file, its parts), wherever from. */
function watchWidgetFiles(page: Page): string[] {
  const files: string[] = [];
  const names = new Set<string>([...SCRIPT_TAG_FILES, ...Object.values(PART_FILES)]);
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (names.has(name)) files.push(request.url());
  });
  return files;
}

/** Both countdowns show a time, then another: they tick. */
async function expectCountdownsTick(page: Page): Promise<void> {
  for (const part of ['quote-countdown', 'session-countdown']) {
    const countdown = page.locator(`onramp-checkout [part=${part}]`);
    await expect(countdown).toHaveText(/\d\d:\d\d/);
    const first = (await countdown.textContent()) ?? '';
    await expect(countdown, `${part} ticks`).not.toHaveText(first);
  }
}

for (const [name, app] of Object.entries(APPS) as [ConsumerAppName, NonNullable<(typeof APPS)[ConsumerAppName]>][]) {
  test.describe(`${name}: the dist/cdn/ folder served from public${FOLDER}`, () => {
    test.skip(!selectedApps().includes(name), `${name} is not among CONSUMERS`);

    let sandbox: SandboxHandle;
    let server: AppServer;

    test.beforeAll(async () => {
      sandbox = await startTestSandbox();
      server = await app.start(sandbox);
    });

    test.afterAll(async () => {
      await server?.close();
      await sandbox?.close();
    });

    // The starters' favicon was left out of the apps (as in next-app.e2e.ts); Chromium asks for one.
    test.beforeEach(async ({ page }) => {
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    });

    for (const { path, script } of app.pages) {
      test(`${path} (${script}): the order, ticking countdowns, 4242 to the final screen, every file from ${FOLDER}`, async ({
        page,
      }) => {
        const problems = watchConsole(page);
        const bad = watchAnswers(page);
        const widgetFiles = watchWidgetFiles(page);
        await recordWidgetReports(page);
        const fromFolder = (file: string) => (response: Response) => response.url() === `${server.url}${FOLDER}${file}`;
        const scriptAnswer = page.waitForResponse(fromFolder(script));
        const laterAnswer = page.waitForResponse(fromFolder(PART_FILES.later));
        const serverRendered = script === HYDRATE_FILE;
        // A server-rendered page is looked at before its script runs: the server's own nodes, kept by hydration.
        const hydrate = serverRendered ? await holdHydration(page, `**${FOLDER}${HYDRATE_FILE}`) : undefined;

        const answer = await page.goto(`${server.url}${path}`, serverRendered ? { waitUntil: 'commit' } : {});
        expect(answer?.status()).toBe(200);
        const widget = page.locator('onramp-checkout');
        if (hydrate) {
          await expect(widget.locator('[part~=pay-button]')).toBeVisible();
          expect(await page.evaluate(() => customElements.get('onramp-checkout'))).toBeUndefined();
          const marked = await widget.evaluate((element) => {
            const nodes = [...element.shadowRoot!.querySelectorAll('[part]')];
            (window as unknown as { __marked: Element[] }).__marked = nodes;
            return nodes.length;
          });
          expect(marked).toBeGreaterThan(0);
          await hydrate();
          expect(
            await widget.evaluate((element) => {
              const marked = (window as unknown as { __marked: Element[] }).__marked;
              return marked.every((node) => node.isConnected && element.shadowRoot!.contains(node));
            }),
            'hydration took over the server-rendered nodes',
          ).toBe(true);
        }
        expect((await scriptAnswer).status()).toBe(200);
        await expectOrder(widget);
        // The later part, loaded from beside the script with its pinned integrity.
        expect((await laterAnswer).status()).toBe(200);
        await expectCountdownsTick(page);

        await widget.locator('[part~=pay-button]').click();
        await payWithCard(page.frameLocator('iframe[part~=checkout-frame]'), '4242 4242 4242 4242');
        await expect(widget).toHaveAttribute('status', 'completed');
        await expect(widget.locator('[part~=result]')).toContainText('Purchase complete');

        expect(widgetFiles.length).toBeGreaterThanOrEqual(2);
        expect(
          widgetFiles.filter((url) => !url.startsWith(`${server.url}${FOLDER}`)),
          `every file of the widget from ${FOLDER}`,
        ).toEqual([]);
        expect(bad, 'no answer of 400 or more, no failed request').toEqual([]);
        expect(await widgetReports(page), 'no onramp-warning or onramp-error (PART_LOAD_FAILED…)').toEqual([]);
        expect(problems, 'a clean console').toEqual([]);
      });
    }
  });
}
