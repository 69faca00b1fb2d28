/** Which engine a component test runs in, for the few checks that differ by engine (each says why). */

/** From the user agent: WebKitGTK's MiniBrowser says AppleWebKit and Safari, without Chrome. */
export const engine: 'chromium' | 'firefox' | 'webkit' = navigator.userAgent.includes('Firefox/')
  ? 'firefox'
  : navigator.userAgent.includes('Chrome/')
    ? 'chromium'
    : 'webkit';

/**
 * Whether the runner can emulate media features (colour scheme, reduced motion, forced colours) here.
 * Playwright's Chromium can; WebDriver BiDi in Firefox ESR (puppeteer-core) and WebDriver classic in
 * WebKitGTK have no command for it, so there a test checks the engine's own preference instead.
 */
export const canEmulateMedia = engine === 'chromium';
