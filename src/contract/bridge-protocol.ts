/**
 * The native bridge (docs/design.md "Native apps"): what the widget and the hosted checkout post to
 * the app that shows them in a WebView, one versioned JSON message per event. Plain constants, types
 * and the writer, no zod: the hosted checkout's own browser code and the widget's `bridge` part
 * import this module; the app's side reads with `bridgeMessageSchema` (read/bridge-message.ts), from
 * which `onramp-checkout/bridge.schema.json` is generated (scripts/build/bridge-schema-document.ts).
 *
 * Field names are the widget's DOM events' (`previousStatus`, `txHash`), so an app reads one shape
 * whether the widget or the hosted checkout posted it. Never the client secret, card data or the
 * checkout's token, except inside the `url` of an `open-url`.
 */

/** `source` of every message. */
export const BRIDGE_SOURCE = 'onramp-checkout';

/** `version` of every message of this contract; a new one is a new version. */
export const BRIDGE_VERSION = 1;

/**
 * The handler's name on the hosts that name theirs: `window.webkit.messageHandlers.onramp` (WKWebView)
 * and `window.flutter_inappwebview.callHandler('onramp', …)` (Flutter).
 */
export const BRIDGE_HANDLER = 'onramp';

/** The object an Android app gives the page (`WebViewCompat.addWebMessageListener` or a JavaScript interface). */
export const ANDROID_BRIDGE_OBJECT = 'OnrampBridge';

/** A session's status, as the API names it. */
export type BridgeSessionStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'expired';

/** The widget's status: a session's, or `loading` (no answer yet) and `error` (nothing to show). */
export type BridgeWidgetStatus = 'loading' | BridgeSessionStatus | 'error';

/** Fees as decimal strings. */
export interface BridgeFees {
  platform: string;
  network: string;
  processing: string;
  total: string;
}

/** The priced part of the order, as the widget's events carry it. */
export interface BridgeQuote {
  /** A decimal string. */
  cryptoAmount: string;
  exchangeRate: number | null;
  fees: BridgeFees | null;
  /** Epoch ms on the server's clock. */
  expiresAt: number | null;
}

/** The session as the widget's events carry it, less `redirectUrl` (it holds the checkout's token). */
export interface BridgeSession {
  sessionId: string;
  status: BridgeSessionStatus;
  /** In the smallest unit of `fiatCurrency`. */
  fiatAmount: number | null;
  fiatCurrency: string | null;
  cryptoCurrency: string | null;
  network: string | null;
  walletAddress: string | null;
  quote: BridgeQuote;
  /** Epoch ms. */
  expiresAt: number | null;
  txHash: string | null;
  /** Epoch ms. */
  completedAt: number | null;
}

/** Why the page asks the app to open a URL: the checkout it cannot show, or a link the buyer chose. */
export type OpenUrlReason = 'checkout' | 'link';

/** Why the widget fell back from its frame (`onramp-fallback`'s `reason`). */
export type BridgeFallbackReason = 'frame-timeout' | 'frame-refused' | 'popup-blocked';

/**
 * Each message's own fields, by `type`. `session` comes from the widget only (the hosted checkout
 * knows the session's id and status, not the figures the widget reads).
 */
export interface BridgeMessageFields {
  /** The order is on screen for the first time. */
  ready: { sessionId: string; status: BridgeSessionStatus; session?: BridgeSession };
  'status-change': {
    sessionId?: string;
    status: BridgeWidgetStatus;
    previousStatus: BridgeWidgetStatus;
    session?: BridgeSession | null;
  };
  /** The crypto was delivered: `txHash` is the transaction's hash, when the server gave it. */
  completed: { sessionId: string; txHash: string | null; session?: BridgeSession };
  failed: { sessionId: string; session?: BridgeSession };
  expired: { sessionId: string; session?: BridgeSession };
  'quote-expired': { sessionId?: string; session: BridgeSession | null };
  'quote-refreshed': { quote: BridgeQuote };
  /** Decimal strings: the price the buyer had accepted, the one on screen, and whether it can be paid now. */
  'price-change': { previous: string; current: string; accepted: boolean };
  /** `values` are left out: they may name request URLs. */
  error: { code: string; message: string; cause: string; fix: string; recoverable: boolean; requestId?: string };
  warning: { code: string; cause: string; fix: string };
  /** `url` is left out (it holds the checkout's token): an `open-url` follows when the app must open it. */
  fallback: { reason: BridgeFallbackReason };
  /** The page asks the app to open `url` (an in-app browser for the checkout), and goes on following the session. */
  'open-url': { url: string; reason: OpenUrlReason };
  /** The buyer is done (the hosted checkout's final screen): the app may close the view. */
  close: { sessionId: string };
}

export type BridgeMessageType = keyof BridgeMessageFields;

/** Every type, in the order docs/mobile.md lists them. */
export const BRIDGE_MESSAGE_TYPES = [
  'ready',
  'status-change',
  'completed',
  'failed',
  'expired',
  'quote-expired',
  'quote-refreshed',
  'price-change',
  'error',
  'warning',
  'fallback',
  'open-url',
  'close',
] as const satisfies readonly BridgeMessageType[];

// Every type of the map is in the list.
null satisfies Exclude<BridgeMessageType, (typeof BRIDGE_MESSAGE_TYPES)[number]> extends never ? null : never;

/** What the hosted checkout posts (the widget posts every type). */
export const CHECKOUT_BRIDGE_TYPES = [
  'ready',
  'status-change',
  'completed',
  'failed',
  'expired',
  'open-url',
  'close',
] as const satisfies readonly BridgeMessageType[];

/** One message, as posted. */
export type BridgeMessage = {
  [T in BridgeMessageType]: {
    source: typeof BRIDGE_SOURCE;
    version: typeof BRIDGE_VERSION;
    type: T;
  } & BridgeMessageFields[T];
}[BridgeMessageType];

/** A message of one type. */
export type BridgeMessageOf<T extends BridgeMessageType> = Extract<BridgeMessage, { type: T }>;

// A client secret (`…_secret_…`) anywhere, and the query parameters that carry one or the checkout's token.
const SECRET = /[\w-]*_secret_[\w-]+/g;
const TOKEN_PARAM = /([?&](?:client_secret|t)=)[^&#\s"']+/g;

/** `text` without a client secret, nor (unless `keepToken`) the checkout's token in a URL. */
export const redactSecrets = (text: string, keepToken = false): string =>
  (keepToken ? text : text.replace(TOKEN_PARAM, '$1[redacted]')).replace(SECRET, '[redacted]');

/**
 * The message of `type` with `fields`, its strings redacted (`redactSecrets`): a problem's cause
 * may name the status request's URL, which holds the client secret. Only an `open-url`'s `url`
 * keeps the checkout's token, which is what the app is asked to open.
 */
export function bridgeMessage<T extends BridgeMessageType>(
  type: T,
  fields: BridgeMessageFields[T],
): BridgeMessageOf<T> {
  const clean = (value: unknown, key: string): unknown =>
    typeof value === 'string'
      ? redactSecrets(value, type === 'open-url' && key === 'url')
      : Array.isArray(value)
        ? value.map((item) => clean(item, ''))
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([, item]) => item !== undefined)
                .map(([name, item]) => [name, clean(item, name)]),
            )
          : value;
  return {
    source: BRIDGE_SOURCE,
    version: BRIDGE_VERSION,
    type,
    ...(clean(fields, '') as object),
  } as BridgeMessageOf<T>;
}
