/**
 * The `bridge` part (`src/parts/`), loaded by the `later` part only in a native app's WebView with a
 * bridge (docs/mobile.md): posts each of the element's events to the app, and asks the app to open
 * the links the buyer follows out of the element (the checkout's link after a fallback, a
 * transaction's page), which a WebView would lose or be led away by.
 */
import { bridgeMessage } from '../../contract/bridge-protocol.js';
import type { BridgePart } from '../parts.js';
import { connectNativeHost, postToHost, type NativeHostKind } from './native-host.js';
import { widgetMessages } from './widget-messages.js';

export function attachBridge(host: HTMLElement, kind: NativeHostKind): (event: Event) => void {
  const app = connectNativeHost(window, kind);
  host.addEventListener('click', (event) => {
    const link = event
      .composedPath()
      .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && /^https?:/.test(node.href));
    if (!link || event.defaultPrevented) return;
    event.preventDefault();
    const checkout = link.matches('[part~=fallback-link]');
    postToHost(app, bridgeMessage('open-url', { url: link.href, reason: checkout ? 'checkout' : 'link' }));
  });
  return (event) => widgetMessages(event).forEach((message) => postToHost(app, message));
}

attachBridge satisfies BridgePart['attachBridge'];
