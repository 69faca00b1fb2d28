/**
 * The merchant side of the demo: the console (transactions with filters, pagination and detail;
 * API keys created, tested, revoked) and the shop page showing verified webhooks as they arrive.
 */
import { randomBytes } from 'node:crypto';
import type { DemoHandle } from '../../demo/shop/server/demo-server.js';
import { expect, openCheckout, payWithCard, sessionIdOf, test } from './fixtures.js';

/** Calls the sandbox with the demo's test secret key (as the shop's server would). */
async function sandbox(
  demo: DemoHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ session_id: string }> {
  const response = await fetch(`${demo.sandbox.apiUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-API-Key': demo.sandbox.keys!.test.secret },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { data: { session_id: string } }).data;
}

const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

test('the console lists transactions, filters them, pages through them and shows a detail', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  // Six sessions on a wallet of this test alone: 4 ETH (one completed), 2 USDC.
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const ids: string[] = [];
  for (const crypto of ['ETH', 'ETH', 'ETH', 'ETH', 'USDC', 'USDC']) {
    const created = await sandbox(demo, 'POST', '/v1/onramp', {
      wallet_address: wallet,
      crypto_currency: crypto,
      fiat_amount: 2500,
      fiat_currency: 'EUR',
    });
    ids.push(created.session_id);
  }
  await sandbox(demo, 'POST', '/v1/test_helpers/onramp/advance', { session_id: ids[0], to: 'processing' });
  await sandbox(demo, 'POST', '/v1/test_helpers/onramp/advance', { session_id: ids[0], to: 'completed' });

  await page.goto(`${demo.url}/console`);
  await expect(page.getByRole('heading', { name: 'Merchant console' })).toBeVisible();
  const rows = page.locator('#tx-table tbody tr');
  const filters = page.locator('#tx-filters');
  const apply = () => filters.getByRole('button', { name: 'Apply filters' }).click();

  await filters.getByLabel('Wallet address').fill(wallet);
  await filters.getByLabel('Per page').selectOption('5');
  await apply();
  await expect(rows).toHaveCount(5);
  await expect(page.locator('#tx-page')).toHaveText('Page 1 of 2 · 6 transactions');
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.locator('#tx-page')).toHaveText('Page 2 of 2 · 6 transactions');
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();

  await filters.getByLabel('Status').selectOption('completed');
  await apply();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('completed');

  await filters.getByLabel('Status').selectOption('');
  await filters.getByLabel('Asset').selectOption('USDC');
  await apply();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('USDC');

  await filters.getByLabel('Asset').selectOption('');
  await filters.getByLabel('From').fill(utcDate(Date.now()));
  await apply();
  await expect(page.locator('#tx-page')).toContainText('6 transactions');
  await filters.getByLabel('From').fill('');
  await filters.getByLabel('To').fill(utcDate(Date.now() - 2 * 86_400_000));
  await apply();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();

  // The detail of the completed one.
  await filters.getByLabel('To').fill('');
  await filters.getByLabel('Status').selectOption('completed');
  await apply();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button').click();
  const detail = page.locator('#tx-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(ids[0]!);
  await expect(detail).toContainText('25.00 EUR');
  await expect(detail.locator('dd').filter({ hasText: /^0x[0-9a-f]{64}$/ })).toHaveCount(1);
});

test('the console creates a key with chosen permissions, and a revoked key visibly stops working', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}/console`);
  const form = page.locator('#key-form');
  const name = `e2e key ${randomBytes(3).toString('hex')}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Type').selectOption('publishable');
  await expect(form.getByLabel('webhooks:manage')).toBeDisabled();
  await form.getByLabel('Type').selectOption('secret');
  await form.getByLabel('webhooks:manage').check();
  await form.getByLabel('transactions:read').uncheck();
  await form.getByRole('button', { name: 'Create key' }).click();

  await expect(page.locator('#key-created-value')).toHaveText(/^onramp_test_sk_[0-9A-Za-z]{32}$/);
  const row = page.locator('#keys-table tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('onramp:create, onramp:read, webhooks:manage');
  await expect(row).toContainText('onramp_test_sk_');

  await row.getByRole('button', { name: 'Test key' }).click();
  await expect(row.locator('.test-result')).toHaveText('200 OK');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');
  await row.getByRole('button', { name: 'Test key' }).click();
  await expect(row.locator('.test-result')).toHaveText('401 INVALID_API_KEY');

  // After a reload the revoked key is gone from the list; the shop's own keys (secret and publishable) cannot be revoked.
  await page.reload();
  await expect(page.locator('#keys-table tbody tr').filter({ hasText: name })).toHaveCount(0);
  await expect(page.locator('#keys-table tbody tr').filter({ hasText: 'used by this shop' })).toHaveCount(2);
});

test('the shop page shows verified webhook events arriving after a payment', async ({ page, demo, problems }) => {
  void problems;
  await openCheckout(page, demo);
  const sessionId = await sessionIdOf(page);
  const log = page.locator('#webhook-log');
  await expect(
    log.locator('li', { hasText: 'onramp.session.created' }).filter({ hasText: sessionId.slice(0, 12) }),
  ).toHaveCount(1);
  await page.locator('[part=pay-button]').click();
  await payWithCard(page.frameLocator('iframe[part=checkout-frame]'), '4242 4242 4242 4242');
  await expect(page.locator('onramp-checkout')).toHaveAttribute('status', 'completed');
  for (const type of ['onramp.session.processing', 'onramp.session.completed']) {
    await expect(log.locator('li', { hasText: type }).filter({ hasText: sessionId.slice(0, 12) })).toHaveCount(1);
  }
  await expect(page.getByRole('link', { name: 'merchant console' })).toHaveAttribute('href', '/console');
});
