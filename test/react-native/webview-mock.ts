/**
 * react-native-webview's `WebView` as a host element (`RNCWebView`, test ID `webview` unless the
 * props give one): the tests read the props the component gives it and fire its events
 * (`onMessage`, `onNavigationStateChange`, `onOpenWindow`) or call its `onShouldStartLoadWithRequest`
 * as the native side would. No native module runs in Jest.
 */
jest.mock('react-native-webview', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  function WebView(props: object) {
    return createElement('RNCWebView', { testID: 'webview', ...props });
  }
  return { __esModule: true, WebView, default: WebView };
});
