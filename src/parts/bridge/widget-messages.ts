/**
 * The element's events as the native bridge's messages (docs/mobile.md): `type` is the event's
 * name without `onramp-`, the fields its detail's, less what must not leave the page: the session's
 * `redirectUrl` and the fallback's `url` (they hold the checkout's token: an `open-url` carries it,
 * when the app is to open it) and a problem's `values` (they may name a request's URL). The writer
 * redacts any secret left in a text.
 */
import {
  bridgeMessage,
  type BridgeMessage,
  type BridgeQuote,
  type BridgeSession,
} from '../../contract/bridge-protocol.js';
import type { OnrampEventMap } from '../../components/onramp-checkout/onramp-checkout.events.js';
import type { OnrampQuote, OnrampSession } from '../../core/session-model.js';

/** The session less its `redirectUrl`. */
export const bridgeSession = ({ redirectUrl, ...session }: OnrampSession): BridgeSession =>
  // The quote as the event has it; `satisfies` holds the two shapes together.
  session satisfies BridgeSession;

const bridgeQuote = (quote: OnrampQuote): BridgeQuote => quote satisfies BridgeQuote;

type Messages = { [K in keyof OnrampEventMap]: (event: OnrampEventMap[K]) => BridgeMessage[] };

/** Each event's messages (a fallback's: the fallback, then the app asked to open the checkout). */
export const WIDGET_MESSAGES: Messages = {
  'onramp-ready': ({ detail: { session } }) => [
    bridgeMessage('ready', { sessionId: session.sessionId, status: session.status, session: bridgeSession(session) }),
  ],
  'onramp-status-change': ({ detail: { status, previousStatus, session } }) => [
    bridgeMessage('status-change', {
      sessionId: session?.sessionId,
      status,
      previousStatus,
      session: session && bridgeSession(session),
    }),
  ],
  'onramp-quote-expired': ({ detail: { session } }) => [
    bridgeMessage('quote-expired', { sessionId: session?.sessionId, session: session && bridgeSession(session) }),
  ],
  'onramp-quote-refreshed': ({ detail: { quote } }) => [
    bridgeMessage('quote-refreshed', { quote: bridgeQuote(quote) }),
  ],
  'onramp-price-change': ({ detail: { previous, current, accepted } }) => [
    bridgeMessage('price-change', { previous, current, accepted }),
  ],
  'onramp-completed': ({ detail: { session } }) => [
    bridgeMessage('completed', {
      sessionId: session.sessionId,
      txHash: session.txHash,
      session: bridgeSession(session),
    }),
  ],
  'onramp-failed': ({ detail: { session } }) => [
    bridgeMessage('failed', { sessionId: session.sessionId, session: bridgeSession(session) }),
  ],
  'onramp-expired': ({ detail: { session } }) => [
    bridgeMessage('expired', { sessionId: session.sessionId, session: bridgeSession(session) }),
  ],
  'onramp-error': ({ detail: { code, message, cause, fix, recoverable, requestId } }) => [
    bridgeMessage('error', { code, message, cause, fix, recoverable, requestId }),
  ],
  'onramp-warning': ({ detail: { code, cause, fix } }) => [bridgeMessage('warning', { code, cause, fix })],
  'onramp-fallback': ({ detail: { reason, url } }) => [
    bridgeMessage('fallback', { reason }),
    bridgeMessage('open-url', { url, reason: 'checkout' }),
  ],
};

/** The messages of one of the element's events; none for an event of another name. */
export function widgetMessages(event: Event): BridgeMessage[] {
  if (!Object.hasOwn(WIDGET_MESSAGES, event.type)) return [];
  // The element dispatches each name with its own event class (`OnrampEventMap`).
  const messages = WIDGET_MESSAGES[event.type as keyof OnrampEventMap] as unknown as (event: Event) => BridgeMessage[];
  return messages(event);
}
