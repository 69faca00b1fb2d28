/** Hands one accepted message to the callback of its type, then to `onMessage`. */
import type { BridgeMessage } from '../contract/bridge-protocol.js';
import type { OnrampCheckoutWebViewProps, OnrampOpenUrlReason } from './props.js';

/** The message callbacks of the props. */
export type BridgeCallbacks = Pick<
  OnrampCheckoutWebViewProps,
  'onReady' | 'onStatusChange' | 'onCompleted' | 'onFailed' | 'onExpired' | 'onError' | 'onClose' | 'onMessage'
>;

/**
 * Calls the callback of `message.type`; `open-url` goes to `openOutside` (the app's `onOpenUrl`, or
 * `Linking`). The types without a callback of their own (`warning`, `price-change`, `fallback`,
 * `quote-expired`, `quote-refreshed`) reach `onMessage` only.
 */
export function dispatchMessage(
  message: BridgeMessage,
  callbacks: BridgeCallbacks,
  openOutside: (url: string, reason: OnrampOpenUrlReason) => void,
): void {
  switch (message.type) {
    case 'ready':
      callbacks.onReady?.(message);
      break;
    case 'status-change':
      callbacks.onStatusChange?.(message);
      break;
    case 'completed':
      callbacks.onCompleted?.(message);
      break;
    case 'failed':
      callbacks.onFailed?.(message);
      break;
    case 'expired':
      callbacks.onExpired?.(message);
      break;
    case 'error':
      callbacks.onError?.(message);
      break;
    case 'close':
      callbacks.onClose?.(message);
      break;
    case 'open-url':
      openOutside(message.url, message.reason);
      break;
    default:
      break;
  }
  callbacks.onMessage?.(message);
}
