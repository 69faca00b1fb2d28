/**
 * `OnrampCheckoutWebView` (the built dist/react-native.js) keeps the WebView on the checkout's
 * origin and hands everything else to the app: open-url messages, other origins' pages, app schemes
 * and new windows go to `onOpenUrl`, or to `Linking.openURL` by default; and it sets what the
 * checkout needs on react-native-webview.
 */
import { render } from '@testing-library/react-native';
import { Linking } from 'react-native';
import { OnrampCheckoutWebView, type OnrampWebViewProps } from 'onramp-checkout/react-native';
import { CHECKOUT, PAY, mayLoad, message, openWindow, post, webView } from './webview-events';

let openURL: jest.SpyInstance;
beforeEach(() => {
  openURL = jest.spyOn(Linking, 'openURL').mockResolvedValue(true);
});
afterEach(() => jest.restoreAllMocks());

const IN_APP_BROWSER = `${CHECKOUT}/pay/cs_1?t=tok_secret_in_url&popup=1`;

test('open-url goes to onOpenUrl with its reason, and nowhere else', () => {
  const onOpenUrl = jest.fn();
  const onMessage = jest.fn();
  render(<OnrampCheckoutWebView url={PAY} onOpenUrl={onOpenUrl} onMessage={onMessage} />);
  post(message('open-url', { url: IN_APP_BROWSER, reason: 'checkout' }));
  post(message('open-url', { url: 'https://bank.example/help', reason: 'link' }));
  expect(onOpenUrl.mock.calls).toEqual([
    [IN_APP_BROWSER, 'checkout'],
    ['https://bank.example/help', 'link'],
  ]);
  expect(onMessage).toHaveBeenCalledTimes(2);
  expect(openURL).not.toHaveBeenCalled();
});

test('open-url goes to Linking.openURL by default, and when onOpenUrl returns false', () => {
  const view = render(<OnrampCheckoutWebView url={PAY} />);
  post(message('open-url', { url: IN_APP_BROWSER, reason: 'checkout' }));
  expect(openURL).toHaveBeenLastCalledWith(IN_APP_BROWSER);
  const onOpenUrl = jest.fn((_url: string, reason: string) => (reason === 'link' ? false : undefined));
  view.rerender(<OnrampCheckoutWebView url={PAY} onOpenUrl={onOpenUrl} />);
  post(message('open-url', { url: 'https://bank.example/help', reason: 'link' }));
  post(message('open-url', { url: IN_APP_BROWSER, reason: 'checkout' }));
  expect(onOpenUrl).toHaveBeenCalledTimes(2);
  expect(openURL.mock.calls).toEqual([[IN_APP_BROWSER], ['https://bank.example/help']]);
});

test('the main frame stays on the checkout origin; other pages and app schemes are opened outside', () => {
  render(<OnrampCheckoutWebView url={PAY} />);
  expect(mayLoad(PAY, true)).toBe(true);
  expect(mayLoad(`${CHECKOUT}/pay/cs_1/done`)).toBe(true);
  expect(mayLoad('about:blank', true)).toBe(true);
  expect(openURL).not.toHaveBeenCalled();
  const outside = [
    'https://shop.example/order/1?onramp_session_id=cs_1&onramp_status=completed',
    'http://checkout.example/pay/cs_1',
    'https://checkout.example.evil.example/',
    'myapp://onramp/done?onramp_session_id=cs_1&onramp_status=completed',
  ];
  for (const url of outside) expect(mayLoad(url, true)).toBe(false);
  expect(openURL.mock.calls).toEqual(outside.map((url) => [url]));
});

test('what no app should open from a page is refused and opened nowhere', () => {
  render(<OnrampCheckoutWebView url={PAY} />);
  for (const url of ['javascript:alert(1)', 'data:text/html,<p>x', 'file:///etc/hosts', 'intent://x#Intent;end'])
    expect(mayLoad(url)).toBe(false);
  expect(openURL).not.toHaveBeenCalled();
});

test("frames load the web's pages in place (a card challenge), never an app", () => {
  const onOpenUrl = jest.fn();
  render(<OnrampCheckoutWebView url={PAY} onOpenUrl={onOpenUrl} />);
  expect(mayLoad('https://3ds.bank.example/challenge', false)).toBe(true);
  expect(mayLoad('about:srcdoc', false)).toBe(true);
  expect(mayLoad('myapp://onramp/done', false)).toBe(false);
  expect(onOpenUrl).not.toHaveBeenCalled();
  expect(openURL).not.toHaveBeenCalled();
});

test("leaving the checkout goes to onOpenUrl as 'navigation'", () => {
  const onOpenUrl = jest.fn();
  render(<OnrampCheckoutWebView url={PAY} onOpenUrl={onOpenUrl} />);
  expect(mayLoad('myapp://onramp/done?onramp_status=completed', true)).toBe(false);
  expect(onOpenUrl).toHaveBeenCalledWith('myapp://onramp/done?onramp_status=completed', 'navigation');
  expect(openURL).not.toHaveBeenCalled();
});

test('new windows are opened outside, none lost and none loaded in place', () => {
  const onOpenUrl = jest.fn();
  const view = render(<OnrampCheckoutWebView url={PAY} onOpenUrl={onOpenUrl} />);
  openWindow('https://bank.example/terms');
  expect(onOpenUrl).toHaveBeenCalledWith('https://bank.example/terms', 'window');
  view.rerender(<OnrampCheckoutWebView url={PAY} />);
  openWindow(IN_APP_BROWSER);
  openWindow('javascript:alert(1)');
  expect(openURL.mock.calls).toEqual([[IN_APP_BROWSER]]);
  // Android sends new windows to onOpenWindow only while multiple windows are supported.
  expect(webView().props.setSupportMultipleWindows).toBe(true);
});

test('a URL no app opens is reported without the URL (it may hold the checkout token)', async () => {
  openURL.mockRejectedValue(new Error(`Unable to open URL: ${IN_APP_BROWSER}`));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  render(<OnrampCheckoutWebView url={PAY} />);
  post(message('open-url', { url: IN_APP_BROWSER, reason: 'checkout' }));
  await new Promise((resolve) => setTimeout(() => resolve(null), 0));
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0])).not.toContain('tok_secret_in_url');
});

test('the WebView gets what the checkout needs, whatever webViewProps says', () => {
  const owned = {
    javaScriptEnabled: false,
    domStorageEnabled: false,
    setSupportMultipleWindows: false,
    originWhitelist: ['https://*'],
    source: { uri: 'https://evil.example/' },
  } as OnrampWebViewProps;
  render(<OnrampCheckoutWebView url={PAY} style={{ flex: 1 }} webViewProps={{ bounces: false, ...owned }} />);
  expect(webView().props).toMatchObject({
    source: { uri: PAY },
    style: { flex: 1 },
    bounces: false,
    javaScriptEnabled: true,
    domStorageEnabled: true,
    thirdPartyCookiesEnabled: true,
    setSupportMultipleWindows: true,
    // Every load reaches onShouldStartLoadWithRequest: react-native-webview's own list would send
    // other origins' frames to Linking itself, past onOpenUrl.
    originWhitelist: ['*'],
    mediaCapturePermissionGrantType: 'grantIfSameHostElsePrompt',
    allowsInlineMediaPlayback: true,
  });
});
