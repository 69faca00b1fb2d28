/**
 * The built script-tag bundle sharing a page: included twice, and beside the merchant's own copy of
 * Lit. Every API answer is scripted (Playwright routes).
 */
import { expect, test } from '@playwright/test';
import { ok, widget } from './hardening-helpers.js';
import { openHarness, recordedProblems, statusBody } from './harness.js';

test('the script included twice defines the element once, without an error', async ({ page }) => {
  await openHarness(page, {
    head: '<script src="/onramp-checkout.iife.js"></script>',
    onStatus: () => ok(statusBody(Date.now())),
  });
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  expect(await recordedProblems(page)).toEqual([]);
});

test('a page with its own copy of Lit: its components and the widget both work', async ({ page }) => {
  // The merchant's own Lit component, bundled with its own copy of Lit, as a merchant app would be.
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, rollupOptions: { input: 'virtual:merchant-app', output: { format: 'es' } } },
    plugins: [
      {
        name: 'merchant-app',
        resolveId: (id: string) => (id === 'virtual:merchant-app' ? id : null),
        load: (id: string) =>
          id === 'virtual:merchant-app'
            ? `import { LitElement, html } from 'lit';
               customElements.define('merchant-badge', class extends LitElement { render() { return html\`<p>merchant lit works</p>\`; } });
               document.body.append(document.createElement('merchant-badge'));`
            : null,
      },
    ],
  });
  const chunk = (Array.isArray(output) ? output[0] : output) as { output: { type: string; code?: string }[] };
  const code = chunk.output.find((file) => file.type === 'chunk')?.code ?? '';
  expect(code).toContain('merchant lit works');
  await page.route('https://shop.test/merchant-app.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: code }),
  );
  await openHarness(page, {
    head: '<script type="module" src="/merchant-app.js"></script>',
    onStatus: () => ok(statusBody(Date.now())),
  });
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'pending');
  await expect(page.locator('merchant-badge')).toContainText('merchant lit works');
  expect(await recordedProblems(page)).toEqual([]);
});
