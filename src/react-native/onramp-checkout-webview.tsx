/**
 * `OnrampCheckoutWebView`: the hosted checkout (or a page with the widget) in react-native-webview,
 * talking to the app through the bridge's messages (src/contract/bridge-protocol.ts). No Lit, no
 * element: the page does the checkout, this component listens, keeps the WebView on the checkout's
 * origin and opens everything else outside.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { WebView, type WebViewMessageEvent, type WebViewNavigation, type WebViewProps } from 'react-native-webview';
import { dispatchMessage } from './dispatch.js';
import { acceptMessage } from './message-gate.js';
import { decideNavigation, mayOpenOutside } from './navigation.js';
import { openOutside } from './open-outside.js';
import { originOf } from './origin.js';
import type { OnrampCheckoutWebViewProps, OnrampOpenUrlReason } from './props.js';

type LoadRequest = Parameters<NonNullable<WebViewProps['onShouldStartLoadWithRequest']>>[0];
type OpenWindowEvent = Parameters<NonNullable<WebViewProps['onOpenWindow']>>[0];

/** `checkoutOrigin`, or `url`'s origin; a `TypeError` for anything else, as for a missing prop. */
function checkoutOriginOf(url: string, checkoutOrigin: string | undefined): string {
  const origin = originOf(checkoutOrigin ?? url);
  if (origin === null)
    throw new TypeError(
      checkoutOrigin === undefined
        ? 'OnrampCheckoutWebView: url must be an http(s) URL, or give checkoutOrigin'
        : `OnrampCheckoutWebView: checkoutOrigin must be an http(s) origin, such as https://checkout.example`,
    );
  return origin;
}

/**
 * Shows `url` in a WebView and calls the props' callbacks with the checkout's messages, typed by
 * their `type` (`onCompleted` gets `sessionId` and `txHash`…). Only messages from `checkoutOrigin`,
 * while the WebView shows a page of it, are heard. Pages of other origins, app schemes and new
 * windows go to `onOpenUrl` (default `Linking.openURL`) and never load in the WebView. JavaScript and
 * DOM storage are on, third-party cookies allowed (card challenges run in other origins' frames), and
 * the camera is granted to the shown page's own host without a prompt on iOS (an identity check);
 * others must ask.
 */
export function OnrampCheckoutWebView(props: OnrampCheckoutWebViewProps): ReactElement {
  const { url, checkoutOrigin, style, webViewProps } = props;
  const origin = checkoutOriginOf(url, checkoutOrigin);
  const urlOrigin = originOf(url);
  const origins = urlOrigin === null || urlOrigin === origin ? [origin] : [origin, urlOrigin];

  // The latest props, for handlers the WebView keeps; the main frame's URL as last reported.
  const latest = useRef(props);
  const shownUrl = useRef(url);
  useEffect(() => {
    latest.current = props;
  });
  useEffect(() => {
    shownUrl.current = url;
  }, [url]);

  const open = (target: string, reason: OnrampOpenUrlReason) => {
    openOutside(target, reason, latest.current.onOpenUrl);
  };

  const onMessage = (event: WebViewMessageEvent) => {
    const message = acceptMessage(event.nativeEvent, shownUrl.current, origin);
    if (message) dispatchMessage(message, latest.current, open);
  };

  const onNavigationStateChange = (navigation: WebViewNavigation) => {
    shownUrl.current = navigation.url;
    latest.current.webViewProps?.onNavigationStateChange?.(navigation);
  };

  const onShouldStartLoadWithRequest = (request: LoadRequest): boolean => {
    const decision = decideNavigation(request, origins);
    if (decision === 'open-outside') open(request.url, 'navigation');
    return decision === 'load';
  };

  const onOpenWindow = (event: OpenWindowEvent) => {
    const { targetUrl } = event.nativeEvent;
    if (mayOpenOutside(targetUrl)) open(targetUrl, 'window');
  };

  return (
    <WebView
      allowsInlineMediaPlayback
      {...webViewProps}
      style={style}
      source={{ uri: url }}
      // Every load reaches onShouldStartLoadWithRequest, which keeps the main frame on the
      // checkout's origin: a narrower list would have react-native-webview itself send the card
      // challenge's frames (iOS asks for every frame) to Linking, past onOpenUrl.
      originWhitelist={['*']}
      onMessage={onMessage}
      onNavigationStateChange={onNavigationStateChange}
      onShouldStartLoadWithRequest={onShouldStartLoadWithRequest}
      onOpenWindow={onOpenWindow}
      // Android: new windows reach onOpenWindow (false would load them in place of the checkout).
      setSupportMultipleWindows
      javaScriptEnabled
      domStorageEnabled
      thirdPartyCookiesEnabled
      mediaCapturePermissionGrantType="grantIfSameHostElsePrompt"
    />
  );
}
