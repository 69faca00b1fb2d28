/**
 * The DOM event each notification of the state machine is dispatched as. Internal: not exported
 * from the package (the event classes are, from `onramp-checkout.events.ts`).
 */
import type { FlowNotification } from '../../core/flow-machine.js';
import type { OnrampSession } from '../../core/session-model.js';
import type { OnrampError, OnrampWarningCode } from '../../core/widget-error.js';
import type { ProblemValues } from '../../diagnostics/problems.js';
import {
  OnrampCompletedEvent,
  OnrampErrorEvent,
  OnrampWarningEvent,
  OnrampExpiredEvent,
  OnrampFailedEvent,
  OnrampQuoteExpiredEvent,
  OnrampPriceChangeEvent,
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
      : type === 'price-change'
        ? new OnrampPriceChangeEvent(notification.detail)
        : // The machine notifies a session event only while it holds a session.
          // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- see above
          new SESSION_EVENTS[type](session!);
}

/** A problem that does not stop the flow, waiting to be reported after the next update. */
export interface WarningNote {
  type: 'warning';
  code: OnrampWarningCode;
  values: ProblemValues;
}

/** What the element tells: the machine's notifications and its warnings. */
export type Note = FlowNotification | WarningNote;

/**
 * The event of any note: an error with its message in the buyer's language, and an error's or a
 * warning's cause and fix for the merchant (`explain`, from the `later` part; without it, the code
 * and where to look it up).
 */
export function noteEvent(
  note: Note,
  session: OnrampSession | null,
  message: (error: OnrampError) => string,
  explain:
    | ((code: OnrampWarningCode | OnrampError['code'], values?: ProblemValues) => { cause: string; fix: string })
    | undefined,
): Event {
  const diagnosis = (code: OnrampWarningCode | OnrampError['code'], values?: ProblemValues) => {
    // Without the part, its own failure still names what to serve and the policy to allow.
    const { cause, fix } =
      explain?.(code, values) ??
      (values?.url
        ? {
            cause: code,
            fix: `Serve ${values.url} (this version) and allow ${values.policy} in trusted-types.`,
          }
        : { cause: code, fix: 'docs/troubleshooting.md' });
    return { cause, fix };
  };
  return note.type === 'warning'
    ? new OnrampWarningEvent({ code: note.code, values: note.values, ...diagnosis(note.code, note.values) })
    : note.type === 'error'
      ? new OnrampErrorEvent({
          ...note.error,
          message: message(note.error),
          ...diagnosis(note.error.code, note.error.values),
        })
      : notificationEvent(note, session);
}
