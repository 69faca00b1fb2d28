/**
 * Amount first, from the element's side: an element with no client secret and a `session-url` (or
 * `createSession`) stays "loading" (`#configure`), and the `later` part, which every element loads
 * right after its first paint, loads the `order` part for it and draws the card with the form. So
 * the script-tag file carries only the two lines that step aside; the order part's integrity is
 * pinned in the later part (itself pinned in the script-tag file). A part that does not load is an
 * `onramp-error` with its code, and "Try again" in the card. An order part already loaded is used at
 * once, in the same render (`onramp-checkout/ssr` draws the form on the server this way).
 */
import { widgetError } from '../../core/widget-error.js';
import { loadOrderPart } from '#load-order-part';
import { loaded, type DiagnosedHost, type OrderFormHook, type OrderHooks, type OrderHost } from '../parts.js';

export type { OrderFormHook };

/** Whether the element starts with the order form: no client secret, and somewhere to make a session. */
export const wantsOrderForm = (host: Pick<OrderHost, 'clientSecret' | 'createSession' | 'getAttribute'>): boolean =>
  !host.clientSecret && !!(host.getAttribute('session-url') || host.createSession);

export function orderFormHook(element: DiagnosedHost, hooks: OrderHooks): OrderFormHook {
  // The element's class declares `createSession` (`OrderHost`); the later part knows it as diagnosed.
  const host = element as DiagnosedHost & OrderHost;
  let form: OrderFormHook | undefined;
  let loading = false;
  const load = () => {
    if (form || loading || !wantsOrderForm(host)) return;
    // Already on the page (a server renderer imports it; the hydrate entry loads it before it lets a
    // server-drawn element render): attached now, so the render under way draws the form.
    const here = loaded.order;
    if (here) return void (form = here.attachOrder(host, hooks));
    loading = true;
    void loadOrderPart().then((part) => {
      loading = false;
      if ('code' in part) return hooks.send({ type: 'failed', error: widgetError(part.code, { values: part.values }) });
      form = part.attachOrder(host, hooks);
      host.requestUpdate();
    });
  };
  load();
  return (view) => {
    // A configuration that came later (a framework sets `createSession` after the first paint).
    if (view.state.status === 'loading') load();
    return form?.(view);
  };
}
