/**
 * The DOM event each notification of the state machine is dispatched as. Internal: not exported
 * from the package (the event classes are, from `onramp-checkout.events.ts`).
 */
import type { FlowNotification } from '../../core/flow-machine.js';
import type { OnrampSession } from '../../core/session-view.js';
import {
  OnrampCompletedEvent,
  OnrampExpiredEvent,
  OnrampFailedEvent,
  OnrampQuoteExpiredEvent,
  OnrampQuoteRefreshedEvent,
  OnrampReadyEvent,
  OnrampStatusChangeEvent,
} from './onramp-checkout.events.js';

/** Notifications whose event carries just the session: ready, the final ones, quote-expired. */
const SESSION_EVENTS = {
  ready: OnrampReadyEvent,
  completed: OnrampCompletedEvent,
  failed: OnrampFailedEvent,
  expired: OnrampExpiredEvent,
  'quote-expired': OnrampQuoteExpiredEvent,
};

/**
 * The event a notification of the state machine is dispatched as (an error's is the element's own:
 * it carries the diagnosis). The machine sends the session-only ones only with a session shown.
 */
export function notificationEvent(
  notification: Exclude<FlowNotification, { type: 'error' }>,
  session: OnrampSession | null,
): Event {
  const { type } = notification;
  return type === 'status-change'
    ? new OnrampStatusChangeEvent({ status: notification.status, previousStatus: notification.previousStatus, session })
    : type === 'quote-refreshed'
      ? new OnrampQuoteRefreshedEvent(notification.quote)
      : // The machine notifies a session event only while it holds a session.
          // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
          new SESSION_EVENTS[type](session!);
}
