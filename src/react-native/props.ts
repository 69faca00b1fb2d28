/**
 * The public props of `OnrampCheckoutWebView` (`onramp-checkout/react-native`). docs/mobile.md shows
 * them; test/react-native checks them against react-native-webview's own types.
 */
import type { WebViewProps } from 'react-native-webview';
import type { BridgeMessage, BridgeMessageOf, OpenUrlReason } from '../contract/bridge-protocol.js';

/**
 * Why a URL is handed to the app rather than shown in the WebView:
 * - `checkout`, `link`: the page asked (an `open-url` message: the checkout a WebView cannot show,
 *   or a link the buyer chose);
 * - `navigation`: the page went to another origin or to an app's scheme (`myapp://…`, the way
 *   back to your app among them);
 * - `window`: the page opened a window (`window.open`, `target="_blank"`).
 */
export type OnrampOpenUrlReason = OpenUrlReason | 'navigation' | 'window';

/**
 * Opens `url` outside the WebView (an in-app browser, the system browser, your own screen). Return
 * `false` to have the component open it with `Linking.openURL` after all (for the reasons you leave
 * to the system); any other value, a promise included, means your app took it.
 */
export type OnrampOpenUrlHandler = (url: string, reason: OnrampOpenUrlReason) => unknown;

/**
 * The WebView props the component sets itself, whatever `webViewProps` says: what keeps messages,
 * navigation and windows under its rules, and what the checkout needs to run.
 */
export const OWNED_WEBVIEW_PROPS = [
  'source',
  'style',
  'originWhitelist',
  'onMessage',
  'onShouldStartLoadWithRequest',
  'onOpenWindow',
  'setSupportMultipleWindows',
  'javaScriptEnabled',
  'domStorageEnabled',
  'thirdPartyCookiesEnabled',
  'mediaCapturePermissionGrantType',
] as const satisfies readonly (keyof WebViewProps)[];

/**
 * Every other prop of react-native-webview's `WebView`, passed through as given. Its
 * `onNavigationStateChange` is called after the component has read the event.
 */
export type OnrampWebViewProps = Omit<WebViewProps, (typeof OWNED_WEBVIEW_PROPS)[number]>;

/** A callback of one message type. */
type On<T extends BridgeMessage['type']> = (message: BridgeMessageOf<T>) => void;

export interface OnrampCheckoutWebViewProps {
  /**
   * The page to show: a session's hosted checkout (its `redirect_url`), or your page with the
   * `<onramp-checkout>` widget. It loads in the WebView even when its origin is not `checkoutOrigin`
   * (a page of yours that redirects to the checkout), but its messages are then ignored.
   */
  url: string;
  /**
   * The origin whose pages may talk to the app (`https://checkout.example`): messages are accepted
   * only while the WebView's main frame shows a page of this origin and the message comes from it.
   * The WebView stays on this origin (and `url`'s); any other page is opened outside. Default:
   * `url`'s origin. A URL with a path is read as its origin; anything that is not an http(s) URL
   * throws a `TypeError` when rendered.
   */
  checkoutOrigin?: string;
  /** The order is on screen. */
  onReady?: On<'ready'>;
  /** The session's (or the widget's) status changed: `status`, `previousStatus`. */
  onStatusChange?: On<'status-change'>;
  /**
   * The crypto was delivered: `sessionId`, `txHash` (when the server gave it). For the screen only:
   * fulfil the order on your server's `onramp.session.completed` webhook.
   */
  onCompleted?: On<'completed'>;
  /** The payment failed (declined, or the delivery failed). */
  onFailed?: On<'failed'>;
  /** The session expired unpaid. */
  onExpired?: On<'expired'>;
  /** The widget met a problem: `code`, `message`, `cause`, `fix`, `recoverable`. */
  onError?: On<'error'>;
  /** The buyer is done on the checkout's final screen: close the view. */
  onClose?: On<'close'>;
  /** Every valid message from the checkout's origin, of any type, after its own callback. */
  onMessage?: (message: BridgeMessage) => void;
  /**
   * Opens what the WebView does not show: the URLs of `open-url` messages, other origins' pages,
   * app schemes and new windows. Default: `Linking.openURL(url)`.
   */
  onOpenUrl?: OnrampOpenUrlHandler;
  /** The WebView's style. */
  style?: WebViewProps['style'];
  /**
   * The rest of react-native-webview's props, passed through: all but those the component sets itself
   * (`source`, `style`, `originWhitelist`, `onMessage`, `onShouldStartLoadWithRequest`, `onOpenWindow`,
   * `setSupportMultipleWindows`, `javaScriptEnabled`, `domStorageEnabled`, `thirdPartyCookiesEnabled`,
   * `mediaCapturePermissionGrantType`). `allowsInlineMediaPlayback` is on unless you say otherwise.
   */
  webViewProps?: OnrampWebViewProps;
}
