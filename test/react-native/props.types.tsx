/**
 * Type tests of `onramp-checkout/react-native`'s published declarations (dist/types), against the
 * real react-native and react-native-webview: checked by `tsc`, never run. Each callback gets its
 * own message type; the WebView props the component owns cannot be passed; the rest are
 * react-native-webview's own.
 */
import { Linking } from 'react-native';
import {
  OnrampCheckoutWebView,
  type BridgeMessage,
  type BridgeMessageOf,
  type OnrampCheckoutWebViewProps,
  type OnrampOpenUrlReason,
} from 'onramp-checkout/react-native';

const url = 'https://checkout.example/pay/cs_1?t=tok';

export const typed = (
  <OnrampCheckoutWebView
    url={url}
    checkoutOrigin="https://checkout.example"
    onReady={(message) => {
      const status: 'pending' | 'processing' | 'completed' | 'failed' | 'expired' = message.status;
      void status;
    }}
    onStatusChange={(message) => void [message.status, message.previousStatus]}
    onCompleted={(message) => {
      const txHash: string | null = message.txHash;
      const sessionId: string = message.sessionId;
      void [txHash, sessionId];
    }}
    onFailed={(message) => void message.sessionId}
    onExpired={(message) => void message.sessionId}
    onError={(message) => {
      const code: string = message.code;
      const recoverable: boolean = message.recoverable;
      void [code, recoverable];
    }}
    onClose={(message) => void message.sessionId}
    onMessage={(message: BridgeMessage) => {
      if (message.type === 'open-url') void message.reason;
    }}
    onOpenUrl={(target, reason) => (reason === 'checkout' ? Linking.openURL(target) : false)}
    style={{ flex: 1 }}
    webViewProps={{ bounces: false, onLoadEnd: () => {}, applicationNameForUserAgent: 'MyWallet/1.0' }}
  />
);

// The docs' spelling: no return value from onOpenUrl at all.
export const minimal = <OnrampCheckoutWebView url={url} onOpenUrl={() => {}} />;

// @ts-expect-error `completed` carries no `code`
export const noCode = <OnrampCheckoutWebView url={url} onCompleted={(message) => message.code} />;

// @ts-expect-error `ready` is not `error`
export const wrongMessage = <OnrampCheckoutWebView url={url} onError={(_: BridgeMessageOf<'ready'>) => {}} />;

// @ts-expect-error `url` is required
export const noUrl = <OnrampCheckoutWebView />;

// @ts-expect-error the component owns onMessage (the checkout's messages come through its callbacks)
export const ownedMessage = <OnrampCheckoutWebView url={url} webViewProps={{ onMessage: () => {} }} />;

// @ts-expect-error the component owns the navigation rule
export const ownedNavigation = <OnrampCheckoutWebView url={url} webViewProps={{ originWhitelist: ['*'] }} />;

// @ts-expect-error the component owns the source (`url`)
export const ownedSource = <OnrampCheckoutWebView url={url} webViewProps={{ source: { uri: url } }} />;

// @ts-expect-error react-native-webview's own prop types still apply
export const wrongPassthrough = <OnrampCheckoutWebView url={url} webViewProps={{ bounces: 'no' }} />;

// Every reason the app may be asked to open a URL for.
const reasons: OnrampOpenUrlReason[] = ['checkout', 'link', 'navigation', 'window'];
// @ts-expect-error nothing else
reasons.push('popup');

export const props: OnrampCheckoutWebViewProps = { url };
