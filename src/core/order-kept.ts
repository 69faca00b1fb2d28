/**
 * Amount first: the buyer pays only the order they chose. The order form hands the session its
 * merchant's server created over to the element, with the order (`parts/later/handed-over.ts`
 * keeps it for that element and passes it here); once the session's own order is
 * read (the creation response when it repeats it, else the first status answer), it must be that
 * order: the same fiat amount and currency, asset, network and wallet. A session for another order
 * (a server that changed the amount, the asset or the wallet) stops the card with `ORDER_CHANGED`
 * before Pay: the merchant's bug, not the buyer's to notice. Pure, in the `later` part.
 */
import type { OnrampOrder } from '../contract/order.js';
import type { Transition } from './flow-machine.js';
import type { OnrampSession } from './session-model.js';
import { widgetError } from './widget-error.js';

/** What of `order` the session changed (`field: session's, not order's`); `null` when unknown yet, `''` when none. */
export function orderChange(order: OnrampOrder, session: OnrampSession): string | null {
  const pairs: [string, unknown, string | number][] = [
    ['fiat_amount', session.fiatAmount, order.fiat_amount],
    ['fiat_currency', session.fiatCurrency, order.fiat_currency],
    ['crypto_currency', session.cryptoCurrency, order.crypto_currency],
    ['network', session.network, order.network],
    // Addresses compare without their case: EIP-55's capitals are a checksum, not another address.
    ['wallet_address', session.walletAddress, order.wallet_address],
  ];
  if (pairs.some(([, read]) => read === null || read === undefined)) return null;
  const changed = pairs.find(([, read, asked]) => String(read).toLowerCase() !== String(asked).toLowerCase());
  return changed ? `${changed[0]}: ${String(changed[1]).slice(0, 64)}, not ${changed[2]}` : '';
}

/**
 * After each transition: a handed-over session whose order is read is checked against the buyer's
 * `order` (what the form handed over); a change stops the card (ORDER_CHANGED), which ends the checks.
 */
export function orderKept(result: Transition, order: OnrampOrder | undefined): Transition {
  const { state } = result;
  const session = state.session;
  if (!session || !order || state.status === 'error') return result;
  const change = orderChange(order, session);
  if (!change) return result;
  const error = widgetError('ORDER_CHANGED', { values: { detail: change } });
  return {
    state: { ...state, status: 'error', error, surface: 'none' },
    notifications: [
      ...result.notifications,
      { type: 'error', error },
      { type: 'status-change', status: 'error', previousStatus: state.status },
    ],
  };
}
