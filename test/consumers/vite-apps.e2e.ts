/**
 * The Vite apps (create-vite's react-ts and vue-ts starters) with the packed package, served as a
 * merchant serves a built app, beside a backend that creates the session with the secret key: the
 * order shows, the app's own handlers receive the widget's events, and the console stays clean.
 * React runs in StrictMode, as the starter has it (mount, unmount, mount).
 */
import { expect, test } from '@playwright/test';
import type { SandboxHandle } from '../../demo/onramp-api/index.js';
import { expectOrder, expectPaymentReachesTheApp } from './app-flows.js';
import { watchConsole } from './page-problems.js';
import { type AppServer, startMerchantServer, startTestSandbox } from './servers.js';

let sandbox: SandboxHandle;
const servers: Partial<Record<'vite-react' | 'vite-vue', AppServer>> = {};

test.beforeAll(async () => {
  sandbox = await startTestSandbox();
  servers['vite-react'] = await startMerchantServer(sandbox, 'vite-react');
  servers['vite-vue'] = await startMerchantServer(sandbox, 'vite-vue');
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  await sandbox?.close();
});

const CASES = [
  { name: 'Vite + React 19, the element', app: 'vite-react', path: '/' },
  { name: 'Vite + React 19, the wrapper', app: 'vite-react', path: '/?way=wrapper' },
  { name: 'Vite + Vue 3', app: 'vite-vue', path: '/' },
] as const;

for (const { name, app, path } of CASES) {
  test(`${name}: the order, the app's handler sees every status, a clean console`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`${servers[app]!.url}${path}`);
    const widget = page.locator('onramp-checkout');
    await expectOrder(widget);
    // The session came as an object property: drawn with no status request.
    expect(await widget.evaluate((element) => typeof (element as HTMLElement & { session: unknown }).session)).toBe(
      'object',
    );
    await expectPaymentReachesTheApp(page, sandbox, widget, page.getByTestId('app-status'));
    expect(problems).toEqual([]);
  });
}
