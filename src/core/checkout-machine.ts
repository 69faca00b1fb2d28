/**
 * The widget's lifecycle as a pure state machine: `transition(state, event)` returns the next state
 * and the notifications (DOM events) it implies. No timers, no DOM, no fetch: controllers feed it
 * events, the element renders the state and dispatches the notifications.
 */
import { isFinalStatus, type SessionStatus } from '../contract/catalog.js';
import { mergeSession, type QuoteFigures, type SessionView } from './session-view.js';
import type { WidgetError } from './widget-error.js';

export type WidgetStatus = 'loading' | SessionStatus | 'error';

/** Where the hosted checkout is open, if anywhere. `link` is the last fallback: a visible link. */
export type CheckoutSurface = 'none' | 'frame' | 'popup' | 'link';

/** What the quote line says about the price: nothing, "expired, refreshing", or "refreshed". */
export type QuoteNotice = 'none' | 'refreshing' | 'refreshed';

export interface WidgetState {
  status: WidgetStatus;
  session: SessionView | null;
  /** The error being shown; with a session shown, a recoverable one leaves the session on screen. */
  error: WidgetError | null;
  surface: CheckoutSurface;
  quoteNotice: QuoteNotice;
  /** Sequence number of the newest status response applied; older ones are ignored. */
  appliedSeq: number;
}

export type WidgetEvent =
  | { type: 'reset' }
  | { type: 'session-seeded'; session: SessionView }
  | { type: 'session-fetched'; session: SessionView; seq: number }
  | { type: 'failed'; error: WidgetError }
  | { type: 'quote-expired' }
  | { type: 'quote-refreshed'; quote: QuoteFigures }
  | { type: 'checkout-opened'; surface: Exclude<CheckoutSurface, 'none'> }
  | { type: 'checkout-closed' };

export type Notification =
  | { type: 'ready' }
  | { type: 'status-change'; status: WidgetStatus; previousStatus: WidgetStatus }
  | { type: 'completed' }
  | { type: 'failed' }
  | { type: 'expired' }
  | { type: 'quote-expired' }
  | { type: 'quote-refreshed'; quote: QuoteFigures }
  | { type: 'error'; error: WidgetError };

export interface Transition {
  state: WidgetState;
  notifications: Notification[];
}

export const initialState: WidgetState = {
  status: 'loading',
  session: null,
  error: null,
  surface: 'none',
  quoteNotice: 'none',
  appliedSeq: 0,
};

/** Progress order of statuses: a response may move the session forward, never back. */
function rank(status: SessionStatus): number {
  return status === 'pending' ? 0 : status === 'processing' ? 1 : 2;
}

/** Statuses with a live order on screen: counted down, polled, payable. */
export function isActive(status: WidgetStatus): status is 'pending' | 'processing' {
  return status === 'pending' || status === 'processing';
}

export function isFinal(state: WidgetState): boolean {
  return state.status === 'error' || (state.status !== 'loading' && isFinalStatus(state.status));
}

function showSession(state: WidgetState, session: SessionView, seq: number): Transition {
  const previousStatus = state.status;
  const status: WidgetStatus = session.status;
  const next: WidgetState = {
    ...state,
    session,
    status,
    error: null,
    appliedSeq: Math.max(seq, state.appliedSeq),
    surface: isFinalStatus(session.status) ? 'none' : state.surface,
    quoteNotice: session.status === 'pending' ? state.quoteNotice : 'none',
  };
  const notifications: Notification[] = [];
  if (previousStatus === 'loading') notifications.push({ type: 'ready' });
  if (status !== previousStatus) {
    notifications.push({ type: 'status-change', status, previousStatus });
    if (status === 'completed' || status === 'failed' || status === 'expired') notifications.push({ type: status });
  }
  return { state: next, notifications };
}

export function transition(state: WidgetState, event: WidgetEvent): Transition {
  switch (event.type) {
    case 'reset':
      return { state: initialState, notifications: [] };

    case 'session-seeded':
      // Only a widget still loading takes a seed: never over a session shown, nor out of `error`.
      if (state.session || state.status !== 'loading') return { state, notifications: [] };
      return showSession(state, event.session, state.appliedSeq);

    case 'session-fetched': {
      if (state.status === 'error' || event.seq < state.appliedSeq) return { state, notifications: [] };
      const current = state.session;
      if (current && (isFinalStatus(current.status) || rank(event.session.status) < rank(current.status))) {
        // An older view of the session (a late response) never rolls the status back.
        return { state: { ...state, appliedSeq: event.seq }, notifications: [] };
      }
      return showSession(state, mergeSession(current, event.session), event.seq);
    }

    case 'failed': {
      if (isFinal(state)) return { state, notifications: [] };
      const previousStatus = state.status;
      if (event.error.recoverable) {
        return { state: { ...state, error: event.error }, notifications: [{ type: 'error', error: event.error }] };
      }
      const notifications: Notification[] = [{ type: 'error', error: event.error }];
      notifications.push({ type: 'status-change', status: 'error', previousStatus });
      return { state: { ...state, status: 'error', error: event.error, surface: 'none' }, notifications };
    }

    case 'quote-expired':
      if (state.status !== 'pending' || state.quoteNotice === 'refreshing') return { state, notifications: [] };
      return { state: { ...state, quoteNotice: 'refreshing' }, notifications: [{ type: 'quote-expired' }] };

    case 'quote-refreshed': {
      const session = state.session;
      if (!session || state.status !== 'pending') return { state, notifications: [] };
      return {
        state: { ...state, session: { ...session, quote: event.quote }, quoteNotice: 'refreshed', error: null },
        notifications: [{ type: 'quote-refreshed', quote: event.quote }],
      };
    }

    case 'checkout-opened':
      if (state.status !== 'pending' && state.status !== 'processing') return { state, notifications: [] };
      return { state: { ...state, surface: event.surface }, notifications: [] };

    case 'checkout-closed':
      return { state: { ...state, surface: 'none' }, notifications: [] };
  }
}
