/**
 * The pages a session-making demo page shows instead of a session: when another site opened it (no
 * session is made for a navigation the visitor did not start: one click here starts it), and when
 * a return names an order this shop does not have. Static text and this server's own paths only.
 */
import { renderPlainPage as page } from './plain-page.js';

/** `path` is one of the demo's own routes (a literal of shop-routes.ts), never request data. */
export function renderStartPage(title: string, path: string): string {
  return page(
    title,
    `<p>This page creates a checkout session when it opens. You came here from another site, so none was created yet.</p>
    <p><a class="button-link" href="${path}" data-start>Start a checkout</a></p>`,
  );
}

export function renderOrderNotFoundPage(title: string, path: string): string {
  return page(
    title,
    `<p role="alert">This shop has no such order: it may belong to another browser, or the demo was restarted.</p>
    <p><a class="button-link" href="${path}" data-new-order>New order</a></p>`,
  );
}
