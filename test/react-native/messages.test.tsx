/**
 * `OnrampCheckoutWebView` (the built dist/react-native.js) hears the bridge's messages as an app
 * would: each type reaches its typed callback and `onMessage`, and only a contract message, from the
 * checkout's origin, while the WebView shows a page of that origin, is heard.
 */
import { fireEvent, render } from '@testing-library/react-native';
import { OnrampCheckoutWebView, type OnrampCheckoutWebViewProps } from 'onramp-checkout/react-native';
import { CHECKOUT, PAY, message, navigate, post, webView } from './webview-events';

const callbacks = () => ({
  onReady: jest.fn(),
  onStatusChange: jest.fn(),
  onCompleted: jest.fn(),
  onFailed: jest.fn(),
  onExpired: jest.fn(),
  onError: jest.fn(),
  onClose: jest.fn(),
  onMessage: jest.fn(),
  onOpenUrl: jest.fn(),
});

const show = (props: Partial<OnrampCheckoutWebViewProps> = {}) => {
  const spies = callbacks();
  render(<OnrampCheckoutWebView url={PAY} {...spies} {...props} />);
  return spies;
};

const called = (spies: ReturnType<typeof callbacks>) =>
  Object.entries(spies)
    .filter(([, spy]) => spy.mock.calls.length > 0)
    .map(([name]) => name);

test('each message reaches its own callback, then onMessage', () => {
  const spies = show();
  const cases: [keyof ReturnType<typeof callbacks>, string, object][] = [
    ['onReady', 'ready', { sessionId: 'cs_1', status: 'pending' }],
    ['onStatusChange', 'status-change', { sessionId: 'cs_1', status: 'processing', previousStatus: 'pending' }],
    ['onCompleted', 'completed', { sessionId: 'cs_1', txHash: '0xabc' }],
    ['onFailed', 'failed', { sessionId: 'cs_1' }],
    ['onExpired', 'expired', { sessionId: 'cs_1' }],
    [
      'onError',
      'error',
      { code: 'SESSION_NOT_FOUND', message: 'No such session', cause: 'c', fix: 'f', recoverable: false },
    ],
    ['onClose', 'close', { sessionId: 'cs_1' }],
  ];
  for (const [callback, type, fields] of cases) {
    post(message(type, fields));
    const expected = { source: 'onramp-checkout', version: 1, type, ...fields };
    expect(spies[callback]).toHaveBeenCalledTimes(1);
    expect(spies[callback]).toHaveBeenLastCalledWith(expected);
    expect(spies.onMessage).toHaveBeenLastCalledWith(expected);
  }
  expect(spies.onMessage).toHaveBeenCalledTimes(cases.length);
  expect(spies.onCompleted.mock.calls[0]?.[0]).toMatchObject({ sessionId: 'cs_1', txHash: '0xabc' });
});

test('a type without a callback of its own reaches onMessage only', () => {
  const spies = show();
  post(message('warning', { code: 'LOCALE_FALLBACK', cause: 'c', fix: 'f' }));
  post(message('price-change', { previous: '0.01', current: '0.011', accepted: false }));
  expect(called(spies)).toEqual(['onMessage']);
  expect(spies.onMessage).toHaveBeenCalledTimes(2);
});

test('invalid and foreign messages are ignored', () => {
  const spies = show();
  const ready = { source: 'onramp-checkout', version: 1, type: 'ready', sessionId: 'cs_1', status: 'pending' };
  for (const data of [
    '',
    'not json',
    'null',
    '"ready"',
    JSON.stringify({ type: 'ready', sessionId: 'cs_1', status: 'pending' }),
    JSON.stringify({ ...ready, source: 'another-sdk' }),
    JSON.stringify({ ...ready, version: 2 }),
    JSON.stringify({ ...ready, type: 'paid' }),
    JSON.stringify({ ...ready, status: 'paid' }),
    JSON.stringify({ ...ready, clientSecret: 'cs_1_secret_abc' }),
    JSON.stringify({ ...ready, sessionId: '' }),
    message('open-url', { url: 'javascript:alert(1)', reason: 'checkout' }),
    message('completed', { sessionId: 'cs_1' }),
  ])
    post(data);
  expect(called(spies)).toEqual([]);
  post(JSON.stringify(ready));
  expect(called(spies)).toEqual(['onReady', 'onMessage']);
});

