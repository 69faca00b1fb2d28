/** What a merchant's page must never show in the console: errors, uncaught exceptions, React's hydration warnings. */
import type { Locator, Page } from '@playwright/test';

/**
 * Chromium's own warning when a framework inserts server-rendered HTML with `innerHTML` on a
 * client-side navigation: the `<template shadowrootmode>` stays inert, and the element renders
 * itself from its data block instead (docs/frameworks.md, "Next.js", says so).
 */
const INERT_DECLARATIVE_SHADOW_ROOT =
  /^Found declarative shadowrootmode attribute on a template, but declarative Shadow DOM is not being parsed/;

export function watchConsole(page: Page, allowed: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (allowed.some((pattern) => pattern.test(message.text()))) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

export { INERT_DECLARATIVE_SHADOW_ROOT };

/** The session id of a widget, from its client secret (whichever way it was given). */
export async function sessionIdOf(widget: Locator): Promise<string> {
  const secret = await widget.evaluate((element) => (element as HTMLElement & { clientSecret: string }).clientSecret);
  return secret.slice(0, secret.indexOf('_secret_'));
}
