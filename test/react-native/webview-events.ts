/**
 * The native side of react-native-webview, as the tests play it on the mocked WebView
 * (webview-mock.ts): its message, navigation, load request and new window events.
 */
import { fireEvent, screen } from '@testing-library/react-native';
import type { ReactTestInstance } from 'react-test-renderer';
import type { WebViewProps } from 'react-native-webview';

export const CHECKOUT = 'https://checkout.example';
export const PAY = `${CHECKOUT}/pay/cs_1?t=tok_secret_in_url`;

/** The WebView host element; its props are the ones the component gave react-native-webview. */
export const webView = (): ReactTestInstance & { props: WebViewProps } => screen.getByTestId('webview');

const base = { loading: false, title: '', canGoBack: false, canGoForward: false, lockIdentifier: 0 };

/** A message of the contract, as the page posts it (a JSON string). */
export const message = (type: string, fields: object): string =>
  JSON.stringify({ source: 'onramp-checkout', version: 1, type, ...fields });

/**
 * `window.ReactNativeWebView.postMessage(data)` from a frame at `url` (iOS: its URL; Android: its
 * origin); `null`: an event that names none.
 */
export function post(data: string, url: string | null = PAY): void {
  fireEvent(webView(), 'message', { nativeEvent: { ...base, data, ...(url === null ? {} : { url }) } });
}

/** The main frame now shows `url` (react-native-webview calls onNavigationStateChange with the native event). */
export function navigate(url: string): void {
  fireEvent(webView(), 'navigationStateChange', { ...base, url, navigationType: 'other' });
}

/**
 * Asks whether a load may start, as the native side does before each one: `true` lets it load.
 * `isTopFrame` is left out as Android leaves it out.
 */
export function mayLoad(url: string, isTopFrame?: boolean): boolean {
  const ask = webView().props.onShouldStartLoadWithRequest;
  if (!ask) throw new Error('the component gave no onShouldStartLoadWithRequest');
  const request = { ...base, url, navigationType: 'click' as const, isTopFrame };
  return ask(request as Parameters<typeof ask>[0]);
}

/** The page opens a window (`window.open(url)`, a `target="_blank"` link). */
export function openWindow(targetUrl: string): void {
  fireEvent(webView(), 'openWindow', { nativeEvent: { targetUrl } });
}
