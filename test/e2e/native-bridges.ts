/**
 * A native app's bridge, stood in for in a browser (docs/mobile.md, TOOLCHAIN.md): each host's shape
 * defined as the app would inject it, before the page's own scripts, in the top frame only (or in
 * every frame, to show that a frame posts nothing), and every message it receives recorded across
 * the page's navigations through a binding. Each message is checked against the shipped JSON Schema
 * and for secrets as it arrives. Not a test file: Playwright collects `*.e2e.ts` only.
 */
import type { BrowserContext } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { bridgeSchemaDocument } from '../../scripts/build/bridge-schema-document.js';
import type { BridgeMessage } from '../../src/contract/bridge-protocol.js';
import type { NativeHostKind } from '../../src/bridge/native-host.js';

export const NATIVE_HOSTS: readonly NativeHostKind[] = ['react-native', 'wkwebview', 'android', 'flutter'];

const validate = new Ajv2020({ strict: true }).compile(bridgeSchemaDocument());

/** One message as the app received it: the frame it came from, and its JSON as posted. */
export interface Received {
  topFrame: boolean;
  raw: string;
  message: BridgeMessage;
}

/**
 * The page script that defines `kind`'s host object, posting to the binding `__bridge(raw, top)`:
 * a JSON string where the host takes one (react-native-webview, Android), else the object (WKWebView,
 * Flutter). Flutter's platform says it is ready 300 ms after load, as the plugin does once it is.
 */
function hostScript(kind: NativeHostKind, everyFrame: boolean): string {
  const define = {
    'react-native': `window.ReactNativeWebView = { postMessage: (s) => send(s) };`,
    wkwebview: `window.webkit = { messageHandlers: { onramp: { postMessage: (o) => send(JSON.stringify(o)) } } };`,
    android: `window.OnrampBridge = { postMessage: (s) => send(s) };`,
    flutter: `window.flutter_inappwebview = { callHandler: (name, o) => name === 'onramp' && send(JSON.stringify(o)) };
      addEventListener('load', () => setTimeout(() => dispatchEvent(new Event('flutterInAppWebViewPlatformReady')), 300));`,
  }[kind];
  return `(() => {
    if (${everyFrame ? 'false' : 'window !== window.top'}) return;
    const send = (raw) => { if (typeof raw !== 'string') throw new TypeError('not JSON'); window.__bridge(raw, window === window.top); };
    ${define}
  })();`;
}

/** What a test reads of the app's side. */
export interface BridgeRecorder {
  /** Every message received so far, in order. */
  received: Received[];
  /** The types received so far. */
  types(): string[];
  /** What failed the schema or carried a secret (should stay empty). */
  problems: string[];
}

export interface BridgeOptions {
  /** Define the host in frames too (a WebView that injects into every frame). */
  everyFrame?: boolean;
  /** Strings no message may hold: the client secret, card numbers. */
  secrets?: string[];
  /** The checkout's token, which only an `open-url`'s `url` may hold. */
  token?: string;
}

/** Injects `kind`'s host into every page of `context` (top frames only unless `everyFrame`). */
export async function injectBridge(
  context: BrowserContext,
  kind: NativeHostKind,
  { everyFrame = false, secrets = [], token }: BridgeOptions = {},
): Promise<BridgeRecorder> {
  const recorder: BridgeRecorder = {
    received: [],
    types: () => recorder.received.map(({ message }) => message.type),
    problems: [],
  };
  await context.exposeBinding('__bridge', (_source, raw: string, topFrame: boolean) => {
    const message = JSON.parse(raw) as BridgeMessage;
    if (!validate(message)) recorder.problems.push(`${raw}: ${JSON.stringify(validate.errors)}`);
    for (const secret of secrets) if (raw.includes(secret)) recorder.problems.push(`${raw} holds ${secret}`);
    const outside = message.type === 'open-url' ? raw.replace(message.url, '') : raw;
    if (token && outside.includes(token)) recorder.problems.push(`${raw} holds the checkout's token`);
    recorder.received.push({ topFrame, raw, message });
  });
  await context.addInitScript(hostScript(kind, everyFrame));
  return recorder;
}

/** The message of `type` received first (the test waited for it). */
export function first<T extends BridgeMessage['type']>(
  recorder: BridgeRecorder,
  type: T,
): Extract<BridgeMessage, { type: T }> | undefined {
  return recorder.received.find(({ message }) => message.type === type)?.message as
    Extract<BridgeMessage, { type: T }> | undefined;
}
