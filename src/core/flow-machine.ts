/**
 * The widget's lifecycle as a pure state machine: `transition(state, input)` returns the next state
 * and the notifications (DOM events) it implies. No timers, no DOM, no fetch: controllers feed it
 * inputs, the element renders the state and dispatches the notifications.
 */
import { isFinalStatus, type SessionStatus } from '../contract/product.js';
import { mergeSession, type OnrampQuote, type OnrampSession } from './session-model.js';
import type { PriceVerdict } from './quote-policy.js';
import type { OnrampError } from './widget-error.js';

export type OnrampStatus = 'loading' | SessionStatus | 'error';

/** Where the hosted checkout is open, if anywhere. `link` is the last fallback: a visible link. */
export type CheckoutSurface = 'none' | 'frame' | 'popup' | 'link';

/** What the quote line says about the price: nothing, "expired, refreshing", or "refreshed". */
export type QuoteNotice = 'none' | 'refreshing' | 'refreshed';

/**
 * Price consent (docs/design.md): the price (crypto amount for the order's fiat amount) the buyer
 * accepted, the one on screen, and how the one on screen compares. `worse` (beyond the tolerance)
 * holds Pay back until the buyer accepts it; `better` replaced the accepted price (announced);
 * `within` is shown and payable while the accepted price stays the reference; `shown` is the first
 * price or one the buyer accepted.
 */
export interface PriceConsent {
  accepted: string;
  shown: string;
  verdict: PriceVerdict | 'shown';
}

/** What `onramp-price-change` says (decimal strings). */
export interface PriceChange {
  /** The price the buyer had accepted. */
  previous: string;
  current: string;
  /** `current` may be paid now (better, within the tolerance, or accepted by the buyer). */
  accepted: boolean;
}

/** A price the buyer agreed to: the first shown, or one they accepted. */
export const agreed = (price: string): PriceConsent => ({ accepted: price, shown: price, verdict: 'shown' });

export interface FlowState {
  status: OnrampStatus;
  session: OnrampSession | null;
  /** The error being shown; with a session shown, a recoverable one leaves the session on screen. */
  error: OnrampError | null;
  surface: CheckoutSurface;
  quoteNotice: QuoteNotice;
  /**
   * The embedded flow cannot run (the API unreachable, refused by CORS or the page's CSP, not the
   * API): the buyer is offered the hosted payment page or "Try again" while reads go on behind.
   */
  stranded: boolean;
  /** Sequence number of the newest status response applied; older ones are ignored. */
  appliedSeq: number;
  /** The price the buyer accepted and the one shown; `null` before any price was shown. */
  price: PriceConsent | null;
}

export type FlowInput =
  | { type: 'reset' }
  | { type: 'session-seeded'; session: OnrampSession }
  | { type: 'session-fetched'; session: OnrampSession; seq: number }
  | { type: 'failed'; error: OnrampError }
  | { type: 'stranded'; error: OnrampError }
  | { type: 'quote-expired' }
  | { type: 'quote-refreshed'; quote: OnrampQuote }
  | { type: 'checkout-opened'; surface: Exclude<CheckoutSurface, 'none'> }
  | { type: 'checkout-closed' }
  /** The buyer accepted the price on screen. */
  | { type: 'accept-price' }
  /** The judge arrived (the `later` part): a price that changed before it is judged now. */
  | { type: 'judge-price' };

export type FlowNotification =
  | { type: 'ready' }
  | { type: 'status-change'; status: OnrampStatus; previousStatus: OnrampStatus }
  | { type: 'completed' }
  | { type: 'failed' }
  | { type: 'expired' }
  | { type: 'quote-expired' }
  | { type: 'quote-refreshed'; quote: OnrampQuote }
  | { type: 'error'; error: OnrampError }
  | { type: 'price-change'; detail: PriceChange };

export interface Transition {
  state: FlowState;
  notifications: FlowNotification[];
}

export const initialState: FlowState = {
  status: 'loading',
  session: null,
  error: null,
  surface: 'none',
  quoteNotice: 'none',
  stranded: false,
  appliedSeq: 0,
  price: null,
};

/**
 * Progress order of statuses: a response may move the session forward, never back. (Final statuses
 * are not in the list: -1, which `>>> 0` turns into the highest rank.)
 */
