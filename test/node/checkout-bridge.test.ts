/**
 * The hosted checkout's script and a native app's bridge (demo/hosted-checkout/browser/native-bridge.ts),
 * load by load in a stand-in page: the page is server-rendered and reloads when the status moves,
 * so what the app was told is carried across loads in `sessionStorage`. `ready` once, a
 * status change once (by the poll that saw it, or by the page a payment's answer led to), the
 * outcome once per session, nothing from a frame, nothing touched without a bridge; where storage is
 * blocked, the outcome repeats rather than being lost. The end-to-end runs in real browsers, with
 * every bridge shape, are test/e2e/hosted-checkout-bridge.e2e.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import type { BridgeMessage } from '../../src/contract/bridge-protocol.js';
import { readBridgeMessage } from '../../src/contract/read/bridge-message.js';
import { checkoutScript } from '../../demo/hosted-checkout/script.js';

const SESSION_ID = 'ors_abcdefghijklmnop1234';
const TOKEN = 'tok_abcdefghijklmnop';
const TX_HASH = `0x${'ab'.repeat(32)}`;

/** A tab's session storage (a Map), or one that refuses every call (a WebView without DOM storage). */
function storage(blocked = false) {
  const items = new Map<string, string>();
  const refuse = () => {
    throw new Error('SecurityError: storage is disabled');
  };
  return {
    items,
    api: blocked
      ? { getItem: refuse, setItem: refuse }
      : {
          getItem: (key: string) => items.get(key) ?? null,
          setItem: (key: string, value: string) => void items.set(key, value),
        },
  };
}

interface Load {
  /** What the app received on this load (react-native-webview: JSON strings), read back. */
  posted: unknown[];
  /** Runs the status poll once with `status` as the answer; resolves once the page asked to reload. */
  poll(status: string): Promise<void>;
}

/** One load of the checkout page showing `status`, in a tab whose storage is `store`. */
function load(
  store: ReturnType<typeof storage>['api'],
  status: string,
  { framed = false, bridge = true, txHash }: { framed?: boolean; bridge?: boolean; txHash?: string } = {},
): Load {
  const posted: unknown[] = [];
  let poll: (() => void) | undefined;
  let reloaded: () => void = () => undefined;
  const attributes: Record<string, string> = {
    'data-session-id': SESSION_ID,
    'data-status': status,
    'data-status-url': `/pay/${SESSION_ID}/status?t=${TOKEN}`,
    'data-surface': framed ? 'frame' : 'window',
    ...(txHash ? { 'data-tx-hash': txHash } : {}),
  };
  const body = {
    getAttribute: (name: string) => attributes[name] ?? null,
    getBoundingClientRect: () => ({ height: 300 }),
  };
  const window: Record<string, unknown> = {
    opener: null,
    sessionStorage: store,
    setInterval: (run: () => void) => {
      poll = run;
      return 1;
    },
    clearInterval: () => undefined,
    setTimeout: () => 1,
    location: { reload: () => reloaded() },
    ...(bridge ? { ReactNativeWebView: { postMessage: (text: string) => posted.push(JSON.parse(text)) } } : {}),
  };
  const parent = framed ? { postMessage: () => undefined } : window;
  Object.assign(window, { parent, top: parent });
  const document = {
    body,
    hidden: false,
    getElementById: () => null,
    querySelector: () => null,
    querySelectorAll: () => [],
    addEventListener: () => undefined,
  };
  let answer = status;
  const fetch = () => Promise.resolve({ ok: true, json: () => Promise.resolve({ status: answer }) });
  runInNewContext(checkoutScript(), { window, document, fetch });
  return {
    posted,
    poll(next) {
      answer = next;
      return new Promise<void>((resolve) => {
        reloaded = resolve;
        assert.ok(poll, 'the page polls its status');
        poll();
      });
    },
  };
}

const ready = (status: string) => ({
  source: 'onramp-checkout',
  version: 1,
  type: 'ready',
  sessionId: SESSION_ID,
  status,
});
const change = (previousStatus: string, status: string) => ({
  source: 'onramp-checkout',
  version: 1,
  type: 'status-change',
  sessionId: SESSION_ID,
  status,
  previousStatus,
});
const outcome = (type: 'completed' | 'failed' | 'expired') => ({
  source: 'onramp-checkout',
  version: 1,
  type,
  sessionId: SESSION_ID,
  ...(type === 'completed' ? { txHash: TX_HASH } : {}),
});

/** Every message is one of the contract's, read back as it was posted, with no token in it. */
function assertContract(messages: unknown[]): void {
  for (const message of messages) {
    assert.deepEqual(readBridgeMessage(JSON.stringify(message)), message as BridgeMessage);
    assert.ok(!JSON.stringify(message).includes(TOKEN), 'no checkout token');
  }
}

describe('the hosted checkout and a native bridge, load by load', () => {
  it('4242: ready once, each status change once, completed once (nothing again on a reload)', async () => {
    const tab = storage();
    const pending = load(tab.api, 'pending');
    assert.deepEqual(pending.posted, [ready('pending')]);
    assert.deepEqual(load(tab.api, 'pending').posted, [], 'a plain reload: nothing new');
    // The card form's answer is the next page: the change is posted there.
    const processing = load(tab.api, 'processing');
    assert.deepEqual(processing.posted, [change('pending', 'processing')]);
    // The poll sees the delivery and posts the change before it reloads the page.
    await processing.poll('completed');
    assert.deepEqual(processing.posted.slice(1), [change('processing', 'completed')]);
    const completed = load(tab.api, 'completed', { txHash: TX_HASH });
    assert.deepEqual(completed.posted, [outcome('completed')]);
    assert.deepEqual(load(tab.api, 'completed', { txHash: TX_HASH }).posted, []);
    assertContract([...pending.posted, ...processing.posted, ...completed.posted]);
  });

  it('a declined card: the change to failed and failed, once', () => {
    const tab = storage();
    load(tab.api, 'pending');
    const failed = load(tab.api, 'failed');
    assert.deepEqual(failed.posted, [change('pending', 'failed'), outcome('failed')]);
    assert.deepEqual(load(tab.api, 'failed').posted, []);
    assertContract(failed.posted);
  });

  it('an expired session opened in a new tab: ready and expired, with no change (nothing was told before)', () => {
    const expired = load(storage().api, 'expired');
    assert.deepEqual(expired.posted, [ready('expired'), outcome('expired')]);
    assertContract(expired.posted);
  });

  it('storage blocked: the poll still posts the change it sees, and ready and the outcome repeat on each load rather than being lost', async () => {
    const tab = storage(true);
    const processing = load(tab.api, 'processing');
    assert.deepEqual(processing.posted, [ready('processing')]);
    await processing.poll('completed');
    assert.deepEqual(processing.posted.slice(1), [change('processing', 'completed')]);
    for (let i = 0; i < 2; i += 1) {
      assert.deepEqual(load(tab.api, 'completed', { txHash: TX_HASH }).posted, [
        ready('completed'),
        outcome('completed'),
      ]);
    }
  });

  it('in a frame: nothing posted, nothing stored', async () => {
    const tab = storage();
    const framed = load(tab.api, 'processing', { framed: true });
    await framed.poll('completed');
    assert.deepEqual(framed.posted, []);
    assert.equal(tab.items.size, 0);
  });

  it('without a bridge: nothing stored (the page as it always was)', async () => {
    const tab = storage();
    await load(tab.api, 'processing', { bridge: false }).poll('completed');
    load(tab.api, 'completed', { bridge: false, txHash: TX_HASH });
    assert.equal(tab.items.size, 0);
  });
});
