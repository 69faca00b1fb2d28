/** Firefox (Debian's ESR) through puppeteer-core over WebDriver BiDi. */
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core';
import { firefoxPath } from '../engines/engines.mjs';
import {
  FIND_IN_SHADOW,
  PROBLEM_RECORDER,
  WAIT_MS,
  waitFor,
  type EngineDriver,
  type EnginePage,
  type PageProblems,
  type Surface,
} from './driver.js';

// The finder is source text, shared with the WebDriver driver (which can send only text).
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
const findInShadow = new Function(FIND_IN_SHADOW) as (path: readonly string[]) => Element | null;

function surface(target: Page | Frame): Surface {
  return {
    async type(selector, text) {
      const input = await target.waitForSelector(selector, { timeout: WAIT_MS });
      await input!.type(text);
    },
    async click(selector) {
      const element = await target.waitForSelector(selector, { timeout: WAIT_MS });
      await element!.click();
    },
  };
}

class PuppeteerPage implements EnginePage {
  readonly #page: Page;
  readonly #ownSurface: Surface;

  constructor(page: Page) {
    this.#page = page;
    this.#ownSurface = surface(page);
  }

  type(selector: string, text: string) {
    return this.#ownSurface.type(selector, text);
  }

  click(selector: string) {
    return this.#ownSurface.click(selector);
  }

  async goto(url: string) {
    await this.#page.goto(url, { timeout: WAIT_MS });
  }

  async url() {
    return this.#page.url();
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.#page.evaluate(expression) as Promise<T>;
  }

  /** The element at `path` (selectors down through shadow roots), once there. */
  #find(path: readonly string[]): Promise<ElementHandle> {
    return waitFor(path.join(' › '), async () => {
      const found = await this.#page.evaluateHandle(findInShadow, path);
      const element = found.asElement();
      if (element) return element as ElementHandle;
      await found.dispose();
      return undefined;
    });
  }

  async clickIn(path: readonly string[]) {
    const handle = await this.#find(path);
    await handle.click();
    await handle.dispose();
  }

  async typeIn(path: readonly string[], text: string) {
    const handle = await this.#find(path);
    await handle.type(text);
    await handle.dispose();
  }

  async select(selector: string | readonly string[], value: string) {
    if (typeof selector !== 'string') {
      const handle = await this.#find(selector);
      await (handle as ElementHandle<HTMLSelectElement>).select(value);
      await handle.dispose();
      return;
    }
    await this.#page.waitForSelector(selector, { timeout: WAIT_MS });
    await this.#page.select(selector, value);
  }

  async inFrame(urlPrefix: string, act: (frame: Surface) => Promise<void>) {
    const frame = await waitFor(`a frame at ${urlPrefix}`, async () =>
      this.#page.frames().find((candidate) => candidate.url().startsWith(urlPrefix)),
    );
    await act(surface(frame));
  }

  async inPopup(open: () => Promise<void>, urlPrefix: string, act: (popup: Surface) => Promise<void>) {
    const browser = this.#page.browser();
    const before = new Set(await browser.pages());
    await open();
    const popup = await waitFor(`a window at ${urlPrefix}`, async () =>
      (await browser.pages()).find((candidate) => !before.has(candidate) && candidate.url().startsWith(urlPrefix)),
    );
    await act(surface(popup));
  }

  async problems(): Promise<PageProblems> {
    const recorded = await this.evaluate<PageProblems | undefined>('window.__e2eProblems');
    return recorded ?? { errors: ['the problem recorder did not run in this page'], cspViolations: [] };
  }

  async close() {
    await this.#page.close();
  }
}

export async function launchFirefox(): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    protocolTimeout: 120_000,
  });
  return {
    engine: 'firefox',
    async newPage() {
      const page = await browser.newPage();
      // Before any script of every document of this page: the recorder sees the page's first errors.
      await page.evaluateOnNewDocument(PROBLEM_RECORDER);
      return new PuppeteerPage(page);
    },
    async close() {
      await browser.close();
    },
  };
}
