/**
 * The native host a page runs in, if any (docs/design.md "Native apps"), and how to post to it.
 * Detected by the page itself, with no flag: the first of react-native-webview's
 * `window.ReactNativeWebView`, WKWebView's `window.webkit.messageHandlers.onramp`, Android's
 * `window.OnrampBridge` and Flutter's `window.flutter_inappwebview`. Only in the top frame: a page in
 * a frame posts nothing (a frame's host object, where a WebView injects one into every frame, is not
 * the app's conversation with this page).
 *
 * Imported by the hosted checkout's browser code and the widget's `bridge` part; no zod, no Lit.
 */
import { ANDROID_BRIDGE_OBJECT, BRIDGE_HANDLER, type BridgeMessage } from '../contract/bridge-protocol.js';

/** Which host: what the tests inject, and what docs/mobile.md shows, by name. */
export type NativeHostKind = 'react-native' | 'wkwebview' | 'android' | 'flutter';

/** Posts one message to the app. */
export interface NativeHost {
  kind: NativeHostKind;
  post(message: BridgeMessage): void;
}

interface StringChannel {
  postMessage(message: string): void;
}
interface BridgeWindow {
  ReactNativeWebView?: StringChannel;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
  [ANDROID_BRIDGE_OBJECT]?: StringChannel;
  flutter_inappwebview?: { callHandler(name: string, ...args: unknown[]): unknown; _platformReady?: boolean };
}

const hasPost = (value: unknown): value is StringChannel =>
  !!value && typeof (value as StringChannel).postMessage === 'function';

/**
 * The host of `view` (the page's window), or `null`: no bridge, or not the top frame. A host
 * object that throws when read (a hostile or broken page) is no host.
 */
export function nativeHost(view: Window = window): NativeHost | null {
  try {
    if (view.top !== view) return null;
    const w = view as unknown as BridgeWindow;
    const rn = w.ReactNativeWebView;
    if (hasPost(rn)) return { kind: 'react-native', post: (message) => rn.postMessage(JSON.stringify(message)) };
    const wk = w.webkit?.messageHandlers?.[BRIDGE_HANDLER];
    if (hasPost(wk)) return { kind: 'wkwebview', post: (message) => wk.postMessage(message) };
    const android = w[ANDROID_BRIDGE_OBJECT];
    if (hasPost(android)) return { kind: 'android', post: (message) => android.postMessage(JSON.stringify(message)) };
    const flutter = w.flutter_inappwebview;
    if (flutter && typeof flutter.callHandler === 'function') return flutterHost(view, flutter);
  } catch {
    /* a host object that cannot be read is none */
  }
  return null;
}

/**
 * Flutter's handler exists only once its platform is ready (`flutterInAppWebViewPlatformReady`,
 * or `_platformReady` when the page came later): messages wait for it, in order.
 */
function flutterHost(view: Window, flutter: NonNullable<BridgeWindow['flutter_inappwebview']>): NativeHost {
  let ready = flutter._platformReady === true;
  const waiting: BridgeMessage[] = [];
  const send = (message: BridgeMessage) => void flutter.callHandler(BRIDGE_HANDLER, message);
  if (!ready)
    view.addEventListener(
      'flutterInAppWebViewPlatformReady',
      () => {
        ready = true;
        waiting.splice(0).forEach(send);
      },
      { once: true },
    );
  return { kind: 'flutter', post: (message) => (ready ? send(message) : void waiting.push(message)) };
}

/** Posts `message` to `host`; a host that throws (the app went away) loses that message only. */
export function postToHost(host: NativeHost | null, message: BridgeMessage): void {
  try {
    host?.post(message);
  } catch {
    /* the app's side is gone: nothing to tell */
  }
}
