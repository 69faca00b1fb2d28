/**
 * The docs stay true. The demo's pages link to each other and explain themselves: every page shows
 * the same navigation with itself marked current and its "what this page shows" paragraph, every
 * link of it opens its page (200), and nothing breaks the CSP (the `problems` fixture). The published custom-elements manifest is the analysis of this source.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_PAGES } from '../../demo/shop/server/demo-pages.js';
import { analyzeManifest } from '../../scripts/build/manifest/analyze.js';
import { expect, test } from './fixtures.js';

const ABOUT = 'What this page shows:';

// Every page: the same navigation (so a link that works from one page works from all), itself
// marked current, and its "what this page shows" paragraph.
for (const from of DEMO_PAGES) {
  test(`${from.path}: shows the navigation with itself current, and explains itself`, async ({
    page,
    demo,
    problems,
  }) => {
    void problems;
    const opened = await page.goto(`${demo.url}${from.path}`);
    expect(opened?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Demo pages' });
    expect(
      await nav.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))),
    ).toEqual(DEMO_PAGES.map((p) => p.path));
    await expect(nav.getByRole('link', { name: from.label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.demo-about')).toContainText(ABOUT);
  });
}

test('every link of the navigation opens its page, one after the other', async ({ page, demo, problems }) => {
  void problems;
  await page.goto(`${demo.url}${DEMO_PAGES[DEMO_PAGES.length - 1]!.path}`);
  const nav = page.getByRole('navigation', { name: 'Demo pages' });
  for (const target of DEMO_PAGES) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${demo.url}${target.path}` && r.request().isNavigationRequest()),
      nav.getByRole('link', { name: target.label, exact: true }).click(),
    ]);
    expect(response.status(), target.path).toBe(200);
    await expect(nav.getByRole('link', { name: target.label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('the published custom-elements manifest is the analysis of the current source', async () => {
  const published: unknown = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../dist/custom-elements.json'), 'utf8'),
  );
  // A plain data comparison: the built file must be what `npm run build` makes of this source.
  expect(published).toEqual(JSON.parse(JSON.stringify(await analyzeManifest())));
});
