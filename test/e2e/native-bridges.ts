/**
 * A native app's bridge, stood in for in a browser (docs/mobile.md; CONTRIBUTING.md, React Native): each host's
 * shape defined as the app would inject it, before the page's own scripts, in the top frame only
 * (or in every frame, to show that a frame posts nothing), and every message it receives recorded
 * in Node across the page's navigations through a binding: react-native-webview's
 * `window.ReactNativeWebView` and Android's `window.OnrampBridge` get a JSON string, WKWebView's
 * `window.webkit.messageHandlers.onramp` and Flutter's `window.flutter_inappwebview.callHandler('onramp', …)`
 * an object; Flutter's platform says it is ready a moment after the page's load
 * (`flutterInAppWebViewPlatformReady`), and a call before that is recorded as `early`. Each message
 * is checked as it arrives (`problems`: the shipped JSON Schema, the host's form, secrets). Not a
 * test file: Playwright collects `*.e2e.ts` only.
 *
 *   const app = await injectBridge(context, 'flutter', { secrets: [clientSecret], token });
 *   await page.goto(url);
 *   await app.waitFor('ready');
 *   app.types(); // ['ready', …]
 *   app.problems; // []
 *
 * The page code is a string (`standInBridgeScript`), so a driver without Playwright (classic
 * WebDriver: a proxy that puts it in the page, test/e2e-engines/webview-proxy.ts) injects the very
 * same shapes and checks what they receive with `bridgeMessageProblems`.
 */
import type { BrowserContext } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { bridgeSchemaDocument } from '../../scripts/build/bridge-schema-document.js';
import type { BridgeMessage } from '../../src/contract/bridge-protocol.js';
import type { NativeHostKind } from '../../src/parts/bridge/native-host.js';

/** Every host, in the order the page looks for them. */
export const NATIVE_HOSTS: readonly NativeHostKind[] = ['react-native', 'wkwebview', 'android', 'flutter'];

/** The page's function a stand-in hands each message to (a Playwright binding, or the proxy's recorder). */
export const bindingName = (kind: NativeHostKind): string => `__onrampStandIn_${kind.replace('-', '_')}`;

/** What a stand-in hands its binding. */
export interface Posted {
  /** What the host received: a string (react-native-webview, Android) or an object (WKWebView, Flutter). */
  posted: unknown;
  /** Flutter: the handler called, and whether it was called before the platform was ready. */
  handler?: string;
  early?: boolean;
}

/**
 * Page code that defines `kind`'s host object and hands what it receives to `window[binding]`, in
 * the top frame only unless `everyFrame`. Flutter's platform is ready a task after the page's
 * `load` (a `MessageChannel` task, not a timer, so a test's fake clock does not hold it back).
 */
export function standInBridgeScript(
  kind: NativeHostKind,
  { binding = bindingName(kind), everyFrame = false }: { binding?: string; everyFrame?: boolean } = {},
): string {
  const define = {
    'react-native': `window.ReactNativeWebView = { postMessage: (text) => send({ posted: text }) };`,
    wkwebview: `const webkit = window.webkit || (window.webkit = {});
    webkit.messageHandlers = Object.assign(webkit.messageHandlers || {}, {
      onramp: { postMessage: (body) => send({ posted: JSON.parse(JSON.stringify(body)) }) },
    });`,
    android: `window.OnrampBridge = { postMessage: (text) => send({ posted: text }) };`,
    flutter: `let ready = false;
    const flutter = (window.flutter_inappwebview = {
      callHandler: (handler, body) => {
        send({ posted: JSON.parse(JSON.stringify(body === undefined ? null : body)), handler, early: !ready });
        return Promise.resolve();
      },
    });
    addEventListener('load', () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        ready = true;
        flutter._platformReady = true;
        dispatchEvent(new Event('flutterInAppWebViewPlatformReady'));
      };
      channel.port2.postMessage(null);
    });`,
  }[kind];
  return `(() => {
    if (${everyFrame ? 'false' : 'window !== window.top'}) return;
    const send = (payload) => window[${JSON.stringify(binding)}](payload);
    ${define}
  })();`;
}

/** One message as the app received it. */
export interface Received extends Posted {
  kind: NativeHostKind;
  /** Posted by a page's top frame (not by a frame inside it). */
  topFrame: boolean;
  /** The address of the document that posted it. */
  url: string;
  /** Its JSON: as posted where the host takes a string, else the object's. */
  raw: string;
  /** The message, parsed (`problems` says whether the schema accepts it; `{}` when it is not JSON). */
  message: BridgeMessage;
}

