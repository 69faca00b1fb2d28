/**
 * WebKit (WebKitGTK's MiniBrowser, Safari's engine) through WebKitWebDriver and webdriverio, classic
 * WebDriver, under an Xvfb display started here. Classic WebDriver has no script that runs before a
 * page's own, so the problem recorder is installed once each page has loaded (a buffered
 * ReportingObserver still hands it the CSP violations reported before).
 */
import { remote } from 'webdriverio';
import { startWebKitDriver, webkitCapabilities } from '../engines/engines.mjs';
import {
  FIND_IN_SHADOW,
  PROBLEM_RECORDER,
  waitFor,
  type EngineDriver,
  type EnginePage,
  type PageProblems,
  type Surface,
} from './driver.js';

type Browser = WebdriverIO.Browser;
/** A WebDriver element reference, as `execute` returns a DOM element. */
type ElementReference = Record<'element-6066-11e4-a52e-4f735466cecf', string>;

async function findIn(browser: Browser, path: readonly string[]): Promise<ElementReference> {
  return waitFor(path.join(' › '), async () => {
    const found = await browser.execute<ElementReference | null, [readonly string[]]>(FIND_IN_SHADOW, path);
    return found ?? undefined;
  });
}

/** The current browsing context (a document, a frame or a window switched to) as a Surface. */
function surface(browser: Browser): Surface {
  return {
    async type(selector, text) {
      const input = await browser.$(await findIn(browser, [selector])).getElement();
      await input.click();
      await input.addValue(text);
    },
    async click(selector) {
      await (await browser.$(await findIn(browser, [selector])).getElement()).click();
    },
  };
}

class WebDriverPage implements EnginePage {
  readonly #browser: Browser;
  readonly #ownSurface: Surface;

  constructor(browser: Browser) {
    this.#browser = browser;
    this.#ownSurface = surface(browser);
  }

  type(selector: string, text: string) {
    return this.#ownSurface.type(selector, text);
  }

  click(selector: string) {
    return this.#ownSurface.click(selector);
  }

  async goto(url: string) {
    await this.#browser.url(url);
    await this.#browser.execute(PROBLEM_RECORDER);
  }

  url() {
    return this.#browser.getUrl();
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.#browser.execute(`return (${expression});`) as Promise<T>;
  }

  async clickIn(path: readonly string[]) {
    await (await this.#browser.$(await findIn(this.#browser, path)).getElement()).click();
  }

  async typeIn(path: readonly string[], text: string) {
    const input = await this.#browser.$(await findIn(this.#browser, path)).getElement();
    // Element Send Keys focuses the input itself (a click may land on a label over it).
    await input.addValue(text);
  }

  async select(selector: string | readonly string[], value: string) {
    const path = typeof selector === 'string' ? [selector] : selector;
    const element = await this.#browser.$(await findIn(this.#browser, path)).getElement();
    await element.selectByAttribute('value', value);
  }

  async inFrame(urlPrefix: string, act: (frame: Surface) => Promise<void>) {
    // The frame element whose document is at urlPrefix: its `src` says where it was sent.
    const frame = await waitFor(`a frame at ${urlPrefix}`, async () => {
      const found = await this.#browser.execute<ElementReference | null, [string]>(
        `return [...document.querySelectorAll('*')].flatMap((node) => node.shadowRoot ? [...node.shadowRoot.querySelectorAll('iframe')] : node.localName === 'iframe' ? [node] : []).find((frame) => frame.src.startsWith(arguments[0])) || null;`,
        urlPrefix,
      );
      return found ?? undefined;
    });
    // WebKitWebDriver does not scroll the top document to an element inside a frame: show the frame.
    await this.#browser.execute(`arguments[0].scrollIntoView({ block: 'start' })`, frame);
    await this.#browser.switchFrame(await this.#browser.$(frame).getElement());
    try {
      // Until the frame has navigated, its document is the initial about:blank.
      await waitFor(
        `the document of the frame at ${urlPrefix}`,
        async () => (await this.#browser.execute('return document.URL')) !== 'about:blank',
      );
      await act(surface(this.#browser));
    } finally {
      await this.#browser.switchFrame(null);
    }
  }

  async inPopup(open: () => Promise<void>, urlPrefix: string, act: (popup: Surface) => Promise<void>) {
    const opener = await this.#browser.getWindowHandle();
    const before = new Set(await this.#browser.getWindowHandles());
    await open();
    const handle = await waitFor(`a window at ${urlPrefix}`, async () =>
      (await this.#browser.getWindowHandles()).find((candidate) => !before.has(candidate)),
    );
    await this.#browser.switchToWindow(handle);
    try {
      await waitFor(`the window to reach ${urlPrefix}`, async () =>
        (await this.#browser.getUrl()).startsWith(urlPrefix),
      );
      await act(surface(this.#browser));
    } finally {
      await this.#browser.switchToWindow(opener);
    }
  }

  async problems(): Promise<PageProblems> {
    const recorded = await this.evaluate<PageProblems | null>('window.__e2eProblems || null');
    return recorded ?? { errors: ['the problem recorder did not run in this page'], cspViolations: [] };
  }

  async close() {
    // One window per session: the next test navigates it afresh; windows a test opened are closed.
    const main = (await this.#browser.getWindowHandles())[0];
    for (const handle of await this.#browser.getWindowHandles()) {
      if (handle === main) continue;
      await this.#browser.switchToWindow(handle);
      await this.#browser.closeWindow();
    }
    if (main) await this.#browser.switchToWindow(main);
    await this.#browser.url('about:blank');
  }
}

export async function launchWebKit(): Promise<EngineDriver> {
  const driver = await startWebKitDriver();
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'error',
    connectionRetryTimeout: 120_000,
    capabilities: { ...webkitCapabilities, 'wdio:enforceWebDriverClassic': true },
  });
  return {
    engine: 'webkit',
    async newPage() {
      return new WebDriverPage(browser);
    },
    async close() {
      await browser.deleteSession().catch(() => {});
      await driver.stop();
    },
  };
}
