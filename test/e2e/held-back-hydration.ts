/**
 * Server-rendered pages seen before their script runs: the hydrating script-tag file is held back,
 * so a test can read and mark the server's DOM, then let it load and wait until the element has
 * taken the nodes over.
 */
import { expect, type Page } from '@playwright/test';

const HYDRATE_SCRIPT = '**/dist/cdn/onramp-checkout.hydrate.iife.js';

/**
 * Holds the hydrating script back (call before opening the page; `script`, a URL pattern, where a
 * page serves it from elsewhere than the package's `dist/cdn/`); returns the function that lets it
 * load and waits until the element has rendered.
 */
export async function holdHydration(page: Page, script = HYDRATE_SCRIPT): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await expect
      .poll(() =>
        page
          .locator('onramp-checkout')
          .evaluate((element) => (element as HTMLElement & { hasUpdated?: boolean }).hasUpdated === true),
      )
      .toBe(true);
  };
}
