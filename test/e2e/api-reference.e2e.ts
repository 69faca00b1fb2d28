/**
 * The API reference the demo serves at /docs/api, built from the OpenAPI document: it loads in a
 * real browser under its own strict policy (no inline script, no eval), lists every operation and
 * every webhook event, and logs no error.
 */
import { OPERATIONS } from '../../src/contract/operations.js';
import { WEBHOOK_EVENT_TYPES } from '../../src/contract/write/webhook.js';
import { API_REFERENCE_CSP, API_REFERENCE_PATH } from '../../demo/shop/server/api-reference.js';
import { expect, test } from './fixtures.js';

test('the API reference lists every operation and webhook event, with no console error, under its own strict CSP', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const response = await page.goto(`${demo.url}${API_REFERENCE_PATH}`);
  expect(response?.status()).toBe(200);
  const csp = (await response?.headerValue('content-security-policy')) ?? '';
  expect(csp).toBe(API_REFERENCE_CSP);
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

  await expect(page.locator('h1').first()).toContainText('Onramp API');
  const menu = page.locator('[role=menu], .menu-content').first();
  await expect(menu).toBeVisible();
  for (const operation of OPERATIONS) await expect(menu.getByText(operation.summary, { exact: true })).toHaveCount(1);
  for (const type of WEBHOOK_EVENT_TYPES)
    await expect(menu.getByText(`Session ${type.slice('onramp.session.'.length)}`, { exact: true })).toHaveCount(1);
  // One operation in full: its error statuses and codes are there to read.
  await expect(page.getByText('INSUFFICIENT_PERMISSIONS').first()).toBeAttached();
  expect(consoleErrors).toEqual([]);
});
