/** Opens a URL outside the WebView: the app's own handler first, `Linking.openURL` by default. */
import { Linking } from 'react-native';
import type { OnrampOpenUrlHandler, OnrampOpenUrlReason } from './props.js';

/**
 * Hands `url` to `onOpenUrl`, or to `Linking.openURL` when there is none or it returns `false`.
 * A URL no app can open is reported without the URL itself: an `open-url`'s URL holds the
 * checkout's token, which has no place in a device's log.
 */
export function openOutside(url: string, reason: OnrampOpenUrlReason, onOpenUrl?: OnrampOpenUrlHandler): void {
  if (onOpenUrl && onOpenUrl(url, reason) !== false) return;
  Linking.openURL(url).catch(() => {
    console.warn(`OnrampCheckoutWebView: no app opened the URL (reason: ${reason})`);
  });
}
