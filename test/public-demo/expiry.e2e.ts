/**
 * A visitor's account ends on time (here after 10 s, `DEMO_ACCOUNT_TTL`): its keys stop working,
 * its rows are gone from the database, and the next page view starts a new, empty account.
 */
import Database from 'better-sqlite3';
import { expect, newVisitor, order, test } from './fixtures.js';

test.use({ accountTtlSeconds: 10 });

test("an expired visitor's account is gone, and the next visit starts a new one", async ({ browser, stack }) => {
  const visitor = await newVisitor(browser, stack);
  const { page } = visitor;
  const sessionId = await order(page);
  const credentials = await page.locator('onramp-checkout').evaluate((element) => {
    const widget = element as HTMLElement & { publishableKey: string; clientSecret: string };
    return { publishableKey: widget.publishableKey, clientSecret: widget.clientSecret };
  });
  const cookieBefore = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-onramp_demo');
  expect(cookieBefore).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });

  /** The session's status as the widget reads it, from the page (the API answers this origin's CORS). */
  const readStatus = () =>
    page.evaluate(
      async ({ api, sessionId, publishableKey, clientSecret }) => {
        const response = await fetch(`${api}/v1/onramp?session_id=${sessionId}`, {
          headers: { 'X-API-Key': publishableKey, 'X-Client-Secret': clientSecret },
        });
        return response.status;
      },
      { api: stack.api, sessionId, ...credentials },
    );
  expect(await readStatus()).toBe(200);
  // At the account's time its keys stop working…
  await expect.poll(readStatus, { timeout: 30_000, intervals: [500] }).toBe(401);

  const db = new Database(stack.dbPath, { readonly: true, fileMustExist: true });
  try {
    const count = (sql: string, ...params: string[]) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${sql}`).get(...params) as { n: number }).n;
    // …and the sandbox's sweeper (every second) deletes it with everything in it.
    await expect.poll(() => count('sessions WHERE id = ?', sessionId), { timeout: 10_000, intervals: [250] }).toBe(0);
    expect(count('webhook_events WHERE session_id = ?', sessionId)).toBe(0);
    expect(count('accounts')).toBe(0);
    expect(count('api_keys')).toBe(0);
    expect(count('webhook_endpoints')).toBe(0);
  } finally {
    db.close();
  }

  // The cookie ended with the account; the next page view is a new visitor with an empty account.
  await page.goto(`${stack.shop}/console`);
  await expect(page.locator('.demo-account')).toContainText('sandbox account of your own');
  const cookieAfter = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-onramp_demo');
  expect(cookieAfter?.value).toBeTruthy();
  expect(cookieAfter?.value).not.toBe(cookieBefore?.value);
  await expect(page.locator('#tx-empty')).toBeVisible();
  await expect(page.locator('#tx-table tbody tr')).toHaveCount(0);
  await expect(page.locator('#keys-table tbody tr')).toHaveCount(2);
  expect(visitor.errors).toEqual([]);
  await visitor.close();
});
