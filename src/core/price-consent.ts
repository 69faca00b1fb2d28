/**
 * Price consent (docs/design.md), the machine's side: what the `later` part adds to each transition
 * (`transition`'s `later`): the quote's inputs, which only that part sends, and the judgement of the
 * price on screen against the one the buyer accepted (`judgePrice` of the quote's policy). Pure.
 */
import { agreed, mustAccept, type FlowInput, type FlowState, type Transition } from './flow-machine.js';
import { isPriced, judgePrice } from './quote-policy.js';
import { orderKept } from './order-kept.js';
import type { OnrampOrder } from '../contract/order.js';

/**
 * The quote's inputs, which only the `later` part sends: a price that expired while pending says so
 * once ("refreshing"); a fresh quote replaces the shown one ("Price updated." only over a price the
 * buyer saw: the first quote for a session whose status answer had none is no update).
 */
export function quoteStep(
  state: FlowState,
  input: FlowInput & { type: 'quote-expired' | 'quote-refreshed' },
): Transition {
  const { status, session, quoteNotice } = state;
  const same: Transition = { state, notifications: [] };
  if (input.type === 'quote-expired')
    return status !== 'pending' || quoteNotice === 'refreshing'
      ? same
      : { state: { ...state, quoteNotice: 'refreshing' }, notifications: [{ type: 'quote-expired' }] };
  return !session || status !== 'pending'
    ? same
    : {
        state: {
          ...state,
          session: { ...session, quote: input.quote },
          quoteNotice: isPriced(session.quote) ? 'refreshed' : 'none',
          error: null,
        },
        notifications: [{ type: 'quote-refreshed', quote: input.quote }],
      };
}

/**
 * What amount first's order form handed over with a session: the buyer's order (the session must be
 * for it) and the last price the form showed for that order, if any: the session's own price is
 * judged against it, not agreed to because it is the first the card shows.
 */
export interface HandedOver {
  order?: OnrampOrder;
  price?: string | undefined;
}

/** The form's price, as the accepted one, the first time the session is priced on the card. */
function fromForm(before: FlowState, result: Transition, price: string | undefined): Transition {
  if (before.price || price === undefined || !result.state.price) return result;
  return { ...result, state: { ...result.state, price: agreed(price) } };
}

/**
 * What the `later` part adds to each transition of the machine (`transition`'s `later`): the
 * quote's inputs (`quoteStep`), the order form's price for the session it handed over (`fromForm`)
 * and its order (`orderKept`), then price consent (`withConsent`). `handed` is what the form handed
 * over with the session of `result` (the caller keeps it: nothing here holds state).
 */
export function laterTransition(
  before: FlowState,
  result: Transition,
  input: FlowInput,
  tolerance: unknown,
  handed?: HandedOver,
): Transition {
  return withConsent(
    before,
    input.type === 'quote-expired' || input.type === 'quote-refreshed'
      ? quoteStep(before, input)
      : orderKept(fromForm(before, result, handed?.price), handed?.order),
    input,
    tolerance,
  );
}

/**
 * Price consent, after each transition of the machine (`transition`'s `consent`): the price on
 * screen (a pending session's crypto amount) that differs from the last one judged is judged
 * against the accepted one: better or equal replaces it, worse within `tolerance` is shown and
 * payable while the accepted one stays the reference, worse beyond it holds Pay back until the
 * buyer's `accept-price`. Each change is a `price-change` notification.
 */
export function withConsent(before: FlowState, result: Transition, input: FlowInput, tolerance: unknown): Transition {
  const { state } = result;
  const { price, status, session } = state;
  if (!price) return result;
  if (input.type === 'accept-price')
    return mustAccept(before) && price.verdict === 'worse'
      ? {
          state: { ...state, price: agreed(price.shown) },
          notifications: [
            { type: 'price-change', detail: { previous: price.accepted, current: price.shown, accepted: true } },
          ],
        }
      : result;
  const shown = status === 'pending' ? session?.quote.cryptoAmount : undefined;
  if (!shown || shown === price.shown) return result;
  // The first priced quote over a session shown without one (the spec's bare status shape) is
  // judged, but a better one is not announced as a change (as it is no "Price updated.").
  const judged = judgePrice(shown, price.accepted, tolerance);
  const verdict = judged === 'better' && before.session && !isPriced(before.session.quote) ? 'shown' : judged;
  return {
    state: { ...state, price: { accepted: judged === 'better' ? shown : price.accepted, shown, verdict } },
    notifications: [
      ...result.notifications,
      {
        type: 'price-change',
        detail: { previous: price.accepted, current: shown, accepted: judged !== 'worse' },
      },
    ],
  };
}