const rank = (status: SessionStatus) => ['pending', 'processing'].indexOf(status) >>> 0;

/** Statuses with a live order on screen: counted down, polled, payable. */
export function isActive(status: OnrampStatus): status is 'pending' | 'processing' {
  return status === 'pending' || status === 'processing';
}

export function isFinal({ status }: FlowState): boolean {
  return status === 'error' || (status !== 'loading' && isFinalStatus(status));
}

function showSession(state: FlowState, session: OnrampSession, seq: number): Transition {
  const previousStatus = state.status;
  const { status } = session;
  const notifications: FlowNotification[] = previousStatus === 'loading' ? [{ type: 'ready' }] : [];
  if (status !== previousStatus) {
    notifications.push({ type: 'status-change', status, previousStatus });
    if (isFinalStatus(status)) notifications.push({ type: status as 'completed' | 'failed' | 'expired' });
  }
  return {
    state: {
      ...state,
      session,
      status,
      error: null,
      stranded: false,
      appliedSeq: Math.max(seq, state.appliedSeq),
      surface: isFinalStatus(status) ? 'none' : state.surface,
      quoteNotice: status === 'pending' ? state.quoteNotice : 'none',
      // The first price shown is the one the buyer agreed to, until the judge (`later` part) says more.
      price: state.price ?? agreed(session.quote.cryptoAmount),
    },
    notifications,
  };
}

/**
 * Whether Pay waits: the price on screen was judged worse than the accepted one beyond the
 * tolerance, or it changed since the last judgement (the judge, `withConsent`, comes with the
 * `later` part: until it is here, a changed price is not paid).
 */
export const mustAccept = ({ price, session }: FlowState): boolean =>
  !!price && (price.verdict == 'worse' || price.shown != session?.quote.cryptoAmount);

/**
 * The next state and its notifications. `later` (`laterTransition` of `price-consent.ts`, from the
 * `later` part, with the `price-tolerance` bound) takes the quote's inputs, which only that part
 * sends, and judges the price on screen after every input.
 */
export function transition(
  state: FlowState,
  input: FlowInput,
  later?: (before: FlowState, result: Transition, input: FlowInput) => Transition,
): Transition {
  const result = step(state, input);
  return later ? later(state, result, input) : result;
}

function step(state: FlowState, input: FlowInput): Transition {
  const { status, session } = state;
  const next = (changes: Partial<FlowState>, notifications: FlowNotification[] = []): Transition => ({
    state: { ...state, ...changes },
    notifications,
  });
  const same: Transition = { state, notifications: [] };
  switch (input.type) {
    case 'reset':
      return { state: initialState, notifications: [] };

    case 'session-seeded':
      // Only a widget still loading takes a seed: never over a session shown, nor out of `error`.
      return session || status !== 'loading' ? same : showSession(state, input.session, state.appliedSeq);

    case 'session-fetched':
      if (status === 'error' || input.seq < state.appliedSeq) return same;
      // An older view of the session (a late response) never rolls the status back.
      if (session && (isFinalStatus(session.status) || rank(input.session.status) < rank(session.status)))
        return next({ appliedSeq: input.seq });
      return showSession(state, mergeSession(session, input.session), input.seq);

    case 'failed': {
      const { error } = input;
      // Stranded, the buyer has been told once; retries failing behind it change nothing they see.
      if (isFinal(state) || (state.stranded && error.recoverable)) return same;
      if (error.recoverable) return next({ error }, [{ type: 'error', error }]);
      return next({ status: 'error', error, surface: 'none' }, [
        { type: 'error', error },
        { type: 'status-change', status: 'error', previousStatus: status },
      ]);
    }

    case 'stranded':
      // The first reason given stays (the page's CSP, reported at once, before "unreachable").
      // (Reported once: an error already shown, such as an answer that is not the API, is not told again.)
      return isFinal(state) || state.stranded
        ? same
        : next(
            { error: input.error, stranded: true },
            input.error.code === state.error?.code ? [] : [{ type: 'error', error: input.error }],
          );

    case 'checkout-opened':
      return isActive(status) ? next({ surface: input.surface }) : same;

    case 'checkout-closed':
      return next({ surface: 'none' });

    default:
      // The quote's inputs and the price's: the `later` part's (`laterTransition` of `price-consent.ts`).
      return same;
  }
}
