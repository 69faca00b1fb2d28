/**
 * The three browser engines the tests run in, found on this machine, shared by the component suite
 * (test/web-test-runner.config.mjs) and the end-to-end flows in Firefox and WebKit
 * (test/e2e-engines/). Debian's packages by default, each path overridable by an env variable.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Every engine, in the order the suites run them. */
export const ENGINES = /** @type {const} */ (['chromium', 'firefox', 'webkit']);

/**
 * The engines named by `ENGINES` (or `WTR_BROWSERS`), comma separated, else all three.
 * @param {string | undefined} value
 * @returns {Array<'chromium' | 'firefox' | 'webkit'>}
 */
export function selectedEngines(value = process.env.ENGINES ?? process.env.WTR_BROWSERS) {
  if (!value?.trim()) return [...ENGINES];
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !ENGINES.includes(/** @type {never} */ (name)));
  if (unknown.length > 0) throw new Error(`Unknown engine ${unknown.join(', ')}: choose from ${ENGINES.join(', ')}`);
  return ENGINES.filter((engine) => names.includes(engine));
}

/** Debian's Chromium, or CHROMIUM_PATH; undefined lets Playwright use its own where it has one. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Playwright's `use` for these Chromium runs (the suites' configs share it): the browser, its flags, a trace kept on failure. */
export const playwrightChromium = /** @type {const} */ ({
  browserName: 'chromium',
  launchOptions: { ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: chromiumArgs },
  trace: 'retain-on-failure',
});
/** Debian's Firefox ESR (driven over WebDriver BiDi by puppeteer-core), or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** WebKitGTK's MiniBrowser (Safari's engine) and its WebDriver, or MINIBROWSER_PATH / WEBKIT_DRIVER_PATH. */
export const miniBrowserPath = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/** Capabilities that open a MiniBrowser session through WebKitWebDriver. */
export const webkitCapabilities = {
  'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
};

/** @returns {Promise<number>} a port free on loopback right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Children to end however this process ends (a normal exit, Ctrl-C, a test runner's process.exit). */
const children = new Set();
let exitHookInstalled = false;
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const running of children) running.kill('SIGTERM');
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      for (const running of children) running.kill('SIGTERM');
      process.exit(130);
    });
  }
}

/** @param {import('node:child_process').ChildProcess} child */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/**
 * An X display for MiniBrowser (it has no headless mode): the caller's DISPLAY if set, else a new
 * Xvfb that picks a free display number itself (-displayfd), so parallel runs never collide.
 * @returns {Promise<{ display: string, stop: () => Promise<void> }>}
 */
export async function startDisplay() {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: async () => {} };
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  track(xvfb);
  const display = await new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    xvfb.stderr?.on('data', (chunk) => (errors += chunk));
    xvfb.stdio[3]?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it gave a display: ${errors.trim()}`)));
  });
  return { display, stop: () => stopChild(xvfb) };
}

/**
 * WebKitWebDriver on a free loopback port with a display, ready for sessions.
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function startWebKitDriver() {
  const screen = await startDisplay();
  const port = await freePort();
  const driver = spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DISPLAY: screen.display },
  });
  track(driver);
  let errors = '';
  driver.stderr?.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((_, reject) => {
    driver.once('error', reject);
    driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${errors.trim()}`)));
  });
  exited.catch(() => {});
  // Ready when its status endpoint answers; polled on a condition with a generous overall bound.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer on port ${port} within 30 s: ${errors.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop: async () => {
      await stopChild(driver);
      await screen.stop();
    },
  };
}
