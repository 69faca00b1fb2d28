/**
 * The widget in a native app's WebView (docs/mobile.md): with a bridge on the page, the app hears
 * every event as one of the contract's messages, none with a secret; Pay never leaves the page.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import '../../define.js';
import {
  CHECKOUT,
  SECRET,
  SESSION_ID,
  TX_HASH,
  clickPay,
  flush,
  mount,
  navigateStub,
  part,
  useWidgetHarness,
} from '../../components/onramp-checkout/onramp-checkout.test-helpers.js';
import { readBridgeMessage } from '../../contract/read/bridge-message.js';
import type { BridgeMessage } from '../../contract/bridge-protocol.js';
import { nativeHost, nativeHostKind } from './native-host.js';

// The part the later part loads for a bridge, here before any test (as the later part is).
await import('./bridge-part.js');

interface Posted {
  raw: unknown;
  message: BridgeMessage | null;
}

/** Each host's shape, as the native side injects it; what it receives, read with the contract's reader. */
const HOSTS = {
  'react-native': (posted: Posted[]) => {
    Object.assign(window, {
      ReactNativeWebView: { postMessage: (raw: string) => posted.push({ raw, message: readBridgeMessage(raw) }) },
    });
    return () => delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  },
  wkwebview: (posted: Posted[]) => {
    const handler = { postMessage: (raw: unknown) => posted.push({ raw, message: readBridgeMessage(raw) }) };
    Object.assign(window, { webkit: { messageHandlers: { onramp: handler } } });
    return () => delete (window as { webkit?: unknown }).webkit;
  },
  android: (posted: Posted[]) => {
    Object.assign(window, {
      OnrampBridge: { postMessage: (raw: string) => posted.push({ raw, message: readBridgeMessage(raw) }) },
    });
    return () => delete (window as { OnrampBridge?: unknown }).OnrampBridge;
  },
  flutter: (posted: Posted[], platformReady = true) => {
    Object.assign(window, {
      flutter_inappwebview: {
        _platformReady: platformReady,
        callHandler: (name: string, raw: unknown) =>
          posted.push({ raw, message: name === 'onramp' ? readBridgeMessage(raw) : null }),
      },
    });
    return () => delete (window as { flutter_inappwebview?: unknown }).flutter_inappwebview;
  },
} as const;

const types = (posted: Posted[]) => posted.map(({ message }) => message?.type ?? 'INVALID');

/** Waits (real time) until `test` holds, for at most a second. */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !test(); i += 1) await flush();
  expect(test(), 'waited for the bridge').to.equal(true);
}

describe('<onramp-checkout> in a native app', () => {
  const h = useWidgetHarness();
  let posted: Posted[];
  let remove: () => void;

  afterEach(() => remove());

  for (const kind of Object.keys(HOSTS) as (keyof typeof HOSTS)[]) {
    it(`${kind}: ready and the first status change reach the app, valid, without a secret`, async () => {
      posted = [];
      remove = HOSTS[kind](posted);
      h.fakeTime();
      await mount();
      await until(() => types(posted).includes('ready'));
      // The element's own order; every message one of the contract's.
      expect(types(posted)).to.deep.equal(['ready', 'status-change']);
      const ready = posted[0]?.message;
      expect(ready).to.include({ source: 'onramp-checkout', version: 1, type: 'ready', sessionId: SESSION_ID });
      for (const { raw } of posted) {
        const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
        expect(text).not.to.contain(SECRET);
        expect(text).not.to.contain('tok_');
        expect(text).not.to.contain('redirectUrl');
      }
    });
  }

  it('completed carries the session id and the transaction hash', async () => {
    posted = [];
    remove = HOSTS['react-native'](posted);
    h.api.status = 'completed';
    h.fakeTime();
    await mount();
    await until(() => types(posted).includes('completed'));
    const completed = posted.find(({ message }) => message?.type === 'completed')?.message;
    expect(completed).to.include({ type: 'completed', sessionId: SESSION_ID, txHash: TX_HASH });
  });

  it('Flutter: the messages wait for the platform, then arrive in order', async () => {
    posted = [];
    remove = HOSTS.flutter(posted, false);
    h.fakeTime();
    await mount();
    await flush();
    await flush();
    expect(posted).to.deep.equal([]);
    window.dispatchEvent(new Event('flutterInAppWebViewPlatformReady'));
    await until(() => posted.length >= 2);
    expect(types(posted)).to.deep.equal(['ready', 'status-change']);
  });

  it('redirect mode with a bridge: Pay opens the frame, never navigates or opens a window', async () => {
    posted = [];
    remove = HOSTS['react-native'](posted);
    const navigate = navigateStub();
    const open = sinon.stub(window, 'open');
    h.fakeTime();
    const el = await mount({ mode: 'redirect' });
    await until(() => types(posted).includes('ready'));
    await clickPay(el);
    expect(part(el, 'checkout-frame')).to.exist;
    expect(navigate.callCount).to.equal(0);
    expect(open.callCount).to.equal(0);
  });

  it('a frame that never says ready: the fallback is cancelled, and the app is asked to open the checkout', async () => {
    posted = [];
    remove = HOSTS['react-native'](posted);
    h.fakeTime();
    const navigate = navigateStub();
    const open = sinon.stub(window, 'open');
    const el = await mount({ mode: 'popup' });
    await until(() => types(posted).includes('ready'));
    await clickPay(el);
    await h.advance(5_000, el);
    expect(h.events.of('onramp-fallback')[0]?.defaultPrevented).to.equal(true);
    expect(open.callCount).to.equal(0);
    expect(navigate.callCount).to.equal(0);
    await until(() => types(posted).includes('open-url'));
    const opened = posted.find(({ message }) => message?.type === 'open-url')?.message;
    expect(opened).to.include({ type: 'open-url', reason: 'checkout' });
    expect(opened && 'url' in opened && new URL(opened.url).origin).to.equal(CHECKOUT);
    expect(posted.find(({ message }) => message?.type === 'fallback')?.message).to.deep.include({
      reason: 'frame-timeout',
    });
    // The link the element shows then: tapped, the app opens it (the WebView does not go there).
    const link = part(el, 'fallback-link') as HTMLAnchorElement;
    expect(link).to.exist;
    const before = posted.length;
    link.click();
    expect(types(posted).slice(before)).to.deep.equal(['open-url']);
  });

  it('no bridge in a frame: a host object injected into a frame is not this page’s app', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentWindow!;
    Object.assign(inner, { ReactNativeWebView: { postMessage: () => {} } });
    expect(nativeHostKind(inner)).to.equal(null);
    expect(nativeHost(inner)).to.equal(null);
    frame.remove();
    expect(nativeHostKind(window)).to.equal(null);
  });
});