test("a message from another origin's frame is ignored", () => {
  const spies = show();
  // Android names the posting frame's origin; every frame may post there.
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), 'https://evil.example');
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), 'https://checkout.example.evil.example/');
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), 'https://checkout.example@evil.example/');
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), 'http://checkout.example/');
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), null);
  expect(called(spies)).toEqual([]);
  post(message('completed', { sessionId: 'cs_1', txHash: '0xabc' }), CHECKOUT);
  expect(called(spies)).toEqual(['onCompleted', 'onMessage']);
});

test('a message while the WebView shows another page is ignored, and heard again back on the checkout', () => {
  const spies = show();
  navigate('https://shop.example/order/1');
  post(message('completed', { sessionId: 'cs_1', txHash: null }));
  expect(called(spies)).toEqual([]);
  navigate(`${CHECKOUT}/pay/cs_1/done`);
  post(message('completed', { sessionId: 'cs_1', txHash: null }));
  expect(spies.onCompleted).toHaveBeenCalledTimes(1);
});

test("checkoutOrigin: the app's own page loads first, its messages unheard; the checkout's are heard", () => {
  const spies = show({ url: 'https://shop.example/pay/1', checkoutOrigin: CHECKOUT });
  expect(webView().props.source).toEqual({ uri: 'https://shop.example/pay/1' });
  post(message('ready', { sessionId: 'cs_1', status: 'pending' }), 'https://shop.example/pay/1');
  post(message('ready', { sessionId: 'cs_1', status: 'pending' }));
  expect(called(spies)).toEqual([]);
  navigate(PAY);
  post(message('ready', { sessionId: 'cs_1', status: 'pending' }));
  expect(called(spies)).toEqual(['onReady', 'onMessage']);
});

test('a new url is heard from its own origin only, and callbacks given later are the ones called', () => {
  const first = jest.fn();
  const later = jest.fn();
  const view = render(<OnrampCheckoutWebView url={PAY} onReady={first} />);
  view.rerender(<OnrampCheckoutWebView url="https://other-checkout.example/pay/cs_2" onReady={later} />);
  post(message('ready', { sessionId: 'cs_1', status: 'pending' }));
  expect(later).not.toHaveBeenCalled();
  post(message('ready', { sessionId: 'cs_2', status: 'pending' }), 'https://other-checkout.example/pay/cs_2');
  expect(first).not.toHaveBeenCalled();
  expect(later).toHaveBeenCalledTimes(1);
});

test('a checkoutOrigin that is not an origin, or a url that is not a web page without one, throws', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<OnrampCheckoutWebView url={PAY} checkoutOrigin="checkout.example" />)).toThrow(TypeError);
  expect(() => render(<OnrampCheckoutWebView url="myapp://pay" />)).toThrow(/checkoutOrigin/);
});

test("the app's own onNavigationStateChange still hears every navigation", () => {
  const onNavigationStateChange = jest.fn();
  render(<OnrampCheckoutWebView url={PAY} webViewProps={{ onNavigationStateChange }} />);
  navigate(`${CHECKOUT}/pay/cs_1/done`);
  expect(onNavigationStateChange).toHaveBeenCalledWith(expect.objectContaining({ url: `${CHECKOUT}/pay/cs_1/done` }));
  fireEvent(webView(), 'navigationStateChange', { url: PAY, loading: true });
  expect(onNavigationStateChange).toHaveBeenCalledTimes(2);
});
