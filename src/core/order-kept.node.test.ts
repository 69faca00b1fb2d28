/**
 * Amount first: a session handed over by the order form must be for the buyer's order. Checked
 * once its order is read; a session for another order stops the card before Pay.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OnrampOrder } from '../contract/order.js';
import { initialState, type Transition } from './flow-machine.js';
import { orderChange, orderKept } from './order-kept.js';
import type { OnrampSession } from './session-model.js';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const order: OnrampOrder = {
  fiat_amount: 5000,
  fiat_currency: 'EUR',
  crypto_currency: 'USDC',
  network: 'polygon',
  wallet_address: WALLET,
};
const session = (over: Partial<OnrampSession> = {}): OnrampSession => ({
  sessionId: 'ors_1',
  status: 'pending',
  fiatAmount: 5000,
  fiatCurrency: 'EUR',
  cryptoCurrency: 'USDC',
  network: 'polygon',
  walletAddress: WALLET.toLowerCase(),
  quote: { cryptoAmount: '53.1', exchangeRate: 0.94, fees: null, expiresAt: null },
  expiresAt: null,
  txHash: null,
  completedAt: null,
  redirectUrl: null,
  ...over,
});
const pending = (value: OnrampSession): Transition => ({
  state: { ...initialState, status: 'pending', session: value },
  notifications: [],
});

test('the same order, the wallet in any case, is no change; a field not read yet is unknown', () => {
  assert.equal(orderChange(order, session()), '');
  assert.equal(orderChange(order, session({ fiatAmount: null })), null);
  assert.equal(orderChange(order, session({ fiatAmount: 6000 })), 'fiat_amount: 6000, not 5000');
  assert.equal(orderChange(order, session({ cryptoCurrency: 'USDT' })), 'crypto_currency: USDT, not USDC');
  assert.match(orderChange(order, session({ walletAddress: '0x' + '1'.repeat(40) })) ?? '', /^wallet_address: 0x1+/);
});

test('a session for another order stops the card with ORDER_CHANGED, once', () => {
  const result = orderKept(pending(session({ fiatAmount: 6000 })), order);
  assert.equal(result.state.status, 'error');
  assert.equal(result.state.error?.code, 'ORDER_CHANGED');
  assert.deepEqual(result.state.error?.values, { detail: 'fiat_amount: 6000, not 5000' });
  assert.deepEqual(
    result.notifications.map((note) => note.type),
    ['error', 'status-change'],
  );
  // Stopped: the next transition checks nothing more.
  assert.equal(orderKept(result, order), result);
});

test('the buyer’s order goes on untouched; a session not read yet waits; no order, no check', () => {
  const waiting = pending(session({ walletAddress: null }));
  assert.equal(orderKept(waiting, order), waiting);
  const same = pending(session());
  assert.equal(orderKept(same, order), same);
  const other = pending(session({ fiatAmount: 1 }));
  assert.equal(orderKept(other, undefined), other);
});
