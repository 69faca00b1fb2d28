/**
 * Web Test Runner launchers for the three engines:
 * - Chromium through Playwright (Debian's chromium or CHROMIUM_PATH);
 * - Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright's Firefox cannot be
 *   downloaded here, and its BiDi channel needs a newer Firefox than the ESR). The Chrome launcher
 *   with a custom puppeteer is what @web/test-runner-puppeteer is, without the full `puppeteer`
 *   package that would download a Chrome at install;
 * - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver and webdriverio, with the driver and an
 *   Xvfb display started when the run starts and stopped when it stops.
 */
import { chromeLauncher } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import * as puppeteerCore from 'puppeteer-core';
import { chromiumArgs, chromiumPath, firefoxPath, startWebKitDriver, webkitCapabilities } from '../engines/engines.mjs';

/** WebdriverLauncher with its own WebKitWebDriver; one page at a time (real focus, no shared iframes). */
class WebKitLauncher extends WebdriverLauncher {
  constructor() {
    super({ hostname: '127.0.0.1', port: 0, capabilities: webkitCapabilities, logLevel: 'error' });
    // The scheduler gives this browser one session at a time; the launcher then drives one window
    // (its SessionManager) rather than test files side by side in iframes of one window.
    this.concurrency = 1;
    this.driverProcess = undefined;
  }

  async initialize(config, testFiles) {
    this.driverProcess = await startWebKitDriver();
    this.options.port = this.driverProcess.port;
    await super.initialize({ ...config, concurrency: 1 }, testFiles);
    this.name = 'WebKit';
  }

  async stop() {
    await super.stop();
    await this.driverProcess?.stop();
  }
}

/** @param {'chromium' | 'firefox' | 'webkit'} engine */
export function engineLauncher(engine) {
  switch (engine) {
    case 'chromium':
      return playwrightLauncher({
        product: 'chromium',
        launchOptions: { ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: chromiumArgs },
      });
    case 'firefox':
      return chromeLauncher({
        puppeteer: puppeteerCore,
        launchOptions: { browser: 'firefox', executablePath: firefoxPath, headless: true },
        // A window per test file, not a tab: a background tab is `document.hidden` (the widget
        // pauses polling then) and has its timers throttled.
        createPage: ({ context }) => context.newPage({ type: 'window' }),
      });
    case 'webkit':
      return new WebKitLauncher();
  }
}
