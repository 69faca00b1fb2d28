/**
 * `onramp-checkout/react-native`: the checkout in a React Native app, on react-native-webview, its
 * bridge messages (src/contract/bridge-protocol.ts, docs/design.md §23) as callbacks. `react-native` and
 * `react-native-webview` are optional peer dependencies of the package, needed by this entry only;
 * it imports no Lit and no element.
 */
export { OnrampCheckoutWebView } from './onramp-checkout-webview.js';
export type {
  OnrampCheckoutWebViewProps,
  OnrampOpenUrlHandler,
  OnrampOpenUrlReason,
  OnrampWebViewProps,
} from './props.js';
export type {
  BridgeMessage,
  BridgeMessageOf,
  BridgeMessageType,
  BridgeSession,
  BridgeSessionStatus,
  BridgeWidgetStatus,
} from '../contract/bridge-protocol.js';
