/** The page a would-be visitor of the public demo sees when no account is made for them (static text only). */
import { renderPlainPage } from '../shop/server/plain-page.js';

export function renderNoVisitorPage(title: string, message: string): string {
  return renderPlainPage(
    title,
    `<p>${message} Every visitor of this demo gets a sandbox account of their own, so new ones are limited.</p>`,
  );
}
