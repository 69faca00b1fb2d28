/**
 * Fixtures: one demo server (with its sandbox on an in-memory database) per worker, and a page that
 * records what must never happen: uncaught errors and CSP violations. `shapes` is the sandbox's
 * answer shapes, set per Playwright project: the main flows run against docs/design.md's shapes and
 * against the spec's alone (playwright.config.ts).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startDemo, type DemoHandle } from '../../demo/shop/server/demo-server.js';
import type { SandboxShapes } from '../../demo/onramp-api/http/spec-shapes.js';

export interface PageProblems {
  errors: string[];
  cspViolations: string[];
}

export const test = base.extend<{ problems: PageProblems }, { demo: DemoHandle; shapes: SandboxShapes }>({
  shapes: ['design', { scope: 'worker', option: true }],
  demo: [
    async ({ shapes }, use) => {
      const demo = await startDemo({
        port: 0,
        sandbox: { db: ':memory:', port: 0, checkoutPort: 0, deliveryMs: 800, log: () => {}, shapes },
      });
      await use(demo);
      await demo.close();
    },
    { scope: 'worker' },
  ],
  problems: async ({ page }, use) => {
    const problems: PageProblems = { errors: [], cspViolations: [] };
    page.on('pageerror', (error) => problems.errors.push(error.message));
    await page.exposeFunction('__reportCspViolation', (text: string) => problems.cspViolations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await use(problems);
    expect(problems.errors, 'uncaught page errors').toEqual([]);
    expect(problems.cspViolations, 'CSP violations').toEqual([]);
  },
});

export { expect };

/**
 * The demo shop (amount first): the checkout mode chosen, the card's order form as it starts
 * (100.00 USD of ETH), "Continue"; waits for the widget to show the session's quote.
 */
export async function openCheckout(
  page: Page,
  demo: DemoHandle,
  mode: 'embedded' | 'popup' | 'redirect' = 'embedded',
): Promise<void> {
  await page.goto(`${demo.url}/`);
  await page.getByLabel('Checkout opens').selectOption(mode);
  await continueOrder(page);
}

/** The shop card's order form as it is: "Continue", then the session's flow (pending). */
export async function continueOrder(page: Page): Promise<void> {
  await page.locator('onramp-checkout [part~="continue-button"]').click();
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
}

/** Fills the hosted checkout's card form (in a frame, a popup or a full page) and pays. */
export async function payWithCard(target: Page | ReturnType<Page['frameLocator']>, card: string): Promise<void> {
  await target.getByLabel(/card number/i).fill(card);
  await target.getByLabel(/expir/i).fill('12/34');
  await target.getByLabel(/cvc|security code/i).fill('123');
  await target.getByRole('button', { name: /^pay/i }).click();
}

/** The session id of the widget on the page, from its client secret. */
export async function sessionIdOf(page: Page): Promise<string> {
  const secret = await page
    .locator('onramp-checkout')
    .evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
  return secret.slice(0, secret.indexOf('_secret_'));
}

/** Forces a session transition through the sandbox's test helper, with the test secret key. */
export async function advanceSession(demo: DemoHandle, sessionId: string, to: string): Promise<void> {
  const response = await fetch(`${demo.sandbox.apiUrl}/v1/test_helpers/onramp/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': demo.sandbox.keys!.test.secret },
    body: JSON.stringify({ session_id: sessionId, to }),
  });
  expect(response.status).toBe(200);
}
