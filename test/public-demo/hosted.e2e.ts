/**
 * The public demo as it will run: behind Caddy (TLS, three names), in hosted mode, in Chromium.
 * Two visitors each pay and see only their own sessions, keys and webhooks; the demo answers its
 * public name only; a visitor's webhook can go nowhere but the demo's own receiver; no live key exists.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { expect, newVisitor, order, pay4242, test } from './fixtures.js';
import { httpsCall } from './stack.js';

test('two visitors each pay 4242 to completed and see only their own sessions, keys and webhooks', async ({
  browser,
  stack,
}) => {
  const a = await newVisitor(browser, stack);
  const b = await newVisitor(browser, stack);
  const idA = await order(a.page);
  const idB = await order(b.page);
  await pay4242(a.page);
  await pay4242(b.page);

  // The shop's server received each visitor's signed events on that visitor's receiver only.
  for (const [visitor, own, other] of [
    [a, idA, idB],
    [b, idB, idA],
  ] as const) {
    const log = visitor.page.locator('#webhook-log');
    await expect(
      log.locator('li', { hasText: 'onramp.session.completed' }).filter({ hasText: own.slice(0, 12) }),
    ).toHaveCount(1);
    await expect(log).not.toContainText(other.slice(0, 12));
  }

  // Each console lists that visitor's one transaction, two keys and one webhook endpoint.
  const consoleOf = async (visitor: typeof a) => {
    await visitor.page.goto(`${stack.shop}/console`);
    await expect(visitor.page.locator('#tx-table tbody tr')).toHaveCount(1);
    await expect(visitor.page.locator('#tx-table tbody tr')).toContainText('completed');
    await expect(visitor.page.locator('#keys-table tbody tr')).toHaveCount(2);
    // Both are the shop's own: neither can be revoked from the console.
    await expect(visitor.page.locator('#keys-table tbody tr').filter({ hasText: 'used by this shop' })).toHaveCount(2);
    await expect(visitor.page.locator('#webhooks-table tbody tr')).toHaveCount(1);
    await expect(visitor.page.locator('#webhooks-table tbody tr')).toContainText('completed: 200');
    return (await visitor.page.locator('#webhooks-table tbody tr td').first().textContent()) ?? '';
  };
  const hookA = await consoleOf(a);
  const hookB = await consoleOf(b);
  expect(hookA).toMatch(new RegExp(`^${stack.shop}/webhooks/[\\w-]+$`));
  expect(hookB).not.toBe(hookA);
  await expect(a.page.locator('#tx-table tbody')).not.toContainText(idB.slice(-4));

  // A key made in A's console is A's alone.
  await a.page.getByLabel('Name').fill('visitor A only');
  await a.page.getByRole('button', { name: 'Create key' }).click();
  await expect(a.page.locator('#key-created-value')).toHaveText(/^onramp_test_sk_/);
  await expect(a.page.locator('#keys-table')).toContainText('visitor A only');
  await b.page.reload();
  await expect(b.page.locator('#keys-table tbody tr')).toHaveCount(2);
  await expect(b.page.locator('#keys-table')).not.toContainText('visitor A only');

  for (const visitor of [a, b]) expect([...visitor.errors, ...visitor.consoleErrors]).toEqual([]);
  await a.close();
  await b.close();
});

test('a webhook to loopback, a private address or anywhere but the demo receiver is refused', async ({
  browser,
  stack,
}) => {
  const visitor = await newVisitor(browser, stack);
  const { page } = visitor;
  await page.goto(`${stack.shop}/console`);
  await expect(page.locator('#webhooks-table tbody tr')).toHaveCount(1);
  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://localhost:9/hook',
    'https://10.0.0.5/hook',
    'https://169.254.169.254/latest',
    'https://example.com/hook',
  ]) {
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('button', { name: /Add endpoint/ }).click();
    await expect(page.locator('#webhook-error')).toHaveText(
      /^VALIDATION_ERROR: In the hosted demo, webhooks go only to the demo's own receiver/,
    );
  }
  await expect(page.locator('#webhooks-table tbody tr')).toHaveCount(1);

  // The same through the public API with a secret key the visitor made (as curl would).
  await page.getByLabel('Name').fill('for curl');
  await page.getByLabel('webhooks:manage').check();
  await page.getByLabel('keys:manage').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.locator('#key-created-value')).toHaveText(/^onramp_test_sk_/);
  const key = (await page.locator('#key-created-value').textContent()) ?? '';
  const apiHost = new URL(stack.api).host;
  const viaApi = await page.evaluate(
    async ({ api, key }) => {
      // The API sends no CORS for secret keys: the page cannot read the answer, only the refusal of the fetch.
      const response = await fetch(`${api}/v1/webhooks`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: '{}',
      }).catch(() => null);
      return response === null ? 'blocked' : response.status;
    },
    { api: stack.api, key },
  );
  expect(viaApi).toBe('blocked');
  const created = await postJson(stack.httpsPort, apiHost, '/v1/webhooks', key, {
    url: 'http://127.0.0.1:22/',
    events: ['*'],
  });
  expect(created.status).toBe(400);
  expect(JSON.parse(created.body)).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', param: 'url' } });
  // No live environment: the console offers test keys only, and the API refuses a live one.
  await expect(page.getByLabel('Environment').locator('option')).toHaveText(['test']);
  const live = await postJson(stack.httpsPort, apiHost, '/v1/keys', key, { name: 'live', environment: 'live' });
  expect(live.status).toBe(403);
  expect(visitor.errors).toEqual([]);
  await visitor.close();
});

test("axe finds no violation in the account note, the console's webhooks panel and its refusal", async ({
  browser,
  stack,
}) => {
  // axe is injected from a test script, which the pages' own CSP would (rightly) refuse.
  const visitor = await newVisitor(browser, stack, { bypassCSP: true });
  const { page } = visitor;
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const violations = async (selectors: string[]) => {
    await page.evaluate(axeSource);
    return page.evaluate(async (include) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(
        { include: include.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } },
      );
      return result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      );
    }, selectors);
  };
  expect(await violations(['.demo-header'])).toEqual([]);
  await page.goto(`${stack.shop}/console`);
  await expect(page.locator('#webhooks-table tbody tr')).toHaveCount(1);
  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: /Add endpoint/ }).click();
  await expect(page.locator('#webhook-error')).toBeVisible();
  expect(await violations(['.demo-header', 'section[aria-labelledby=webhooks-title]'])).toEqual([]);
  await visitor.close();
});

test('a foreign Host is refused, directly and through Caddy', async ({ stack }) => {
  for (const host of ['evil.example', `127.0.0.1:${stack.demoPort}`, `localhost:${stack.demoPort}`]) {
    const direct = await new Promise<number>((done, fail) => {
      const req = request({ host: '127.0.0.1', port: stack.demoPort, path: '/', headers: { Host: host } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end();
    });
    expect(direct, host).toBe(403);
  }
  // Caddy serves the three names only; a request naming another gets no page of the demo.
  const other = await httpsCall(stack.httpsPort, `evil.localhost:${stack.httpsPort}`, 'GET', '/').catch(() => ({
    status: 0,
    body: '',
  }));
  expect(other.body).not.toContain('Demo shop');
});

/** A JSON POST to the public API over Caddy's TLS, with a key. */
const postJson = (port: number, host: string, path: string, key: string, body: unknown) =>
  httpsCall(port, host, 'POST', path, { 'X-API-Key': key, 'Content-Type': 'application/json' }, JSON.stringify(body));
