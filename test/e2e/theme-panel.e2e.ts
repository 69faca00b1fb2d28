/**
 * The shop page's theme panel: its choices reach the mounted widget at once (under the strict CSP),
 * survive a remount ("New order", then "Continue"), reset to the widget's defaults, and the panel is
 * labelled and keyboard usable.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { advanceSession, continueOrder, expect, openCheckout, sessionIdOf, test } from './fixtures.js';

const panel = (page: Page) => page.getByRole('region', { name: 'Theme panel' });
const widget = (page: Page) => page.locator('onramp-checkout');
const customProperty = (element: Locator, name: string) =>
  element.evaluate((el, property) => (el as HTMLElement).style.getPropertyValue(property), name);

test('choices apply live, survive a remount, and reset', async ({ page, demo, problems }) => {
  void problems;
  await openCheckout(page, demo);
  const theme = panel(page);

  await theme.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(widget(page)).toHaveAttribute('theme', 'dark');
  await theme.getByRole('combobox', { name: 'Locale' }).selectOption('de');
  expect(await widget(page).evaluate((el) => (el as HTMLElementTagNameMap['onramp-checkout']).locale)).toBe('de');

  await theme.getByLabel('Accent', { exact: true }).fill('#e0457b');
  await expect(page.locator('[part=pay-button]')).toHaveCSS('background-color', 'rgb(224, 69, 123)');
  await theme.getByLabel('Font family').selectOption({ label: 'Monospace' });
  expect(await customProperty(widget(page), '--onramp-font-family')).toContain('monospace');

  // Keyboard: the radius slider moves with the arrow keys, and its value is announced as text.
  const radius = theme.getByRole('slider', { name: 'Corner radius' });
  await radius.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(radius).toHaveAttribute('aria-valuetext', '14px');
  expect(await customProperty(widget(page), '--onramp-radius')).toBe('14px');

  // A new payment mounts a new widget: it gets the same choices.
  await advanceSession(demo, await sessionIdOf(page), 'failed');
  await expect(widget(page)).toHaveAttribute('status', 'failed');
  await page.getByRole('button', { name: 'New order' }).click();
  await continueOrder(page);
  await expect(widget(page)).toHaveAttribute('theme', 'dark');
  expect(await widget(page).evaluate((el) => (el as HTMLElementTagNameMap['onramp-checkout']).locale)).toBe('de');
  expect(await customProperty(widget(page), '--onramp-color-accent')).toBe('#e0457b');
  expect(await customProperty(widget(page), '--onramp-radius')).toBe('14px');

  // A reload keeps them too (localStorage), on the same order (the address names it).
  await page.reload();
  await expect(theme.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  await expect(theme.getByLabel('Accent', { exact: true })).toHaveValue('#e0457b');
  await expect(widget(page)).toHaveAttribute('theme', 'dark');

  await page.getByRole('button', { name: 'New order' }).click();
  await continueOrder(page);
  await theme.getByRole('button', { name: /reset/i }).click();
  await expect(theme.getByRole('status')).toHaveText(/reset/i);
  await expect(widget(page)).toHaveAttribute('theme', 'auto');
  expect(await widget(page).evaluate((el) => el.getAttribute('style') ?? '')).toBe('');
  // The pickers show the widget's own defaults again (light scheme: the accent is #3347d6 today).
  await expect(theme.getByLabel('Accent', { exact: true })).not.toHaveValue('#e0457b');
  await expect(theme.getByRole('slider', { name: 'Corner radius' })).toHaveAttribute('aria-valuetext', '12px');
});

test('a colour picker per --onramp-color-* property, and every control reachable with Tab in order', async ({
  page,
  demo,
  problems,
}) => {
  void problems;
  await page.goto(`${demo.url}/`);
  const theme = panel(page);
  const names = await theme
    .locator('input[type=color]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
  const manifest = JSON.parse(readFileSync(new URL('../../dist/custom-elements.json', import.meta.url), 'utf8')) as {
    modules: { declarations?: { cssProperties?: { name: string }[] }[] }[];
  };
  const documented = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .flatMap((d) => d.cssProperties ?? [])
    .map((p) => p.name);
  expect(names.sort()).toEqual(documented.filter((name) => name.startsWith('--onramp-color-')).sort());

  // Tab from the theme select through every control, in order, ending on the reset button.
  const controls = theme.locator('select, input, button');
  const count = await controls.count();
  await theme.getByRole('combobox', { name: 'Theme' }).focus();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('Tab');
    await expect(controls.nth(i)).toBeFocused();
  }
});

test.describe('accessibility', () => {
  // axe is injected from a test script, which the page's own CSP would (rightly) refuse.
  test.use({ bypassCSP: true });

  test('axe finds no violation in the theme panel', async ({ page, demo }) => {
    await page.goto(`${demo.url}/`);
    await expect(panel(page).getByRole('combobox', { name: 'Theme' })).toBeVisible();
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    await page.evaluate(readFileSync(axePath, 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      const result = await axe.run({ include: [['#theme-panel']] });
      return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
    });
    expect(violations).toEqual([]);
  });
});
