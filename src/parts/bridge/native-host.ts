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
import { ANDROID_BRIDGE_OBJECT, BRIDGE_HANDLER, type BridgeMessage } from '../../contract/bridge-protocol.js';

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

const bridgeWindow = (view: Window) => view as unknown as BridgeWindow;

/**
 * Which host `view` (the page's window) runs in, or `null`: no bridge, or not the top frame. A host
 * object that throws when read (a hostile or broken page) is no host. Cheap: the widget's `later`
 * part asks this, and loads the `bridge` part only for a host.
 */
export function nativeHostKind(view: Window = window): NativeHostKind | null {
  try {
    if (view.top !== view) return null;
    const w = bridgeWindow(view);
    if (hasPost(w.ReactNativeWebView)) return 'react-native';
    if (hasPost(w.webkit?.messageHandlers?.[BRIDGE_HANDLER])) return 'wkwebview';
    if (hasPost(w[ANDROID_BRIDGE_OBJECT])) return 'android';
    if (typeof w.flutter_inappwebview?.callHandler === 'function') return 'flutter';
  } catch {
    /* a host object that cannot be read is none */
  }
  return null;
}

/** The host of `kind` in `view`, to post to (`nativeHostKind` found it). */
export function connectNativeHost(view: Window, kind: NativeHostKind): NativeHost {
  const w = bridgeWindow(view);
  const json = (channel: StringChannel | undefined) => (message: BridgeMessage) =>
    channel?.postMessage(JSON.stringify(message));
  if (kind === 'react-native') return { kind, post: json(w.ReactNativeWebView) };
  if (kind === 'android') return { kind, post: json(w[ANDROID_BRIDGE_OBJECT]) };
  if (kind === 'wkwebview')
    return { kind, post: (message) => w.webkit?.messageHandlers?.[BRIDGE_HANDLER]?.postMessage(message) };
  return flutterHost(view, w.flutter_inappwebview);
}

/** The host `view` runs in, connected, or `null` (`nativeHostKind`). */
export function nativeHost(view: Window = window): NativeHost | null {
  const kind = nativeHostKind(view);
  return kind && connectNativeHost(view, kind);
}

/**
 * Flutter's handler exists only once its platform is ready (`flutterInAppWebViewPlatformReady`,
 * or `_platformReady` when the page came later): messages wait for it, in order.
 */
function flutterHost(view: Window, flutter: BridgeWindow['flutter_inappwebview']): NativeHost {
  let ready = flutter?._platformReady === true;
  const waiting: BridgeMessage[] = [];
  const send = (message: BridgeMessage) => void flutter?.callHandler(BRIDGE_HANDLER, message);
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
