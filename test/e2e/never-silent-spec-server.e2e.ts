/**
 * Never silent (issue #32) against a server that answers only what the spec shows (the sandbox with
 * `shapes: 'spec'`): its status answer has no `redirect_url`, so an element without `redirect-url`
 * has no link to the hosted checkout, and says so when Pay is pressed.
 */
import { attributesFor, newSession, serveWidgetPage } from '../support/widget-page.js';
import { widget } from './hardening-helpers.js';
import { eventDetail, expect, test } from './never-silent-helpers.js';

test.use({ shapes: 'spec' });

test('no redirect_url in the status answer and no redirect-url on the element: Pay is MISSING_REDIRECT_URL naming the attribute', async ({
  page,
  demo,
  pages,
  problems,
}) => {
  void problems;
  const session = await newSession(demo);
  await page.goto(
    serveWidgetPage(pages, '/no-redirect-url', {
      attributes: attributesFor(demo, session, 'test', { 'redirect-url': null }),
    }),
  );
  await expect(page.locator(widget)).toHaveAttribute('status', 'pending');
  await page.locator('[part=pay-button]').click();
  const error = await eventDetail(page, 'onramp-error', 'MISSING_REDIRECT_URL');
  expect(error.fix).toBe(
    'Write the redirect_url of the creation response into the element: redirect-url="…", or hand it the whole creation response as the session property.',
  );
  await expect(page.locator('[part=error]')).toBeVisible();
  await expect(page.locator('[part=checkout-frame]')).toHaveCount(0);
});
