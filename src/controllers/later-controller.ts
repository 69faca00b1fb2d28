/**
 * What the element gains when the `later` part arrives, a moment after its first paint: the
 * countdowns' ticks, the quote's timers (`QuoteController`: a price that expires is refreshed, a
 * status answer without a price gets one, one request at a time with backoff), and the diagnostics (the page's CSP, the
 * checkout frame, the container, the causes and fixes, the console). The element asks through the
 * handle `attachLater` returns; everything here stops with the host.
 */
import type { ApiClient } from '../api/api-client.js';
import type { ServerClock } from '../api/server-clock.js';
import { isActive, type FlowState } from '../core/flow-machine.js';
import { attachDiagnostics } from '../diagnostics/diagnostics-controller.js';
import type { DiagnosedHost, HostHooks } from '../parts/parts.js';
import { CountdownController } from './countdown-controller.js';
import { QuoteController } from './quote-controller.js';
import { formPrices } from '../core/price-consent.js';
import { formOrders } from '../core/order-kept.js';
import { adoptResultStyles } from '../components/onramp-checkout/result.styles.js';
import { orderFormHook, type OrderFormHook } from '../components/onramp-checkout/order-part-loader.js';

export interface LaterHooks extends HostHooks {
  clock: ServerClock;
  /** The machine's state now. */
  state: () => FlowState;
  /** The API client of the configured session, if any. */
  client: () => ApiClient | null;
}

export interface LaterHandle {
  /** A problem's cause and fix, printed once (`DiagnosticsController.explain`). */
  explain: ReturnType<typeof attachDiagnostics>['explain'];
  /** The test-mode report, after the first events. */
  report: () => void;
  /** Starts or stops the countdowns' ticks and the quote's timer to match the state; after each update. */
  sync: () => void;
  /** A new configuration: the quote in flight is for another session. */
  reset: () => void;
  /** Amount first: the card as the order form draws it, while it is the card (`order-part-loader.ts`). */
  form: OrderFormHook;
}

export function attachLater(host: DiagnosedHost, hooks: LaterHooks): LaterHandle {
  const { clock, state } = hooks;
  // The final screens this part draws bring their styles.
  adoptResultStyles(host.shadowRoot);
  const diagnostics = attachDiagnostics(host, hooks);
  const quotes = new QuoteController(host, hooks);
  const countdown = new CountdownController(host, {
    clock,
    active: () => isActive(state().status),
  });
  return {
    explain: (code, values) => diagnostics.explain(code, values),
    report: () => diagnostics.report(),
    sync: () => {
      countdown.sync();
      quotes.sync();
    },
    reset: () => quotes.reset(),
    form: orderFormHook(host, {
      send: hooks.send,
      explain: (code, values) => diagnostics.explain(code, values),
      handedOver: (sessionId, order, price) => {
        formOrders.set(sessionId, order);
        if (price !== undefined) formPrices.set(sessionId, price);
      },
    }),
  };
}
