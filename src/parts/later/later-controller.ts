/**
 * What the element gains when the `later` part arrives, a moment after its first paint: the
 * quote's timers (`QuoteController`: a price that expires is refreshed, a status answer without a
 * price gets one, one request at a time with backoff), the diagnostics (the page's CSP, the
 * checkout frame, the container, the causes and fixes, the console), amount first's form and a
 * native app's bridge (the countdowns tick without it, in the script-tag file). The element asks
 * through the handle `attachLater` returns; everything here stops with the host.
 */
import { attachDiagnostics } from '../../diagnostics/diagnostics-controller.js';
import type { DiagnosedHost, LaterHandle, LaterHooks } from '../parts.js';
import { QuoteController } from './quote-controller.js';
import { handOver } from './handed-over.js';
import { adoptResultStyles } from './result.styles.js';
import { orderFormHook } from './order-part-loader.js';
import { watchForBridge } from './bridge-watch.js';

export type { LaterHandle, LaterHooks };

export function attachLater(host: DiagnosedHost, hooks: LaterHooks): LaterHandle {
  // The final screens this part draws bring their styles.
  adoptResultStyles(host.shadowRoot);
  const diagnostics = attachDiagnostics(host, hooks);
  const quotes = new QuoteController(host, hooks);
  return {
    explain: (code, values) => diagnostics.explain(code, values),
    report: () => diagnostics.report(),
    sync: () => {
      quotes.sync();
    },
    reset: () => quotes.reset(),
    form: orderFormHook(host, {
      send: hooks.send,
      explain: (code, values) => diagnostics.explain(code, values),
      handedOver: (sessionId, order, price) => handOver(host, sessionId, { order, price }),
    }),
    bridged: watchForBridge(host, hooks.warn),
  };
}