/** A recorded message from what a stand-in handed its binding. */
export function receivedMessage(kind: NativeHostKind, payload: Posted, url: string, topFrame: boolean): Received {
  const raw = typeof payload.posted === 'string' ? payload.posted : JSON.stringify(payload.posted);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    /* not JSON: the schema refuses it */
  }
  return { ...payload, kind, topFrame, url, raw, message: (parsed ?? {}) as BridgeMessage };
}

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(bridgeSchemaDocument());

/** What no message may hold. */
export interface Secrets {
  /** Strings such as the client secret or a card number (digits also found without their spaces). */
  secrets?: readonly string[];
  /** The checkout's token, which only an `open-url`'s `url` may hold. */
  token?: string;
}

/**
 * What is wrong with one received message: not valid against the shipped JSON Schema (each type
 * closed to extra fields), the wrong form for its host (a string for react-native-webview and
 * Android, an object for WKWebView and Flutter; Flutter's through the `onramp` handler, once its
 * platform is ready), a client secret (`_secret_`) or one of `secrets`, or the checkout's token (or
 * any `t=` parameter) outside an `open-url`'s `url`.
 */
export function bridgeMessageProblems(
  { kind, posted, handler, early, raw, message }: Received,
  { secrets = [], token }: Secrets = {},
): string[] {
  const problems: string[] = [];
  if (!validate(message)) problems.push(`${raw}: ${JSON.stringify(validate.errors)}`);
  const stringHost = kind === 'react-native' || kind === 'android';
  if (stringHost !== (typeof posted === 'string')) problems.push(`${raw}: posted to ${kind} as a ${typeof posted}`);
  if (kind === 'flutter' && handler !== 'onramp') problems.push(`${raw}: Flutter's handler ${String(handler)}`);
  if (early) problems.push(`${raw}: posted before Flutter's platform was ready`);
  if (raw.includes('_secret_')) problems.push(`${raw} holds a client secret`);
  const digits = raw.replace(/[\s-]/g, '');
  for (const secret of secrets) {
    const card = /^[\d\s-]+$/.test(secret) ? secret.replace(/\D/g, '') : null;
    if (raw.includes(secret) || (card && digits.includes(card))) problems.push(`${raw} holds ${secret}`);
  }
  const url = message.type === 'open-url' ? JSON.stringify(message.url).slice(1, -1) : '';
  const outside = url ? raw.replace(url, '') : raw;
  if (token && outside.includes(token)) problems.push(`${raw} holds the checkout's token`);
  if (/[?&]t=/.test(outside)) problems.push(`${raw} holds a t= parameter`);
  return problems;
}

/** What a test reads of the app's side. */
export interface BridgeRecorder {
  readonly kind: NativeHostKind;
  /** Every message received so far, from every frame, in order. */
  received: Received[];
  /** The types received so far, in order. */
  types(): string[];
  /** What came from a frame inside a page (should stay empty). */
  fromFrames(): Received[];
  /** What failed the schema, the host's form, or carried a secret (should stay empty). */
  problems: string[];
  /**
   * The first top-frame message of `type` from the `after`-th received on that `matches`, now or
   * when it arrives; fails after `timeoutMs` (a bound for a hang, not a wait) naming what came.
   */
  waitFor(
    type: BridgeMessage['type'],
    options?: { matches?: (received: Received) => boolean; after?: number; timeoutMs?: number },
  ): Promise<Received>;
}

export interface BridgeOptions extends Secrets {
  /** Define the host in frames too (a WebView that injects into every frame). */
  everyFrame?: boolean;
}

/**
 * Injects `kind`'s host into every page of `context` (top frames only unless `everyFrame`), before
 * it opens. Several kinds may go into one context, each recording its own.
 */
export async function injectBridge(
  context: BrowserContext,
  kind: NativeHostKind,
  { everyFrame = false, ...secrets }: BridgeOptions = {},
): Promise<BridgeRecorder> {
  const waiters = new Set<() => void>();
  const recorder: BridgeRecorder = {
    kind,
    received: [],
    types: () => recorder.received.map(({ message }) => message.type),
    fromFrames: () => recorder.received.filter(({ topFrame }) => !topFrame),
    problems: [],
    waitFor(type, { matches = () => true, after = 0, timeoutMs = 30_000 } = {}) {
      const find = () =>
        recorder.received
          .slice(after)
          .find((received) => received.topFrame && received.message.type === type && matches(received));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${kind}: no ${type} within ${timeoutMs} ms; received ${JSON.stringify(recorder.types())}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  await context.exposeBinding(bindingName(kind), ({ page, frame }, payload: Posted) => {
    const received = receivedMessage(kind, payload, frame.url(), frame === page.mainFrame());
    recorder.problems.push(...bridgeMessageProblems(received, secrets));
    recorder.received.push(received);
    for (const wake of waiters) wake();
  });
  await context.addInitScript(standInBridgeScript(kind, { everyFrame }));
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
