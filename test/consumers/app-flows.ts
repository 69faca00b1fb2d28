/** What every consumer app is asked to show: the order on screen, and a payment reaching the app's own handler. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { sessionIdOf } from './page-problems.js';
import { advance } from './servers.js';

/** The widget shows the whole order: status pending, the crypto amount, the fees. */
export async function expectOrder(widget: Locator): Promise<void> {
  await expect(widget).toHaveAttribute('status', 'pending');
  await expect(widget.locator('[part~=crypto-amount]')).toContainText('ETH');
  await expect(widget.locator('[part~=fees]')).toContainText('Total fees');
}

/**
 * The app's own handler (its text in `appStatus`) sees the widget's status events through to
 * `completed`. The payment is made elsewhere (the sandbox's test helper); the buyer then moves the
 * pointer over the page, a sign the widget reads the session on.
 */
export async function expectPaymentReachesTheApp(
  page: Page,
  sandbox: SandboxHandle,
  widget: Locator,
  appStatus: Locator,
  completed = 'completed',
): Promise<void> {
  const sessionId = await sessionIdOf(widget);
  await advance(sandbox, sessionId, 'processing');
  await expect(async () => {
    await page.mouse.move(10 + Math.random() * 200, 10 + Math.random() * 200);
    await expect(appStatus).toHaveText('processing', { timeout: 1000 });
  }).toPass();
  await advance(sandbox, sessionId, 'completed');
  await expect(appStatus).toHaveText(completed);
  await expect(widget.locator('[part~=result]')).toContainText('Purchase complete');
}
