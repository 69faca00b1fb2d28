/**
 * The reader of the native bridge's messages (bridge-protocol.ts), for the app's side
 * (`onramp-checkout/react-native`) and the tests; `onramp-checkout/bridge.schema.json` is generated
 * from it (scripts/build/bridge-schema.ts). Each type is closed to extra fields, so the schema says
 * exactly what a page may post. Zod's own kinds rather than kinds.ts's checks: this reader never
 * ships in the script-tag file, and its kinds are what the JSON Schema is made from.
 */
import * as z from 'zod/mini';
import {
  BRIDGE_SOURCE,
  BRIDGE_VERSION,
  type BridgeMessage,
  type BridgeMessageFields,
  type BridgeMessageType,
} from '../bridge-protocol.js';

const sessionStatus = z.enum(['pending', 'processing', 'completed', 'failed', 'expired']);
const widgetStatus = z.enum(['loading', 'pending', 'processing', 'completed', 'failed', 'expired', 'error']);
const decimal = z.string().check(z.regex(/^(\d+\.?\d*|\.\d+)$/));
const text = z.string();
const id = z.string().check(z.minLength(1));
const epochMs = z.nullable(z.number());

export const bridgeFeesSchema = z.strictObject({
  platform: decimal,
  network: decimal,
  processing: decimal,
  total: decimal,
});
export const bridgeQuoteSchema = z.strictObject({
  cryptoAmount: decimal,
  exchangeRate: z.nullable(z.number()),
  fees: z.nullable(bridgeFeesSchema),
  expiresAt: epochMs,
});
export const bridgeSessionSchema = z.strictObject({
  sessionId: id,
  status: sessionStatus,
  fiatAmount: z.nullable(z.int()),
  fiatCurrency: z.nullable(text),
  cryptoCurrency: z.nullable(text),
  network: z.nullable(text),
  walletAddress: z.nullable(text),
  quote: bridgeQuoteSchema,
  expiresAt: epochMs,
  txHash: z.nullable(text),
  completedAt: epochMs,
});

/** Each type's own fields (the source, version and type are added below). */
const FIELDS = {
  ready: { sessionId: id, status: sessionStatus, session: z.optional(bridgeSessionSchema) },
  'status-change': {
    sessionId: z.optional(id),
    status: widgetStatus,
    previousStatus: widgetStatus,
    session: z.optional(z.nullable(bridgeSessionSchema)),
  },
  completed: { sessionId: id, txHash: z.nullable(text), session: z.optional(bridgeSessionSchema) },
  failed: { sessionId: id, session: z.optional(bridgeSessionSchema) },
  expired: { sessionId: id, session: z.optional(bridgeSessionSchema) },
  'quote-expired': { sessionId: z.optional(id), session: z.nullable(bridgeSessionSchema) },
  'quote-refreshed': { quote: bridgeQuoteSchema },
  'price-change': { previous: decimal, current: decimal, accepted: z.boolean() },
  error: {
    code: id,
    message: text,
    cause: text,
    fix: text,
    recoverable: z.boolean(),
    requestId: z.optional(text),
  },
  warning: { code: id, cause: text, fix: text },
  fallback: { reason: z.enum(['frame-timeout', 'frame-refused', 'popup-blocked']) },
  'open-url': {
    url: z.string().check(z.regex(/^https?:\/\//)),
    reason: z.enum(['checkout', 'link']),
  },
  close: { sessionId: id },
} satisfies Record<BridgeMessageType, z.core.$ZodLooseShape>;

const message = <T extends BridgeMessageType>(type: T) =>
  z.strictObject({
    source: z.literal(BRIDGE_SOURCE),
    version: z.literal(BRIDGE_VERSION),
    type: z.literal(type),
    ...FIELDS[type],
  });

/** One message of the contract, any type. */
export const bridgeMessageSchema = z.discriminatedUnion('type', [
  message('ready'),
  message('status-change'),
  message('completed'),
  message('failed'),
  message('expired'),
  message('quote-expired'),
  message('quote-refreshed'),
  message('price-change'),
  message('error'),
  message('warning'),
  message('fallback'),
  message('open-url'),
  message('close'),
]);

// The reader and the protocol's types say the same thing, both ways.
type Read = z.infer<typeof bridgeMessageSchema>;
null satisfies Read extends BridgeMessage ? (BridgeMessage extends Read ? null : never) : never;
null satisfies BridgeMessageFields['completed'] extends Omit<
  Extract<Read, { type: 'completed' }>,
  'source' | 'version' | 'type'
>
  ? null
  : never;

/**
 * A message from the page, as the native side receives it: a JSON string (react-native-webview,
 * Android) or an object (WKWebView, Flutter). `null` when it is not one of this contract's messages.
 */
export function readBridgeMessage(data: unknown): BridgeMessage | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = bridgeMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
