/**
 * The `later` part's side of the native bridge: finds the app's bridge (`nativeHostKind`), and only
 * then loads the `bridge` part, holding the element's events until it arrives, so the app hears
 * every one, in order (the element dispatches none before this part is attached: event-delivery.ts).
 * A fallback is cancelled at once: in a WebView, a popup is lost and a navigation strands the app,
 * so the element shows its link and the bridge asks the app to open the checkout (`open-url`).
 */
import { ONRAMP_EVENT_NAMES } from './event-names.js';
import { loadBridgePart } from '#load-bridge-part';
import type { HostHooks } from '../parts.js';
import { nativeHostKind } from '../bridge/native-host.js';

/** Whether `host` is in a native app's WebView with a bridge; if so, its events go to the app from now on. */
export function watchForBridge(host: HTMLElement, warn: HostHooks['warn']): boolean {
  // No window on a server that renders the element (onramp-checkout/ssr): no app there.
  const kind = typeof window === 'object' ? nativeHostKind(window) : null;
  if (!kind) return false;
  const held: Event[] = [];
  let forward = (event: Event): unknown => held.push(event);
  for (const name of ONRAMP_EVENT_NAMES)
    host.addEventListener(name, (event) => {
      if (name === 'onramp-fallback') event.preventDefault();
      forward(event);
    });
  void loadBridgePart().then((part) => {
    if ('code' in part) return warn(part.code, part.values);
    forward = part.attachBridge(host, kind);
    held.splice(0).forEach(forward);
  });
  return true;
}
