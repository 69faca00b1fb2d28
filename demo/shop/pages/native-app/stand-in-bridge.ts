/**
 * The stand-in for a native app's bridge on `/demo/native-app`: react-native-webview's
 * `window.ReactNativeWebView.postMessage(string)`, defined when this module runs, which is before
 * the widget's module (main.ts imports this one first): the widget's `later` part then finds a
 * bridge, as it would in the app's WebView, and posts every event to it. What arrives is kept and
 * handed to whoever listens (the page's list), in order, also what came before it listened.
 */

/** One message as the app's `onMessage` gets it: `event.nativeEvent.data`, a JSON string. */
export type Listener = (data: string) => void;

const received: string[] = [];
const listeners = new Set<Listener>();

(window as unknown as { ReactNativeWebView: { postMessage(data: string): void } }).ReactNativeWebView = {
  postMessage(data: string) {
    received.push(data);
    for (const listener of listeners) listener(data);
  },
};

/** Hands `listener` every message received so far, then each one as it comes. */
export function onBridgeMessage(listener: Listener): void {
  received.forEach((data) => listener(data));
  listeners.add(listener);
}
